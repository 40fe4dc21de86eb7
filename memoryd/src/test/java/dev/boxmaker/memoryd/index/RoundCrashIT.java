package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.index.build.BuildSide;
import dev.boxmaker.memoryd.index.build.CatchUpRounds;
import dev.boxmaker.memoryd.index.build.CatchUpRoundsTest;
import dev.boxmaker.memoryd.index.build.IndexBuilder;
import dev.boxmaker.memoryd.index.sql.IndexFile;
import static dev.boxmaker.memoryd.index.Logs.append;
import static dev.boxmaker.memoryd.index.Logs.said;
import static dev.boxmaker.memoryd.index.Logs.user;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.it.MemorydProcess;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.log.LogRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * memoryd killed (SIGKILL) in the middle of a round of its catch-up at start: the index it leaves
 * opens and holds either none of the round or all of it, and the next start deletes the side file,
 * reads the round again and ends with what a batch-by-batch catch-up writes.
 */
class RoundCrashIT {
    private static final List<String> SESSIONS = List.of("mm-aaaaaaaaaaaa", "chat-1789bbbbbb", "chat-1789cccccc");
    private static final long WAIT_NANOS = 60_000_000_000L;
    /** The index's log past this size in a round holds pages the round has not committed. */
    private static final long SPILLED_BYTES = 2L << 20;

    @TempDir
    Path home;

    private final Random random = new Random(29);

    @Test
    void aRoundCutBySigkillLeavesNoneOfItAndTheNextStartReadsItAgain() throws Exception {
        for (String session : SESSIONS) {
            append(home, session, user("the launch window moved " + session, null), said("noted " + session));
        }
        Path file = home.resolve("index/" + MemoryIndex.FILE);
        try (MemorydProcess memoryd = MemorydProcess.serve(home)) {
            awaitProgress(file, 6, memoryd);
            assertThat(memoryd.terminate()).isEqualTo(MemorydProcess.SIGTERM_EXIT);
        }
        Path base = home.resolve("base.sqlite3");
        Files.copy(file, base);
        long rows = writePastTheRoundsThreshold();
        assertThat(CatchUpRounds.unreadBytes(home, SESSIONS, CatchUpRoundsTest.readProgress(base)))
                .isGreaterThan(CatchUpRounds.FROM_BYTES);

        // Killed once the round has begun and its uncommitted pages have spilled into the index's log.
        Path side = BuildSide.fileFor(file);
        Path wal = file.resolveSibling(MemoryIndex.FILE + "-wal");
        try (MemorydProcess memoryd = MemorydProcess.launch(home, "serve")) {
            long deadline = System.nanoTime() + WAIT_NANOS;
            while (!Files.exists(side) || !Files.exists(wal) || Files.size(wal) < SPILLED_BYTES) {
                assertThat(System.nanoTime()).as("the round begins:\n%s", memoryd.output()).isLessThan(deadline);
                Thread.sleep(1);
            }
            memoryd.kill();
        }
        // What the crash left, looked at in a copy: the round whole or not at all.
        Path left = home.resolve("left");
        Files.createDirectories(left);
        for (String name : new String[] {MemoryIndex.FILE, MemoryIndex.FILE + "-wal"}) {
            if (Files.exists(file.resolveSibling(name))) {
                Files.copy(file.resolveSibling(name), left.resolve(name));
            }
        }
        try (Connection c = IndexFile.open(left.resolve(MemoryIndex.FILE), true)) {
            c.createStatement().execute("INSERT INTO hits (hits) VALUES ('integrity-check')");
            assertThat(CatchUpTest.scalar(c, "SELECT count(*) FROM hits")).isIn(6L, 6 + rows);
            assertThat(CatchUpTest.scalar(c, "SELECT count(*) FROM sources")).isEqualTo(CatchUpTest.scalar(c,
                    "SELECT count(*) FROM hits"));
        }

        try (MemorydProcess memoryd = MemorydProcess.serve(home)) {
            awaitProgress(file, 6 + rows, memoryd);
            assertThat(memoryd.terminate()).isEqualTo(MemorydProcess.SIGTERM_EXIT);
        }
        assertThat(side).doesNotExist();
        try (Connection r = IndexFile.open(file, true); Connection b = IndexFile.open(base, true)) {
            new IndexBuilder(b, IndexBuilder.Config.of(home, DataClass.PRIVATE, MemorydThreads.start())).catchUpAll(home.resolve("memory/notes.md"));
            assertThat(CatchUpRoundsTest.everything(r)).hasSizeGreaterThan((int) rows)
                    .containsExactlyElementsOf(CatchUpRoundsTest.everything(b));
            CatchUpRoundsTest.wholeAndAgreeing(r, "4|16777216|");
        }
    }

    /**
     * Past the rounds' threshold in every log, as turns written while memoryd was down: 1,200 records
     * of about 3 kB each. The rows they make (every record is one).
     */
    private long writePastTheRoundsThreshold() throws Exception {
        long rows = 0;
        for (String session : SESSIONS) {
            LogRecord[] records = CatchUpRoundsTest.longRecords(random, 1_200);
            append(home, session, records);
            rows += records.length;
        }
        return rows;
    }

    /** Waits until the index's progress covers {@code records} records; fails if memoryd exits first. */
    private static void awaitProgress(Path file, long records, MemorydProcess memoryd) throws Exception {
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (true) {
            if (Files.exists(file)) {
                try (Connection c = IndexFile.open(file, false)) {
                    if (CatchUpTest.scalar(c, "SELECT count(*) FROM sqlite_master WHERE name = 'progress'") == 1
                            && CatchUpTest.scalar(c, "SELECT coalesce(sum(records), 0) FROM progress") >= records) {
                        return;
                    }
                } catch (java.sql.SQLException e) {
                    // Being built or renamed into place: look again.
                }
            }
            assertThat(System.nanoTime()).as("memoryd's catch-up:\n%s", memoryd.output()).isLessThan(deadline);
            Thread.sleep(20);
        }
    }
}
