package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.index.build.BuildSide;
import dev.boxmaker.memoryd.index.build.IndexBuilder;
import dev.boxmaker.memoryd.index.build.SessionDirs;
import dev.boxmaker.memoryd.index.sql.IndexFile;
import dev.boxmaker.memoryd.index.sql.IndexSchema;
import static dev.boxmaker.memoryd.index.Logs.T0;
import static dev.boxmaker.memoryd.index.Logs.append;
import static dev.boxmaker.memoryd.index.Logs.called;
import static dev.boxmaker.memoryd.index.Logs.result;
import static dev.boxmaker.memoryd.index.Logs.said;
import static dev.boxmaker.memoryd.index.Logs.user;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.files.NoteHeader;
import dev.boxmaker.memoryd.files.NotesFile;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.wire.msg.Reindexed;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Keeping up: progress, session_updated, start-up catch-up, reindex, and logs that cannot be read. */
public class CatchUpTest {
    public static final String A = "mm-aaaaaaaaaaaa";
    public static final String B = "chat-1789bbbbbb";

    @TempDir
    Path home;

    MemoryIndex open() throws Exception {
        return TestIndexes.open(home);
    }

    /** A log handler adding each message to {@code lines}. */
    public static Handler capture(List<String> lines) {
        return new Handler() {
            @Override
            public void publish(LogRecord record) {
                lines.add(record.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
    }

    void notes(NotesFile.Note... notes) throws Exception {
        Files.createDirectories(home.resolve("memory"));
        new NotesFile(home.resolve("memory/notes.md")).append(List.of(notes));
    }

    @Test
    void recordsAddedWhileMemorydWasDownAreCaughtUpFromProgressAtStart() throws Exception {
        append(home, A, user("first words", null));
        try (MemoryIndex index = open()) {
            assertThat(Rows.texts(index)).containsExactly("first words");
        }
        append(home, A, result("page", DataClass.PRIVATE, true), said("second words"));
        append(home, B, user("another session", "kyle"));
        try (MemoryIndex index = open()) {
            assertThat(Rows.all(index)).extracting(r -> r.substring(r.lastIndexOf(" | ") + 3) + " " + r.split(" \\| ")[7])
                    .containsExactly("another session 0", "first words 0", "second words 1");
        }
    }

    @Test
    void sessionUpdatedReadsTheRecordsPastProgress() throws Exception {
        append(home, A, user("one", null));
        try (MemoryIndex index = open()) {
            index.flush().get();
            append(home, A, said("two"), user("three", null));
            index.sessionUpdated(SessionId.of(A)).get();
            index.sessionUpdated(SessionId.of(A)).get();
            assertThat(Rows.texts(index)).containsExactly("one", "two", "three");
        }
    }

    @Test
    void manyUpdatesOfOneSessionQueueOneReadAtATimeAndAllComplete() throws Exception {
        append(home, A, user("one", null));
        try (MemoryIndex index = open()) {
            append(home, A, said("two"));
            List<java.util.concurrent.Future<Void>> updates = new ArrayList<>();
            for (int i = 0; i < 1_000; i++) {
                updates.add(index.sessionUpdated(SessionId.of(A)));
                updates.add(index.notesChanged());
            }
            for (var u : updates) {
                u.get();
            }
            assertThat(updates.stream().distinct().count()).isLessThan(updates.size());
            assertThat(Rows.texts(index)).containsExactly("one", "two");
        }
    }

    @Test
    void aReindexEqualsTheIncrementalIndexRowForRow() throws Exception {
        notes(new NotesFile.Note(NoteHeader.moved(T0, IdentityFile.MEMORY, A), "Owner prefers UTC."));
        append(home, A, user("café launch", "kyle"), called("read_file", "{\"path\":\"/a\"}"));
        try (MemoryIndex index = open()) {
            index.flush().get();
            append(home, A, result("page", DataClass.PUBLIC, true), said("after the page"));
            index.sessionUpdated(SessionId.of(A));
            append(home, B, user("second session", null));
            index.sessionUpdated(SessionId.of(B));
            notes(new NotesFile.Note(NoteHeader.noted(T0, B, DataClass.PRIVATE, false, false), "keep me"),
                    new NotesFile.Note(NoteHeader.noted(T0, B, DataClass.PRIVATE, false, false), "retract me"));
            index.notesChanged();
            notes(new NotesFile.Note(NoteHeader.retracted(T0, "2026-09-20-0003"), "retract me"));
            index.notesChanged();
            List<String> incremental = Rows.all(index);
            List<String> terms = terms(index);
            Reindexed counts = index.reindex();
            assertThat(Rows.all(index)).containsExactlyElementsOf(incremental);
            assertThat(terms(index)).containsExactlyElementsOf(terms);
            assertThat(counts).isEqualTo(new Reindexed(2, 5, 2));
            assertThat(Files.exists(home.resolve("index/memory.sqlite3.new"))).isFalse();
        }
    }

    @Test
    void recallAnswersThroughoutAReindex() throws Exception {
        var records = new dev.boxmaker.proto.log.LogRecord[3_000];
        for (int i = 0; i < records.length; i++) {
            records[i] = user("line " + i + " of the long session about the wallaby", null);
        }
        append(home, A, records);
        try (MemoryIndex index = open()) {
            index.flush().get();
            var reindex = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return index.reindex();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            int searches = 0;
            do {
                long found = index.read(c -> {
                    try (var rs = c.createStatement().executeQuery("SELECT count(*) FROM hits WHERE hits MATCH 'wallaby'")) {
                        rs.next();
                        return rs.getLong(1);
                    }
                });
                assertThat(found).isEqualTo(3_000);
                searches++;
            } while (!reindex.isDone());
            assertThat(reindex.get().records()).isEqualTo(3_000);
            assertThat(searches).isGreaterThan(1);
        }
    }

    static List<String> terms(MemoryIndex index) throws Exception {
        return index.read(CatchUpTest::terms);
    }

    static List<String> terms(java.sql.Connection c) throws java.sql.SQLException {
        List<String> out = new ArrayList<>();
        try (var rs = c.createStatement().executeQuery("SELECT term, docs FROM terms WHERE docs > 0 ORDER BY term")) {
            while (rs.next()) {
                out.add(rs.getString(1) + " " + rs.getLong(2));
            }
        }
        try (var rs = c.createStatement().executeQuery("SELECT rows, tokens FROM stats")) {
            rs.next();
            out.add("stats " + rs.getLong(1) + " " + rs.getLong(2));
        }
        return out;
    }

    public static long scalar(java.sql.Connection c, String sql) throws java.sql.SQLException {
        try (var rs = c.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void theNotesIndexListsNotesAloneAndAFileWithTheOldIndexOfEveryRowLosesIt() throws Exception {
        append(home, A, user("a session row", null));
        notes(new NotesFile.Note(NoteHeader.noted(T0, A, DataClass.PRIVATE, false, false), "a noted row"));
        try (MemoryIndex index = open()) {
            index.flush().get();
        }
        try (java.sql.Connection c = IndexFile.open(home.resolve("index/memory.sqlite3"), true)) {
            assertThat(scalar(c, "SELECT count(*) FROM sources")).isEqualTo(2);
            assertThat(scalar(c, "SELECT count(*) FROM sources INDEXED BY sources_notes WHERE kind = 'note'")).isEqualTo(1);
            c.createStatement().execute("CREATE INDEX sources_kind ON sources(kind, role)");
        }
        try (MemoryIndex index = open()) {
            index.flush().get();
        }
        try (java.sql.Connection c = IndexFile.open(home.resolve("index/memory.sqlite3"), true)) {
            assertThat(scalar(c, "SELECT count(*) FROM sqlite_master WHERE name = 'sources_kind'")).isZero();
            assertThat(scalar(c, "SELECT count(*) FROM sqlite_master WHERE name = 'sources_notes'")).isEqualTo(1);
        }
    }

    /**
     * Every log caught up into a new file at {@code file}, {@code perTransaction} records a batch; as a
     * build ({@link IndexBuilder#buildAll}, with its side file) or as a catch-up.
     */
    java.sql.Connection caughtUp(Path file, int perTransaction, boolean build) throws Exception {
        IndexFile.createPrivate(file);
        java.sql.Connection c = IndexFile.open(file, true);
        IndexSchema.create(c);
        IndexBuilder builder = new IndexBuilder(c, IndexBuilder.Config.of(home, DataClass.PRIVATE, MemorydThreads.start()).perTransaction(perTransaction));
        if (build) {
            IndexSchema.bulkSettings(c);
            try (BuildSide side = BuildSide.open(file)) {
                builder.buildAll(home.resolve("memory/notes.md"), side);
            }
            assertThat(file.resolveSibling(file.getFileName() + BuildSide.SUFFIX)).doesNotExist();
        } else {
            builder.catchUpAll(home.resolve("memory/notes.md"));
        }
        return c;
    }

    @Test
    void aCatchUpInManyBatchesWrittenWhileTheNextIsReadEqualsOneBatch() throws Exception {
        java.util.Random random = new java.util.Random(11);
        for (String session : List.of(A, B, "chat-1789cccccc", "chat-1789dddddd")) {
            var records = new dev.boxmaker.proto.log.LogRecord[20 + random.nextInt(40)];
            for (int i = 0; i < records.length; i++) {
                String text = "line " + random.nextInt(30) + (random.nextInt(5) == 0 ? " café naïve" : " the launch")
                        + " window " + random.nextInt(7);
                records[i] = i % 3 == 0 ? said(text) : user(text, null);
            }
            append(home, session, records);
        }
        Files.createDirectories(home.resolve("index"));
        try (java.sql.Connection one = caughtUp(home.resolve("index/one.sqlite3"), IndexBuilder.RECORDS_PER_TRANSACTION_MAX, false);
                java.sql.Connection many = caughtUp(home.resolve("index/many.sqlite3"), 3, false);
                java.sql.Connection built = caughtUp(home.resolve("index/built.sqlite3"), 3, true)) {
            for (java.sql.Connection c : List.of(many, built)) {
                assertThat(Rows.all(c)).hasSizeGreaterThan(80).containsExactlyElementsOf(Rows.all(one));
                assertThat(terms(c)).containsExactlyElementsOf(terms(one));
                assertThat(TestIndexes.postings(c, false)).containsExactlyElementsOf(TestIndexes.postings(c, true))
                        .containsExactlyElementsOf(TestIndexes.postings(one, false));
                try (var rs = c.createStatement().executeQuery("SELECT count(*) FROM progress")) {
                    rs.next();
                    assertThat(rs.getInt(1)).isEqualTo(4);
                }
                // The postings index, dropped for a build, is there again.
                try (var rs = c.createStatement().executeQuery(
                        "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'postings_term'")) {
                    rs.next();
                    assertThat(rs.getInt(1)).isEqualTo(1);
                }
            }
            // FTS5 merged nothing while the build ran and everything at its end: one segment, where a
            // catch-up in batches of 3 has several; and the writes after it merge as FTS5 does by default.
            assertThat(scalar(many, "SELECT count(DISTINCT segid) FROM hits_idx")).isGreaterThan(1);
            assertThat(scalar(built, "SELECT count(DISTINCT segid) FROM hits_idx")).isEqualTo(1);
            assertThat(scalar(built, "SELECT v FROM hits_config WHERE k = 'automerge'")).isEqualTo(4);
            assertThat(scalar(built, "SELECT v FROM hits_config WHERE k = 'crisismerge'")).isEqualTo(16);
            built.createStatement().execute("INSERT INTO hits (hits) VALUES ('integrity-check')");
            // A build holds a term's postings back until they fill a block: a term in fewer rows than a
            // block has one segment, not one per batch of 3 records.
            try (var rs = built.createStatement().executeQuery("SELECT count(*), sum((SELECT count(*) FROM postings"
                    + " WHERE postings.term = terms.term) = 1) FROM terms WHERE docs BETWEEN 6 AND 127")) {
                rs.next();
                assertThat(rs.getInt(1)).isGreaterThan(10);
                assertThat(rs.getInt(2)).isEqualTo(rs.getInt(1));
            }
        }
    }

    @Test
    void aLogWithABrokenLineIsReadUpToItWithOneLogLineNamingItAndTheRestGoOn() throws Exception {
        append(home, A, user("readable", null));
        append(home, B, user("fine before", null), said("fine too"));
        Path broken = home.resolve("sessions/" + B + "/0.jsonl");
        Files.writeString(broken, "{not json\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        List<String> lines = new ArrayList<>();
        Handler capture = capture(lines);
        Logger logger = Logger.getLogger(IndexBuilder.class.getName());
        logger.addHandler(capture);
        try (MemoryIndex index = open()) {
            // The records before the bad line were read, as the sentence says, and are indexed.
            assertThat(Rows.texts(index)).containsExactlyInAnyOrder("readable", "fine before", "fine too");
        } finally {
            logger.removeHandler(capture);
        }
        assertThat(lines).containsExactly("the index reads no further in " + broken + ": the session log " + broken
                + " is not valid at record 2 (line 3 in an editor): it is not one JSON object; the records before it were"
                + " read and none after it; see runbook session-log-invalid");
    }

    @Test
    void aDeletedIndexIsRebuiltAtStart() throws Exception {
        append(home, A, user("remember this", null));
        notes(new NotesFile.Note(NoteHeader.noted(T0, A, DataClass.PRIVATE, false, false), "and this"));
        List<String> before;
        try (MemoryIndex index = open()) {
            before = Rows.all(index);
        }
        Files.delete(home.resolve("index/memory.sqlite3"));
        List<String> lines = new ArrayList<>();
        Handler capture = capture(lines);
        Logger logger = Logger.getLogger(MemoryIndex.class.getName());
        logger.addHandler(capture);
        try (MemoryIndex index = open()) {
            assertThat(Rows.all(index)).containsExactlyElementsOf(before).hasSize(2);
        } finally {
            logger.removeHandler(capture);
        }
        // One line says the index was built, from what, and how long it took.
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).matches(java.util.regex.Pattern.quote("the index " + home.resolve("index/memory.sqlite3")
                + " was built: 1 log, 1 record, 1 note, in ") + "[0-9]+\\.[0-9] s");
    }

    @Test
    void anEmptyHomeKeepsItsIndexFileFromStartToStartAndItsFirstLogGetsABuild() throws Exception {
        Path file = home.resolve("index/memory.sqlite3");
        Object made = emptyIndexMade();
        try (java.sql.Connection c = IndexFile.open(file, false)) {
            assertThat(scalar(c, "PRAGMA page_size")).isEqualTo(IndexFile.PAGE_BYTES);
        }
        try (MemoryIndex index = open()) {
            index.flush().get();
            assertThat(Rows.texts(index)).isEmpty();
        }
        assertThat(fileKey(file)).isEqualTo(made);
        assertThat(home.resolve("index/memory.sqlite3.new")).doesNotExist();
        append(home, A, user("the first words of this home", null));
        try (MemoryIndex index = open()) {
            index.flush().get();
            assertThat(Rows.texts(index)).containsExactly("the first words of this home");
        }
        assertThat(fileKey(file)).isNotEqualTo(made);
    }

    @Test
    void aSessionFolderWithoutALogOrALogOutsideASessionsFolderIsNothingToBuildFrom() throws Exception {
        Path file = home.resolve("index/memory.sqlite3");
        Object made = emptyIndexMade();
        Files.createDirectories(home.resolve("sessions").resolve(A));
        Files.createDirectories(home.resolve("sessions/not a session"));
        Files.writeString(home.resolve("sessions/not a session/0.jsonl"), "");
        try (MemoryIndex index = open()) {
            index.flush().get();
            assertThat(Rows.texts(index)).isEmpty();
        }
        assertThat(fileKey(file)).isEqualTo(made);
        assertThat(SessionDirs.anySession(home)).isFalse();
        append(home, B, user("a log among the folders", null));
        assertThat(SessionDirs.anySession(home)).isTrue();
    }

    /** Opens the index of a home with nothing to read, and closes it; its file's key. */
    Object emptyIndexMade() throws Exception {
        try (MemoryIndex index = open()) {
            index.flush().get();
        }
        return fileKey(home.resolve("index/memory.sqlite3"));
    }

    static Object fileKey(Path file) throws java.io.IOException {
        return Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
    }

    @Test
    void anIndexOfTheOlderLayoutIsRebuiltAtStartAndNeverWrittenTo() throws Exception {
        append(home, A, user("remember the launch window", null));
        List<String> before;
        try (MemoryIndex index = open()) {
            before = Rows.all(index);
        }
        // Layout 1 had no postings: without them the fast path would miss rows.
        try (java.sql.Connection c = IndexFile.open(home.resolve("index/memory.sqlite3"), true);
                java.sql.Statement s = c.createStatement()) {
            s.execute("DROP TABLE postings");
            s.execute("PRAGMA user_version = 1");
        }
        append(home, A, said("the launch moved to thursday"));
        List<String> lines = reopenedLogging(c -> {
            var rs = c.executeQuery("PRAGMA user_version");
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(IndexSchema.VERSION);
            rs = c.executeQuery("SELECT group_concat(term, ' ') FROM (SELECT term FROM postings WHERE term = 'launch')");
            rs.next();
            assertThat(rs.getString(1)).isEqualTo("launch");
        }, index -> assertThat(Rows.all(index)).hasSize(2).startsWith(before.get(0)));
        Path file = home.resolve("index/memory.sqlite3");
        assertThat(lines).satisfiesExactly(
                first -> assertThat(first).isEqualTo("the index " + file + " has layout 1 and this"
                        + " memoryd writes layout 3; rebuilding it (recall answers from the old file meanwhile)"),
                second -> assertThat(second).matches(java.util.regex.Pattern.quote("the index " + file
                        + " was built: 1 log, 2 records, 0 notes, in ") + "[0-9]+\\.[0-9] s"));
    }

    @Test
    void anIndexWithoutTheTurnColumnIsRebuiltAtStartAndItsRowsGetTheirTurns() throws Exception {
        append(home, A, new dev.boxmaker.proto.log.UserRecord(Logs.T0, 2, "remember the launch window", null));
        try (MemoryIndex index = open()) {
            index.flush().get();
        }
        // Layout 2 had no sources.turn.
        Path file = home.resolve("index/memory.sqlite3");
        try (java.sql.Connection c = IndexFile.open(file, true); java.sql.Statement s = c.createStatement()) {
            s.execute("ALTER TABLE sources DROP COLUMN turn");
            s.execute("PRAGMA user_version = 2");
        }
        List<String> lines = reopenedLogging(c -> {
            var rs = c.executeQuery("SELECT record, turn FROM sources");
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1)).isZero();
            assertThat(rs.getLong(2)).isEqualTo(2);
            assertThat(rs.next()).isFalse();
        }, index -> { });
        assertThat(lines).first().isEqualTo("the index " + file + " has layout 2 and this"
                + " memoryd writes layout 3; rebuilding it (recall answers from the old file meanwhile)");
    }

    /** What the index checks on its own file's connection, once reopened and caught up. */
    @FunctionalInterface
    interface FileCheck {
        void check(java.sql.Statement file) throws Exception;
    }

    /** What the index checks on the reopened index. */
    @FunctionalInterface
    interface IndexCheck {
        void check(MemoryIndex index) throws Exception;
    }

    /** Opens the index and waits for its work, runs the checks, and answers what MemoryIndex logged meanwhile. */
    List<String> reopenedLogging(FileCheck onFile, IndexCheck onIndex) throws Exception {
        List<String> lines = new ArrayList<>();
        Handler capture = capture(lines);
        Logger logger = Logger.getLogger(MemoryIndex.class.getName());
        logger.addHandler(capture);
        try (MemoryIndex index = open()) {
            index.flush().get();
            onIndex.check(index);
            try (java.sql.Connection c = IndexConnections.open(index); java.sql.Statement s = c.createStatement()) {
                onFile.check(s);
            }
        } finally {
            logger.removeHandler(capture);
        }
        return lines;
    }
}
