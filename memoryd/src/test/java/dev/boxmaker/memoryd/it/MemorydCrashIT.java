package dev.boxmaker.memoryd.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.edits.Journal;
import dev.boxmaker.memoryd.files.Entries;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.files.NotesFile;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.ClientException;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGKILL in the middle of a stream of writes, 20 times: after each restart every write memoryd
 * answered is in the files and the journal, every file parses, and replaying the journal from
 * empty files gives exactly memory.md and user.md. The seed is printed, so a failure replays.
 */
class MemorydCrashIT {
    static final int ROUNDS = 20;
    static final Duration WAIT = Duration.ofSeconds(10);
    /** Each session makes this many writes, below memoryd's limit of calls per session and minute. */
    static final int WRITES_PER_SESSION = 50;
    /** A round kills memoryd after 1 to this many answered writes ... */
    static final int KILL_AFTER_WRITES_MAX = 30;
    /** ... and 0 to this many milliseconds more. */
    static final int KILL_AFTER_MILLIS_MAX = 50;

    /** One answered write: its call id, and what it did. */
    record Answered(String call, String action, String text) {
    }

    @Test
    void everyAnsweredWriteSurvivesSigkill(@TempDir Path home) throws Exception {
        long seed = Long.getLong("crash.seed", System.nanoTime());
        System.out.println("MemorydCrashIT seed: " + seed);
        Random random = new Random(seed);
        List<Answered> answered = new ArrayList<>();
        List<String> inMemory = new ArrayList<>();
        AtomicReference<Answered> inFlight = new AtomicReference<>();
        int next = 0;
        int writes = 0;
        for (int round = 0; round <= ROUNDS; round++) {
            try (MemorydProcess memoryd = MemorydProcess.serve(home)) {
                resolveInFlight(home, inFlight.getAndSet(null), inMemory);
                check(home, answered, inMemory);
                if (round == ROUNDS) {
                    break;
                }
                ConcurrentLinkedQueue<Answered> done = new ConcurrentLinkedQueue<>();
                AtomicBoolean stop = new AtomicBoolean();
                int first = next;
                List<String> present = List.copyOf(inMemory);
                Thread writer = new Thread(() -> writeUntilStopped(home, first, present, done, inFlight, stop));
                writer.start();
                // The kill comes after a random count of answered writes, whatever the machine's speed,
                // and a random moment into the writes that follow (one is sent the moment one is answered).
                int answeredBeforeKill = 1 + random.nextInt(KILL_AFTER_WRITES_MAX);
                long deadline = System.nanoTime() + WAIT.toNanos();
                while (done.size() < answeredBeforeKill && writer.isAlive()) {
                    assertThat(System.nanoTime()).as("round %d reached %d answered writes", round,
                            answeredBeforeKill).isLessThan(deadline);
                    Thread.sleep(1);
                }
                Thread.sleep(random.nextInt(KILL_AFTER_MILLIS_MAX));
                memoryd.kill();
                stop.set(true);
                writer.join();
                assertThat(done.size()).as("answered writes of round %d", round).isGreaterThanOrEqualTo(
                        answeredBeforeKill);
                for (Answered a : done) {
                    answered.add(a);
                    apply(a, inMemory);
                }
                writes += done.size();
                next = first + 10_000;
            }
        }
        System.out.println("MemorydCrashIT: " + writes + " answered writes over " + ROUNDS + " SIGKILLs");
    }

    private static void apply(Answered a, List<String> inMemory) {
        if (a.action().equals("add")) {
            inMemory.add(a.text());
        } else if (a.action().equals("remove")) {
            inMemory.remove(a.text());
        }
    }

    /**
     * The write memoryd was killed in the middle of was not answered: it counts as done exactly
     * when its journal line is there (the restart finished it), and as never made otherwise.
     */
    private static void resolveInFlight(Path home, Answered write, List<String> inMemory) throws Exception {
        if (write == null) {
            return;
        }
        boolean journalled = new Journal(home.resolve("memory/edits")).readAll().stream()
                .anyMatch(e -> write.call().equals(e.call()));
        if (journalled) {
            apply(write, inMemory);
        }
    }

    /**
     * Adds entries to memory.md (removing the oldest one known to be there, to stay under the
     * limit) and notes, one at a time, until memoryd dies; only answered writes are recorded.
     */
    private static void writeUntilStopped(Path home, int first, List<String> known, ConcurrentLinkedQueue<Answered> done,
            AtomicReference<Answered> inFlight, AtomicBoolean stop) {
        Path socket = home.resolve("run/broker-memory/memory.sock");
        List<String> present = new ArrayList<>(known);
        for (int i = first; !stop.get(); i++) {
            String action;
            String text;
            ObjectNode args = Json.MAPPER.createObjectNode();
            if (i % 3 == 2) {
                action = "note";
                text = "note " + i;
                args.put("action", "note").put("text", text);
            } else if (present.size() >= 12) {
                action = "remove";
                text = present.get(0);
                args.put("action", "remove").put("file", "memory").put("old", text);
            } else {
                action = "add";
                text = "entry " + i;
                args.put("action", "add").put("file", "memory").put("text", text);
            }
            String call = "call_" + i;
            inFlight.set(new Answered(call, action, text));
            Message reply;
            try {
                SessionId session = SessionId.of("chat-crash-" + i / WRITES_PER_SESSION);
                reply = SocketClient.call(socket, new MemoryCall(new ToolRequest(session, call, "memory", args),
                        DataClass.PRIVATE, false), WAIT, WAIT, "t");
            } catch (ClientException e) {
                return; // memoryd died; this write was not answered
            }
            ToolResponse response = (ToolResponse) reply;
            if (response.outcome() != Outcome.OK) {
                throw new AssertionError("a write was refused: " + response.text());
            }
            done.add(new Answered(call, action, text));
            inFlight.set(null);
            if (action.equals("add")) {
                present.add(text);
            } else if (action.equals("remove")) {
                present.remove(text);
            }
        }
    }

    private static void check(Path home, List<Answered> answered, List<String> inMemory) throws Exception {
        Path memory = home.resolve("memory");
        Map<IdentityFile, List<String>> files = new EnumMap<>(IdentityFile.class);
        for (IdentityFile f : IdentityFile.values()) {
            String text = Files.readString(memory.resolve(f.fileName()));
            List<String> entries = Entries.parse(text);
            assertThat(Entries.render(entries)).as("%s is whole and canonical", f).isEqualTo(text);
            files.put(f, entries);
        }
        List<NotesFile.Note> notes = NotesFile.parse(Files.readString(memory.resolve("notes.md")));
        List<Edit> journal = new Journal(memory.resolve("edits")).readAll();
        Set<String> journalled = new LinkedHashSet<>();
        journal.forEach(e -> journalled.add(e.call()));
        for (Answered a : answered) {
            assertThat(journalled).as("the answered %s %s is journalled", a.action(), a.call()).contains(a.call());
            if (a.action().equals("note")) {
                assertThat(notes).as("the answered note %s is in notes.md", a.text())
                        .anyMatch(n -> n.body().equals(a.text()));
            }
        }
        assertThat(files.get(IdentityFile.MEMORY)).as("memory.md holds exactly the answered writes")
                .isEqualTo(inMemory);
        Map<IdentityFile, List<String>> replayed = new EnumMap<>(IdentityFile.class);
        for (IdentityFile f : IdentityFile.values()) {
            replayed.put(f, List.of());
        }
        for (Edit e : journal) {
            IdentityFile.ofFileName(e.to() == null ? "" : e.to()).ifPresent(f -> {
                assertThat(e.before()).as("edit %s starts from the replayed %s", e.id(), f).isEqualTo(replayed.get(f));
                replayed.put(f, e.after());
            });
        }
        assertThat(files).as("replaying the journal gives the files").isEqualTo(replayed);
    }
}
