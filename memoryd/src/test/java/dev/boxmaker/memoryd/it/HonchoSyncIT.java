package dev.boxmaker.memoryd.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.memoryd.honcho.fake.FakeRoute;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.SessionLogWriter;
import dev.boxmaker.proto.log.UserRecord;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Ok;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionStateReply;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The packaged memoryd's Honcho write path, against a fake Honcho and a fake brokerd in this JVM, on loopback. */
class HonchoSyncIT {
    static final Duration WAIT = Duration.ofSeconds(10);
    static final Duration DRAIN_WAIT = Duration.ofMinutes(3);
    static final int TURNS = 1_000;
    static final int KILL_ROUNDS = 10;
    /** A round stops the fake 1 to this many messages past what Honcho held before it. */
    static final int ROUND_MESSAGES_MAX = 100;
    /** The kill comes 0 to this many milliseconds after the fake stopped. */
    static final int KILL_AFTER_MILLIS_MAX = 100;
    static final Instant T = Instant.parse("2026-12-02T07:59:00Z");
    static final String NOT_CONFIGURED = "fleet memory is not configured: memoryd.toml has no [honcho] section, so"
            + " nothing is synced to Honcho";

    @TempDir
    Path home;
    FakeHoncho fake;
    RunningServer brokerd;

    @BeforeEach
    void fakes() {
        fake = FakeHoncho.start();
        Handler<SessionState> clean = r -> new SessionStateReply(DataClass.PRIVATE, false);
        brokerd = RunningServer.start(home.resolve("run/memory-broker/state.sock"), Map.of(SessionState.KIND, clean),
                WAIT);
    }

    @AfterEach
    void close() throws Exception {
        brokerd.close();
        fake.close();
    }

    Path config() throws Exception {
        return MemorydProcess.honchoConfig(home, fake.url());
    }

    MemorydProcess serveWithHoncho() throws Exception {
        MemorydProcess memoryd = MemorydProcess.launch(home, "serve", "--config", config().toString());
        memoryd.awaitAnswer(home.resolve("run/loop-memory/memory.sock"));
        memoryd.awaitAnswer(home.resolve("run/broker-memory/memory.sock"));
        memoryd.awaitAnswer(home.resolve("run/owner-memory/admin.sock"));
        return memoryd;
    }

    Message call(String socket, Message request) throws Exception {
        return SocketClient.call(home.resolve(socket), request, WAIT, WAIT, "test");
    }

    String sync(String arg) throws Exception {
        return ((MemoryAdminReply) call("run/owner-memory/admin.sock", new MemoryAdmin("sync", arg))).text();
    }

    ToolResponse note(String text) throws Exception {
        return (ToolResponse) call("run/broker-memory/memory.sock", new MemoryCall(new ToolRequest(
                SessionId.of("mm-it"), "call_1", "memory", (ObjectNode) Json.MAPPER.readTree(
                        "{\"action\": \"note\", \"text\": \"" + text + "\"}")), DataClass.PRIVATE, false));
    }

    /** The names of the process's threads, as Linux has them (at most 15 characters each). */
    static List<String> threads(MemorydProcess memoryd) throws Exception {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(memoryd.process.pid()), "task"))) {
            List<String> names = new ArrayList<>();
            for (Path task : tasks.toList()) {
                names.add(Files.readString(task.resolve("comm")).strip());
            }
            return names;
        }
    }

    @Test
    void withoutHonchoNoLedgerIsMadeAndNoThreadStartedAndSyncSaysSo() throws Exception {
        try (MemorydProcess memoryd = MemorydProcess.serve(home)) {
            assertThat(note("saw a heron").outcome()).isEqualTo(Outcome.OK);
            assertThat(call("run/loop-memory/memory.sock", new SessionUpdated(SessionId.of("mm-it"), 1)))
                    .isEqualTo(new Ok());
            assertThat(sync("")).isEqualTo(NOT_CONFIGURED);
            // Linux keeps 15 characters of a name: memoryd-honcho-worker-1 and -decide-1 are both memoryd-honcho-.
            assertThat(threads(memoryd)).doesNotContain("memoryd-honcho-");
            assertThat(memoryd.terminate()).isEqualTo(MemorydProcess.SIGTERM_EXIT);
            assertThat(home.resolve("memory/honcho.jsonl")).doesNotExist();
            assertThat(memoryd.output()).doesNotContain("Honcho");
        }
        assertThat(fake.requests()).isEmpty();
    }

    @Test
    void withHonchoANoteIsAConclusionAtOnceAndSyncCountsIt() throws Exception {
        try (MemorydProcess memoryd = serveWithHoncho()) {
            // The worker and the decisions (Linux keeps 15 characters of a name: both are memoryd-honcho-).
            assertThat(threads(memoryd)).filteredOn("memoryd-honcho-"::equals).hasSizeGreaterThanOrEqualTo(2);
            assertThat(memoryd.output()).contains("memoryd syncs to Honcho at " + fake.url() + " (workspaces bx-trusted,"
                    + " bx-untrusted, bx-fleet); 0 items wait in memory/honcho.jsonl");
            assertThat(note("saw a heron").outcome()).isEqualTo(Outcome.OK);
            awaitDrained(1);
            assertThat(fake.conclusions("bx-trusted").stream().map(c -> c.get("content").asText())).containsExactly(
                    "saw a heron");
            assertThat(sync("")).isEqualTo("bx-trusted (trusted): 1 sent, 0 waiting, 0 failed\n"
                    + "bx-untrusted (untrusted): 0 sent, 0 waiting, 0 failed\n"
                    + "bx-fleet (fleet): 0 sent, 0 waiting, 0 failed\n"
                    + "0 turns had no speaker, or one that cannot be a Honcho peer name, and went nowhere");
            assertThat(memoryd.terminate()).isEqualTo(MemorydProcess.SIGTERM_EXIT);
        }
    }

    /**
     * 1,000 turns in 10 sessions, drained while memoryd is killed with SIGKILL ten times, each time at a
     * random point the drain has reached: every turn is in Honcho once, in order, per session.
     *
     * <p>Each round stops the fake at a random number of messages past what Honcho held before it, so
     * the kill falls inside the drain whatever the machine's speed: either the batch that reached it is
     * answered and later requests hang (memoryd may be writing its sent lines when killed), or that
     * batch is stored and its answer withheld (Honcho holds turns the ledger does not).
     */
    @Test
    void sigkillDuringADrainOfAThousandTurnsSendsEachOnceAndInOrder() throws Exception {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        List<String> sessions = drainLogs();
        List<Long> sentAtKill = new ArrayList<>();
        List<Integer> storedAtKill = new ArrayList<>();
        AtomicInteger stored = new AtomicInteger();
        try {
            for (int round = 0; round < KILL_ROUNDS; round++) {
                // A request holds at most 100 messages, so ten rounds reach at most 10 * 199 < 2,000 messages.
                int stopAt = stored.get() + 1 + random.nextInt(ROUND_MESSAGES_MAX);
                boolean withheld = random.nextBoolean();
                CountDownLatch stopped = new CountDownLatch(1);
                fake.onAnswered((route, body) -> {
                    if (route == FakeRoute.MESSAGES && stored.addAndGet(body.size()) >= stopAt
                            && stopped.getCount() > 0) {
                        if (withheld) {
                            fake.hangAfterStore("bx-trusted");
                        } else {
                            fake.hang("bx-trusted");
                        }
                        stopped.countDown();
                    }
                });
                try (MemorydProcess memoryd = serveWithHoncho()) {
                    updated(sessions);
                    assertThat(stopped.await(DRAIN_WAIT.toSeconds(), TimeUnit.SECONDS)).as("round " + round
                            + " reached " + stopAt + " messages").isTrue();
                    Thread.sleep(random.nextInt(KILL_AFTER_MILLIS_MAX));
                    memoryd.kill();
                }
                fake.unhang("bx-trusted");
                sentAtKill.add(sentLines());
                storedAtKill.add(stored.get());
            }
            fake.onAnswered((route, body) -> { });
            // Every kill fell inside the drain: each round added to Honcho, and none found it done.
            assertThat(storedAtKill).as("messages in Honcho at each kill").isSorted().doesNotHaveDuplicates()
                    .allMatch(n -> n > 0 && n < 2 * TURNS);
            assertThat(sentAtKill).as("sent lines at each kill").allMatch(n -> n < TURNS);
            try (MemorydProcess memoryd = serveWithHoncho()) {
                updated(sessions);
                awaitDrained(TURNS);
                assertThat(memoryd.terminate()).isEqualTo(MemorydProcess.SIGTERM_EXIT);
            }
            assertEachTurnOnceInOrder(sessions);
        } catch (AssertionError | Exception e) {
            throw new AssertionError("seed " + seed + ", sent lines at each kill " + sentAtKill
                    + ", messages in Honcho at each kill " + storedAtKill + ": " + e.getMessage(), e);
        }
        System.out.println("HonchoSyncIT: sent lines at each kill " + sentAtKill + ", messages in Honcho "
                + storedAtKill);
    }

    /** Ten session logs of 100 finished turns each; their names. */
    List<String> drainLogs() throws Exception {
        List<String> sessions = new ArrayList<>();
        for (int s = 0; s < 10; s++) {
            String session = "mm-drain" + s;
            sessions.add(session);
            try (SessionLogWriter w = SessionLogWriter.open(home, SessionId.of(session))) {
                for (int t = 1; t <= TURNS / 10; t++) {
                    w.append(new UserRecord(T, t, "question " + t + " of " + session, "kyle"));
                    w.append(new AssistantRecord(T, t, "answer " + t + " of " + session, null, List.of()));
                }
            }
        }
        return sessions;
    }

    void updated(List<String> sessions) throws Exception {
        for (String session : sessions) {
            call("run/loop-memory/memory.sock", new SessionUpdated(SessionId.of(session), TURNS / 10));
        }
    }

    /** Each session's messages are its turns in order, and the workspace holds nothing else (no copy anywhere). */
    void assertEachTurnOnceInOrder(List<String> sessions) {
        List<String> all = new ArrayList<>();
        for (String session : sessions) {
            List<String> expected = new ArrayList<>();
            for (int t = 1; t <= TURNS / 10; t++) {
                expected.add("question " + t + " of " + session);
                expected.add("answer " + t + " of " + session);
            }
            assertThat(fake.messages("bx-trusted", session).stream().map(m -> m.get("content").asText()))
                    .as(session).containsExactlyElementsOf(expected);
            all.addAll(expected);
        }
        assertThat(fake.messages("bx-trusted", null).stream().map(m -> m.get("content").asText()))
                .as("every message of the workspace").containsExactlyInAnyOrderElementsOf(all);
    }

    /** The ledger's sent lines; none before its first line is written. */
    long sentLines() throws Exception {
        Path ledger = home.resolve("memory/honcho.jsonl");
        if (!Files.exists(ledger)) {
            return 0;
        }
        try (Stream<String> lines = Files.lines(ledger)) {
            return lines.filter(l -> l.startsWith("{\"event\":\"sent\"")).count();
        }
    }

    /** Waits until {@code sent} items are sent in all and none waits. */
    void awaitDrained(long sent) throws Exception {
        awaitDrained(home, sent, DRAIN_WAIT);
    }

    /** Waits up to {@code wait} until memoryd on {@code home} has sent {@code sent} items in all and none waits. */
    static void awaitDrained(Path home, long sent, Duration wait) throws Exception {
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            JsonNode report = Json.MAPPER.readTree(((MemoryAdminReply) SocketClient.call(
                    home.resolve("run/owner-memory/admin.sock"), new MemoryAdmin("sync", "json"), WAIT, WAIT, "test"))
                    .text());
            long total = 0;
            long waiting = 0;
            for (JsonNode w : report.get("workspaces")) {
                total += w.get("sent").asLong();
                waiting += w.get("waiting").asLong();
            }
            if (total == sent && waiting == 0) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not drained: " + report);
            }
            Thread.sleep(100);
        }
    }
}
