package dev.boxmaker.memoryd.tool;

import static dev.boxmaker.memoryd.tool.Fixture.clean;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.sentences.ReviewSentences;
import dev.boxmaker.memoryd.sentences.StoreSentences;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write that fails on a file operation, the SQLite way: the Nth write of the call fails, once or
 * every time after, for each N up to the call's last write. An answer must be true: a call answered
 * {@link StoreSentences#STORE_FAILED} leaves every file of memory/ byte for byte as before and is never
 * applied later, by the next write or a restart; one answered
 * {@link StoreSentences#STORE_FAILED_MAY_BE_APPLIED} is, after a restart, either applied whole or not at
 * all, and the journal says which.
 */
class FailedWriteTest {
    @TempDir
    Path root;

    enum Told { NOT_APPLIED, MAY_BE_APPLIED }

    /** A call under test, after its setup; its answer's outcome and text. */
    @FunctionalInterface
    interface Call {
        Answer run(MemoryStore store) throws Exception;
    }

    @FunctionalInterface
    interface Setup {
        void run(MemoryStore store) throws Exception;
    }

    private static MemoryStore open(Path dir, FailingDisk disk) throws IOException {
        return new MemoryStore(dir, Fixture.CHECK, new Fixture.TestClock(Fixture.START), false, disk);
    }

    private static Answer tool(MemoryStore store, ObjectNode args) {
        ToolResponse response = store.call(new MemoryCall(new ToolRequest(Fixture.CLEAN, "call_failing", "memory",
                args), DataClass.PRIVATE, false));
        return new Answer(response.outcome(), response.text(), clean().label());
    }

    private static final Setup THREE_ENTRIES = store -> {
        store.add(clean(), IdentityFile.MEMORY, "keep me");
        store.add(clean(), IdentityFile.MEMORY, "move me");
        store.add(clean(), IdentityFile.MEMORY, "drop me");
    };

    private static Answer consolidate(MemoryStore store) {
        ObjectNode args = Json.MAPPER.createObjectNode().put("action", "consolidate").put("file", "memory");
        args.putArray("entries").add(Json.MAPPER.createObjectNode().put("old", "keep me").put("keep", true))
                .add(Json.MAPPER.createObjectNode().put("old", "move me").put("move", true))
                .add(Json.MAPPER.createObjectNode().put("old", "drop me").put("drop", true))
                .add(Json.MAPPER.createObjectNode().put("text", "new one"));
        return tool(store, args);
    }

    private static Answer note(MemoryStore store) {
        return tool(store, Json.MAPPER.createObjectNode().put("action", "note").put("text", "the failing note"));
    }

    /** The owner's undo of the third add, through the admin command; a failure is its sentence. */
    private static Answer undo(MemoryStore store) throws IOException {
        try {
            OwnerAnswer answer = store.undo("2026-09-24-0003");
            return new Answer(answer.ok() ? Outcome.OK : Outcome.REFUSED, answer.text(), clean().label());
        } catch (StoreFailure failure) {
            return Answer.failed(failure.sentence(), clean().label());
        }
    }

    @Test
    void aConsolidateFailingAtAnyWriteIsTakenBackOrSaysItMayHaveBeenApplied() throws Exception {
        assertThat(failEachWrite("consolidate", THREE_ENTRIES, FailedWriteTest::consolidate)).hasSize(2);
    }

    @Test
    void aNoteFailingAtAnyWriteIsTakenBackOrSaysItMayHaveBeenApplied() throws Exception {
        assertThat(failEachWrite("note", THREE_ENTRIES, FailedWriteTest::note)).hasSize(2);
    }

    @Test
    void anUndoFailingAtAnyWriteIsTakenBackOrSaysItMayHaveBeenApplied() throws Exception {
        assertThat(failEachWrite("undo", THREE_ENTRIES, FailedWriteTest::undo)).hasSize(2);
    }

    /**
     * Runs the call once on a sound disk (its writes and the files it leaves), then once per N and
     * mode with the Nth write failing; what each failure told, over all N and both modes.
     */
    private EnumSet<Told> failEachWrite(String name, Setup setup, Call call) throws Exception {
        FailingDisk sound = new FailingDisk();
        MemoryStore store = open(root.resolve(name + "-sound"), sound);
        setup.run(store);
        Map<String, String> before = files(root.resolve(name + "-sound"));
        sound.failNth(Integer.MAX_VALUE, false);
        assertThat(call.run(store).outcome()).isEqualTo(Outcome.OK);
        int writes = sound.writes();
        Map<String, String> after = files(root.resolve(name + "-sound"));
        assertThat(writes).as("the call writes the journal, its file or notes, and its mark").isGreaterThanOrEqualTo(3);
        EnumSet<Told> told = EnumSet.noneOf(Told.class);
        for (boolean everyAfter : new boolean[] {false, true}) {
            for (int n = 1; n <= writes; n++) {
                Told one = failNth(root.resolve(name + "-" + everyAfter + "-" + n), setup, call, n, everyAfter,
                        before, after);
                assertThat(everyAfter || one == Told.NOT_APPLIED).as("write %d failing once is taken back", n).isTrue();
                told.add(one);
            }
        }
        return told;
    }

    private Told failNth(Path dir, Setup setup, Call call, int n, boolean everyAfter, Map<String, String> before,
            Map<String, String> after) throws Exception {
        FailingDisk disk = new FailingDisk();
        MemoryStore store = open(dir, disk);
        setup.run(store);
        assertThat(files(dir)).isEqualTo(before);
        disk.failNth(n, everyAfter);
        Answer answer = call.run(store);
        disk.heal();
        assertThat(answer.outcome()).as("write %d failing", n).isEqualTo(Outcome.FAILED);
        if (answer.text().equals(StoreSentences.STORE_FAILED)) {
            assertThat(files(dir)).as("write %d failing: every file as before", n).isEqualTo(before);
            // The next write, and a restart, never apply it.
            assertThat(store.add(clean(), IdentityFile.USER, "later").outcome()).isEqualTo(Outcome.OK);
            open(dir, new FailingDisk());
            Map<String, String> now = files(dir);
            assertThat(now.get("memory.md")).isEqualTo(before.get("memory.md"));
            assertThat(now.get("notes.md")).isEqualTo(before.get("notes.md"));
            assertThat(journalLines(now)).isEqualTo(journalLines(before) + 1);
            return Told.NOT_APPLIED;
        }
        assertThat(answer.text()).isEqualTo(StoreSentences.STORE_FAILED_MAY_BE_APPLIED);
        open(dir, new FailingDisk());
        Map<String, String> now = files(dir);
        boolean applied = journalLines(now) == journalLines(before) + 1;
        assertThat(journalLines(now)).isEqualTo(journalLines(before) + (applied ? 1 : 0));
        Map<String, String> expected = applied ? after : before;
        assertThat(now.get("memory.md")).isEqualTo(expected.get("memory.md"));
        assertThat(now.get("user.md")).isEqualTo(expected.get("user.md"));
        // A note a failed append cut short stays in notes.md (it is append-only); the rest follow it.
        String added = after.get("notes.md").substring(before.get("notes.md").length());
        assertThat(now.get("notes.md")).startsWith(before.get("notes.md")).endsWith(applied ? added : "");
        return Told.MAY_BE_APPLIED;
    }

    private static long journalLines(Map<String, String> files) {
        return files.get("edits/2026-09.jsonl").lines().count();
    }

    /** Every file under memory/ by its relative path, and its text. */
    private static Map<String, String> files(Path dir) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path file : all.filter(Files::isRegularFile).toList()) {
                out.put(dir.relativize(file).toString(), Files.readString(file));
            }
        }
        return out;
    }

    @Test
    void theSentencesAreFixed() {
        assertThat(StoreSentences.STORE_FAILED).isEqualTo("memory could not complete the call: a file operation failed "
                + "and the call was not applied; see memoryd's log");
        assertThat(StoreSentences.STORE_FAILED_MAY_BE_APPLIED).isEqualTo("memory could not complete the call: a file "
                + "operation failed and the call may have been applied; it will be finished or dropped at the next "
                + "write or restart; see `bxctl memory log`");
        assertThat(StoreSentences.STORE_FAILED_MAY_BE_PENDING).isEqualTo("memory could not complete the call: a file "
                + "operation failed and the write may be waiting for the owner's review; see `bxctl memory pending`");
        assertThat(List.of(StoreSentences.STORE_FAILED, StoreSentences.STORE_FAILED_MAY_BE_APPLIED)).doesNotHaveDuplicates();
    }

    /** A write for review whose pending.jsonl line fails is not waiting for review, once or every time after. */
    @Test
    void aWriteForReviewThatFailsIsNotPending() throws Exception {
        for (boolean everyAfter : new boolean[] {false, true}) {
            FailingDisk disk = new FailingDisk();
            Path dir = root.resolve("review-" + everyAfter);
            MemoryStore store = new MemoryStore(dir, Fixture.CHECK, new Fixture.TestClock(Fixture.START), true, disk);
            Map<String, String> before = files(dir);
            disk.failNth(1, everyAfter);
            assertThat(tool(store, Json.MAPPER.createObjectNode().put("action", "add").put("file", "memory")
                    .put("text", "for review")).text()).isEqualTo(StoreSentences.STORE_FAILED);
            disk.heal();
            Map<String, String> now = files(dir);
            // The append made pending.jsonl; cut back, it holds nothing.
            assertThat(now.remove("pending.jsonl")).isEmpty();
            assertThat(now).isEqualTo(before);
            assertThat(store.pending()).isEqualTo(ReviewSentences.NOTHING_PENDING);
        }
    }

    /** An undo taken back leaves the edit it undid the latest of its file: the owner can undo it again. */
    @Test
    void anUndoTakenBackCanBeMadeAgain() throws Exception {
        FailingDisk disk = new FailingDisk();
        MemoryStore store = open(root.resolve("undo-again"), disk);
        THREE_ENTRIES.run(store);
        disk.failNth(2, false); // the file's replace, after the journal line went in
        assertThat(undo(store).text()).isEqualTo(StoreSentences.STORE_FAILED);
        assertThat(undo(store).text()).isEqualTo("undid 2026-09-24-0003 as 2026-09-24-0005: memory.md is back to 2 "
                + "entries (17 of 2,200 characters)");
    }

    /** A runaway writer on a full disk: each call fails, and the log gets one line, never a trace per call. */
    @Test
    void aWriterFailingEveryCallLogsOneLineAndNoStackTrace() throws Exception {
        FailingDisk disk = new FailingDisk();
        MemoryStore store = open(root.resolve("runaway"), disk);
        List<java.util.logging.LogRecord> records = new java.util.ArrayList<>();
        java.util.logging.Handler capture = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                records.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        java.util.logging.Logger logger = java.util.logging.Logger.getLogger(MemoryStore.class.getName());
        logger.addHandler(capture);
        try {
            disk.failNth(1, true);
            for (int i = 0; i < 100; i++) {
                assertThat(note(store).text()).isEqualTo(StoreSentences.STORE_FAILED);
            }
        } finally {
            logger.removeHandler(capture);
        }
        assertThat(records).hasSize(1);
        assertThat(records.get(0).getThrown()).isNull();
        assertThat(records.get(0).getMessage()).startsWith("a memory write failed and was taken back: IOException: "
                + "No space left on device (injected: append to 2026-09.jsonl)");
    }
}
