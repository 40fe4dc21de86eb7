package dev.boxmaker.memoryd.index.build;

import dev.boxmaker.memoryd.index.CatchUpTest;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.index.Rows;
import dev.boxmaker.memoryd.index.TestIndexes;
import dev.boxmaker.memoryd.index.sql.IndexFile;
import dev.boxmaker.memoryd.index.sql.IndexSchema;
import dev.boxmaker.memoryd.index.sql.SqlWork;
import static dev.boxmaker.memoryd.index.Logs.append;
import static dev.boxmaker.memoryd.index.Logs.result;
import static dev.boxmaker.memoryd.index.Logs.said;
import static dev.boxmaker.memoryd.index.Logs.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.log.LogRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A large catch-up into an index readers read, in rounds with a side file (CatchUpRounds). */
public class CatchUpRoundsTest {
    private static final List<String> SESSIONS = List.of("mm-aaaaaaaaaaaa", "chat-1789bbbbbb", "chat-1789cccccc");

    @TempDir
    Path home;

    private final Random random = new Random(23);

    /** {@code n} records for {@code session}: user and assistant text, some not plain ASCII, and tool results. */
    private void write(String session, int n) throws Exception {
        LogRecord[] records = new LogRecord[n];
        for (int i = 0; i < n; i++) {
            String text = "line " + random.nextInt(40) + (random.nextInt(5) == 0 ? " café naïve" : " the launch")
                    + " window " + random.nextInt(9) + (random.nextInt(7) == 0 ? " rare" + random.nextInt(1_000) : "");
            records[i] = switch (i % 4) {
                case 0 -> user(text, null);
                case 1 -> said(text);
                case 2 -> result(text, DataClass.PRIVATE, false);
                default -> user(text, "kyle");
            };
        }
        append(home, session, records);
    }

    /** A new index file named {@code name}, caught up with every log as it is now, batch by batch. */
    private Path indexed(String name) throws Exception {
        Path file = home.resolve("index/" + name + ".sqlite3");
        Files.createDirectories(file.getParent());
        IndexFile.createPrivate(file);
        try (Connection c = IndexFile.open(file, true)) {
            IndexSchema.create(c);
            new IndexBuilder(c, IndexBuilder.Config.of(home, DataClass.PRIVATE, MemorydThreads.start()).perTransaction(5)).catchUpAll(notes());
        }
        return file;
    }

    /** A builder of batches of 3 records, parts of 2 rows and rounds of {@code roundRecords}. */
    private IndexBuilder builder(Connection c, int roundRecords, SqlWork atMerge) throws SQLException {
        return new IndexBuilder(c, IndexBuilder.Config.of(home, DataClass.PRIVATE, MemorydThreads.start()).perTransaction(3).inParts(2, 2)
                .inRounds(new CatchUpRounds.Limits(0, roundRecords, atMerge)));
    }

    private Path notes() {
        return home.resolve("memory/notes.md");
    }

    /** FTS5's merge and pending-data settings, its defaults (4 and 1 MB) where the file names none. */
    private static final String SETTINGS = "SELECT coalesce((SELECT v FROM hits_config WHERE k = 'automerge'), 4),"
            + " coalesce((SELECT v FROM hits_config WHERE k = 'hashsize'), 1048576)";

    /** Everything a catch-up writes: rows, postings, term counts and bounds, totals, and progress. */
    public static List<String> everything(Connection c) throws Exception {
        List<String> out = new ArrayList<>(Rows.all(c));
        out.addAll(TestIndexes.postings(c, false));
        out.addAll(TestIndexes.table(c, "SELECT term, docs, tf_max, len_min FROM terms ORDER BY term"));
        out.addAll(TestIndexes.table(c, "SELECT rows, tokens FROM stats"));
        out.addAll(TestIndexes.table(c, "SELECT log, records, class, untrusted, bytes FROM progress ORDER BY log"));
        return out;
    }

    /** {@link #everything} but the postings, whose rowids follow the order rows were committed in. */
    static List<String> contents(Connection c) throws Exception {
        List<String> out = new ArrayList<>(Rows.all(c));
        out.addAll(TestIndexes.table(c, "SELECT term, docs, tf_max, len_min FROM terms ORDER BY term"));
        out.addAll(TestIndexes.table(c, "SELECT rows, tokens FROM stats"));
        out.addAll(TestIndexes.table(c, "SELECT log, records, class, untrusted, bytes FROM progress ORDER BY log"));
        return out;
    }

    /**
     * FTS5's own check of its index against its rows, the postings against FTS5's instances, and
     * FTS5's merge and pending-data settings {@code settings} (FTS5's defaults where the file names
     * none), as they were before the catch-up.
     */
    public static void wholeAndAgreeing(Connection c, String settings) throws Exception {
        c.createStatement().execute("INSERT INTO hits (hits) VALUES ('integrity-check')");
        assertThat(TestIndexes.table(c, SETTINGS)).containsExactly(settings);
        assertThat(TestIndexes.postings(c, false)).containsExactlyElementsOf(TestIndexes.postings(c, true));
    }

    @Test
    void aCatchUpInRoundsWritesWhatOneBatchByBatchWrites() throws Exception {
        for (String session : SESSIONS) {
            write(session, 20 + random.nextInt(20));
        }
        Path rounds = indexed("rounds");
        Path batches = indexed("batches");
        // Records written while memoryd was down: more in each log, and a new session.
        for (String session : SESSIONS) {
            write(session, 30 + random.nextInt(30));
        }
        write("chat-1789dddddd", 45);
        try (Connection r = IndexFile.open(rounds, true); Connection b = IndexFile.open(batches, true)) {
            // Settings of its own, as a built file has: a round changes them while it runs, and puts them back.
            r.createStatement().execute("INSERT INTO hits (hits, rank) VALUES ('automerge', 8)");
            r.createStatement().execute("INSERT INTO hits (hits, rank) VALUES ('hashsize', 2097152)");
            IndexBuilder.Counts read = builder(r, 7, () -> { }).catchUpAll(notes(), rounds);
            new IndexBuilder(b, IndexBuilder.Config.of(home, DataClass.PRIVATE, MemorydThreads.start()).perTransaction(3)).catchUpAll(notes());
            assertThat(read.records()).isGreaterThan(130);
            assertThat(everything(r)).hasSizeGreaterThan(500).containsExactlyElementsOf(everything(b));
            wholeAndAgreeing(r, "8|2097152|");
            assertThat(CatchUpTest.scalar(r, "SELECT count(*) FROM pragma_database_list WHERE name = 'side'")).isZero();
            assertThat(r.getAutoCommit()).isTrue();
        }
        assertThat(BuildSide.fileFor(rounds)).doesNotExist();
    }

    @Test
    void aRoundThatFailsLeavesTheIndexAsTheRoundsBeforeItAndTheNextCatchUpReadsTheRest() throws Exception {
        for (String session : SESSIONS) {
            write(session, 12);
        }
        Path rounds = indexed("rounds");
        Path batches = indexed("batches");
        for (String session : SESSIONS) {
            write(session, 40);
        }
        try (Connection r = IndexFile.open(rounds, true); Connection b = IndexFile.open(batches, true)) {
            List<String> before = everything(r);
            AtomicInteger merges = new AtomicInteger();
            IndexBuilder failing = builder(r, 20, () -> {
                if (merges.incrementAndGet() == 3) {
                    throw new SQLException("the third round fails");
                }
            });
            assertThatThrownBy(() -> failing.catchUpAll(notes(), rounds)).isInstanceOf(SQLException.class)
                    .hasMessage("the third round fails");
            List<String> twoRounds = everything(r);
            assertThat(twoRounds).isNotEqualTo(before);
            // Two rounds of seven batches of three records, and nothing of the third: the first log
            // read whole (40 records, 30 rows: no tool result is a row), then 2 records of the next.
            assertThat(CatchUpTest.scalar(r, "SELECT sum(records) FROM progress")).isEqualTo(36 + 42);
            assertThat(CatchUpTest.scalar(r, "SELECT count(*) FROM sources")).isEqualTo(27 + 30 + 2);
            assertThat(CatchUpTest.scalar(r, "SELECT count(*) FROM hits")).isEqualTo(27 + 30 + 2);
            wholeAndAgreeing(r, "4|1048576|");
            assertThat(r.getAutoCommit()).isTrue();
            assertThat(CatchUpTest.scalar(r, "SELECT count(*) FROM pragma_database_list WHERE name = 'side'")).isZero();
            assertThat(BuildSide.fileFor(rounds)).doesNotExist();

            builder(r, 20, () -> { }).catchUpAll(notes(), rounds);
            new IndexBuilder(b, IndexBuilder.Config.of(home, DataClass.PRIVATE, MemorydThreads.start()).perTransaction(3)).catchUpAll(notes());
            assertThat(everything(r)).containsExactlyElementsOf(everything(b));
            wholeAndAgreeing(r, "4|1048576|");
        }
    }

    /**
     * A round whose write fails (a full disk) wherever the failure surfaces: then, as memoryd goes on
     * with the same builder, a session_updated of each log, and at the next start a catch-up of
     * every log, must leave the index the batch-by-batch one, no record lost.
     */
    @Test
    void aRoundWhoseWriteFailsLosesNoRecordToTheUpdatesThatFollowIt() throws Exception {
        for (String session : SESSIONS) {
            write(session, 12);
        }
        Path base = indexed("base");
        for (String session : SESSIONS) {
            write(session, 40);
        }
        Path batches = indexed("batches");
        for (int failAt = 50; failAt <= 75; failAt++) {
            Path rounds = home.resolve("index/rounds-" + failAt + ".sqlite3");
            Files.copy(base, rounds);
            try (Connection r = IndexFile.open(rounds, true); Connection b = IndexFile.open(batches, true)) {
                r.createStatement().execute("CREATE TRIGGER full AFTER INSERT ON sources WHEN NEW.rowid = " + failAt
                        + " BEGIN SELECT RAISE(FAIL, 'the disk is full'); END");
                IndexBuilder memoryd = builder(r, 20, () -> { });
                assertThatThrownBy(() -> memoryd.catchUpAll(notes(), rounds)).isInstanceOf(SQLException.class);
                r.createStatement().execute("DROP TRIGGER full");
                for (String session : SESSIONS) {
                    memoryd.catchUpLog(dev.boxmaker.proto.SessionId.of(session));
                }
                builder(r, 20, () -> { }).catchUpAll(notes(), rounds);
                // Rows are numbered in the order they were committed, so the postings' rows differ.
                assertThat(contents(r)).as("a write failing at row %d", failAt).containsExactlyElementsOf(contents(b));
                wholeAndAgreeing(r, "4|1048576|");
            }
        }
    }

    @Test
    void memorydsStartReadsMoreThanEightMegabytesPastProgressInRoundsAsABatchByBatchCatchUpWould() throws Exception {
        for (String session : SESSIONS) {
            write(session, 10);
        }
        try (MemoryIndex index = TestIndexes.open(home)) {
            index.flush().get();
        }
        // Past the rounds' threshold: 1,100 records of about 3 kB in every log.
        for (String session : SESSIONS) {
            append(home, session, longRecords(random, 1_100));
        }
        Path file = home.resolve("index/" + MemoryIndex.FILE);
        Path copy = home.resolve("index/batches.sqlite3");
        // memoryd closed: the index whole in its file, with no log beside it.
        assertThat(file.resolveSibling(MemoryIndex.FILE + "-wal")).doesNotExist();
        Files.copy(file, copy);
        assertThat(CatchUpRounds.unreadBytes(home, SESSIONS, readProgress(copy))).isGreaterThan(CatchUpRounds.FROM_BYTES);
        try (MemoryIndex index = TestIndexes.open(home)) {
            index.flush().get();
        }
        assertThat(BuildSide.fileFor(file)).doesNotExist();
        try (Connection r = IndexFile.open(file, true); Connection b = IndexFile.open(copy, true)) {
            new IndexBuilder(b, IndexBuilder.Config.of(home, DataClass.PRIVATE, MemorydThreads.start())).catchUpAll(notes());
            assertThat(everything(r)).hasSizeGreaterThan(3_300 + 40_000).containsExactlyElementsOf(everything(b));
            wholeAndAgreeing(r, "4|16777216|");
            // Held back from batch to batch, a rare term's postings make one segment in the round,
            // where the batches written as they came made one in each batch that held the term.
            assertThat(CatchUpTest.scalar(r, "SELECT count(*) FROM postings"))
                    .isLessThan(CatchUpTest.scalar(b, "SELECT count(*) FROM postings"));
        }
    }

    /**
     * {@code n} user and assistant records of about 3 kB, in words of 200 letters and more, so the
     * checks of every posting stay quick; some words rare.
     */
    public static LogRecord[] longRecords(Random random, int n) {
        String longer = "x".repeat(200);
        StringBuilder words = new StringBuilder();
        LogRecord[] records = new LogRecord[n];
        for (int i = 0; i < records.length; i++) {
            words.setLength(0);
            while (words.length() < 3_000) {
                words.append(random.nextInt(8) == 0 ? "rare" + random.nextInt(20_000) : "word" + random.nextInt(300))
                        .append(longer).append(' ');
            }
            records[i] = i % 2 == 0 ? user(words.toString(), null) : said(words.toString());
        }
        return records;
    }

    @Test
    void aSmallCatchUpWritesItsBatchesAsTheyComeWithoutASideFile() throws Exception {
        for (String session : SESSIONS) {
            write(session, 10);
        }
        Path file = indexed("small");
        write(SESSIONS.get(0), 30);
        long unread = CatchUpRounds.unreadBytes(home, SESSIONS, readProgress(file));
        assertThat(unread).isPositive();
        try (Connection c = IndexFile.open(file, true)) {
            IndexBuilder below = new IndexBuilder(c, IndexBuilder.Config.of(home, DataClass.PRIVATE, MemorydThreads.start()).perTransaction(3)
                    .inRounds(new CatchUpRounds.Limits(unread + 1, 7, () -> {
                        throw new SQLException("no round was expected");
                    })));
            assertThat(below.catchUpAll(notes(), file).records()).isEqualTo(30);
        }
    }

    @Test
    void unreadBytesCountWhatEachLogHoldsPastItsProgress() throws Exception {
        write(SESSIONS.get(0), 10);
        write(SESSIONS.get(1), 10);
        Path file = indexed("progress");
        long before = Files.size(home.resolve("sessions/" + SESSIONS.get(1) + "/0.jsonl"));
        write(SESSIONS.get(1), 5);
        write(SESSIONS.get(2), 7);
        long grown = Files.size(home.resolve("sessions/" + SESSIONS.get(1) + "/0.jsonl")) - before;
        long whole = Files.size(home.resolve("sessions/" + SESSIONS.get(2) + "/0.jsonl"));
        assertThat(CatchUpRounds.unreadBytes(home, SESSIONS, readProgress(file))).isEqualTo(grown + whole);
        assertThat(CatchUpRounds.unreadBytes(home, List.of("chat-1789eeeeee"), readProgress(file))).isZero();
    }

    @Test
    void aSideFileLeftByAStopDuringARoundIsDeletedWhenTheIndexOpens() throws Exception {
        write(SESSIONS.get(0), 5);
        Path side = BuildSide.fileFor(home.resolve("index/" + MemoryIndex.FILE));
        Files.createDirectories(side.getParent());
        Files.writeString(side, "half a round");
        try (MemoryIndex index = TestIndexes.open(home)) {
            assertThat(Rows.all(index)).hasSize(4);
        }
        assertThat(side).doesNotExist();
    }

    public static java.util.Map<String, LogProgress> readProgress(Path file) throws SQLException {
        try (Connection c = IndexFile.open(file, true)) {
            return LogProgress.readAll(c);
        }
    }
}
