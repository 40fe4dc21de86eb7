package dev.boxmaker.memoryd.index.sql;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The index's tables. {@code hits}, {@code sources} and {@code progress} are the spec's (section 6);
 * the added columns and tables keep what recall's exact fast path needs, counted as rows are
 * written, so no query ever walks a whole posting list to learn them.
 */
public final class IndexSchema {
    /**
     * Bumped when the layout changes; an index of another version is rebuilt by reindex at start
     * (3: {@code sources.turn}).
     */
    public static final int VERSION = 3;

    /** The first layout whose {@code sources} has {@code turn}. */
    public static final int TURN_SINCE = 3;

    /**
     * How recall finds a term's segments. A build into an empty file drops it and makes it again at
     * the end, one sort instead of a random insert per term per batch; recall runs the literal query
     * while it is missing.
     */
    static final String POSTINGS_INDEX = "CREATE UNIQUE INDEX IF NOT EXISTS postings_term ON postings (term, first, last)";

    private static final String[] CREATE = {
        "CREATE VIRTUAL TABLE IF NOT EXISTS hits USING fts5(text, tokenize = 'unicode61')",
        // doclen: the row's token count, as FTS5 counts it; tokens: the row's FTS5 tokens, kept only
        // for rows whose text Tokens cannot split exactly itself (see Tokens.plain); turn: a session
        // record's turn, null for a note. Last, so reading a row's time parses no more than before.
        "CREATE TABLE IF NOT EXISTS sources (rowid INTEGER PRIMARY KEY, kind TEXT, session TEXT, epoch INTEGER,"
                + " record INTEGER, time TEXT, role TEXT, class TEXT, untrusted INTEGER, speaker TEXT, header TEXT,"
                + " doclen INTEGER NOT NULL DEFAULT 0, tokens TEXT, turn INTEGER)",
        // The notes alone, for a retraction's lookup and reindex's count, so a session row's insert
        // adds no index entry. sources_kind indexed every row; a file that still has it loses it here.
        "DROP INDEX IF EXISTS sources_kind",
        "CREATE INDEX IF NOT EXISTS sources_notes ON sources(role) WHERE kind = 'note'",
        // class and untrusted: the session's label after the records read, to resume the walk;
        // bytes: where the next record starts, to resume without rescanning.
        "CREATE TABLE IF NOT EXISTS progress (log TEXT PRIMARY KEY, records INTEGER,"
                + " class TEXT, untrusted INTEGER, bytes INTEGER)",
        // Per term: rows holding it, and bounds on its score (largest count in a row, shortest row).
        "CREATE TABLE IF NOT EXISTS terms (term TEXT PRIMARY KEY, docs INTEGER NOT NULL, tf_max INTEGER NOT NULL,"
                + " len_min INTEGER NOT NULL) WITHOUT ROWID",
        // Per term, its rows in segments (PostingCodec), each with its first and last rowid and size. A
        // rowid table, so new segments append at its end; the index lists a term's segments in order
        // without reading their blobs. A segment is never changed in place and ids are never reused,
        // so recall may cache a segment by its id.
        "CREATE TABLE IF NOT EXISTS postings (id INTEGER PRIMARY KEY AUTOINCREMENT, term TEXT NOT NULL, first INTEGER NOT NULL,"
                + " last INTEGER NOT NULL, n INTEGER NOT NULL, data BLOB NOT NULL)",
        POSTINGS_INDEX,
        // file: this file's own random id, so what recall caches from one file is never read as another's.
        "CREATE TABLE IF NOT EXISTS stats (id INTEGER PRIMARY KEY CHECK (id = 1), rows INTEGER NOT NULL,"
                + " tokens INTEGER NOT NULL, file INTEGER NOT NULL)",
        "INSERT OR IGNORE INTO stats (id, rows, tokens, file) VALUES (1, 0, 0, random())",
    };

    private IndexSchema() {
    }

    /**
     * The layout version of a file that holds tables, or {@link #VERSION} for an empty (new) file:
     * a file of another version lacks what the fast path reads, so it is rebuilt, never added to.
     */
    public static int version(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM sqlite_master")) {
                rs.next();
                if (rs.getLong(1) == 0) {
                    return VERSION;
                }
            }
            try (ResultSet rs = s.executeQuery("PRAGMA user_version")) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** Creates what is missing and stamps the version; run on the writer's connection. */
    public static void create(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : CREATE) {
                s.execute(sql);
            }
            s.execute("PRAGMA user_version = " + VERSION);
        }
    }

    /** Whether the file holds nothing read yet: a new file, or a deleted index made again. */
    public static boolean empty(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT (SELECT rows FROM stats WHERE id = 1) = 0"
                        + " AND NOT EXISTS (SELECT 1 FROM postings) AND NOT EXISTS (SELECT 1 FROM sources)"
                        + " AND NOT EXISTS (SELECT 1 FROM progress)")) {
            return rs.next() && rs.getInt(1) == 1;
        }
    }

    /**
     * FTS5's settings for a build into a new file. Its pending-data limit is 16 MB rather than 1 MB,
     * so a build's transaction is flushed as one segment rather than several (kept in the file's FTS5
     * configuration; an edit's few rows never come near it). And FTS5 merges no segments while the
     * build runs; {@link #mergeBuilt} merges them all once at its end. At a million rows, merging as
     * they come took about a fifth of FTS5's time (6.0 s against 4.6 s, bench/Fts5Floor) and the one
     * merge at the end takes 0.8 to 1.4 s, so the build gains a little, and the file it leaves holds
     * one segment where it held several levels of them.
     */
    public static void bulkSettings(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            setFts5(s, "hashsize", FTS5_HASH_BYTES);
            setFts5(s, "automerge", 0);
            setFts5(s, "crisismerge", BUILD_CRISIS_MERGE);
        }
    }

    /** Sets FTS5's configuration option {@code key} of {@code hits} (kept in the file, in the transaction open). */
    public static void setFts5(Statement s, String key, long value) throws SQLException {
        s.execute("INSERT INTO hits (hits, rank) VALUES ('" + key + "', " + value + ")");
    }

    /** FTS5's configuration option {@code key} of {@code hits}, {@code otherwise} when the file names none. */
    public static long fts5Setting(Statement s, String key, long otherwise) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT v FROM hits_config WHERE k = '" + key + "'")) {
            return rs.next() ? rs.getLong(1) : otherwise;
        }
    }

    /** See {@link #bulkSettings}. */
    static final int FTS5_HASH_BYTES = 16 * 1024 * 1024;

    /**
     * FTS5 merges a level at once when it holds this many segments; during a build, more than the
     * build makes (a segment per transaction of {@link IndexBuilder#RECORDS_PER_TRANSACTION_MAX}
     * records: 40 at a million), and well under FTS5's limit of 2,000 segments.
     */
    static final int BUILD_CRISIS_MERGE = 1_000;

    /** FTS5's own defaults, which the index keeps after a build (fts5_config.c). */
    public static final int AUTOMERGE = 4;
    static final int CRISIS_MERGE = 16;

    /** FTS5's own pending-data limit (fts5_config.c), for a file whose configuration names none. */
    public static final int FTS5_DEFAULT_HASH_BYTES = 1 << 20;

    /**
     * At the end of a build: FTS5's segments merged into one, and its merge settings back to the
     * defaults for the writes that follow, so none of them meets a pile of segments to merge at once.
     */
    public static void mergeBuilt(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("INSERT INTO hits (hits) VALUES ('optimize')");
            setFts5(s, "automerge", AUTOMERGE);
            setFts5(s, "crisismerge", CRISIS_MERGE);
        }
    }

    public static void dropPostingsIndex(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DROP INDEX IF EXISTS postings_term");
        }
    }

    public static void createPostingsIndex(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(POSTINGS_INDEX);
        }
    }

    /**
     * Reads the schema and one row of every table, so a file that is not a database, or is damaged
     * where the schema lives, fails here rather than at the first recall.
     */
    public static void probe(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.executeQuery("SELECT count(*) FROM sqlite_master").close();
            s.executeQuery("SELECT rowid FROM hits LIMIT 1").close();
            s.executeQuery("SELECT rows, tokens FROM stats WHERE id = 1").close();
            s.executeQuery("SELECT * FROM progress LIMIT 1").close();
        }
    }

    /**
     * A file cut short: its pages run past its end. Only checked while no -wal file holds pages of
     * its own (after a clean close), since then the file alone must hold every page.
     */
    public static void checkWhole(Connection c, Path file) throws SQLException, IOException {
        Path wal = file.resolveSibling(file.getFileName() + "-wal");
        if (Files.exists(wal) && Files.size(wal) > 0) {
            return;
        }
        long pages;
        long pageSize;
        try (Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("PRAGMA page_count")) {
                rs.next();
                pages = rs.getLong(1);
            }
            try (ResultSet rs = s.executeQuery("PRAGMA page_size")) {
                rs.next();
                pageSize = rs.getLong(1);
            }
        }
        if (pages * pageSize > Files.size(file)) {
            throw new SQLException("[SQLITE_CORRUPT] the file holds fewer pages than its header counts", "", 11);
        }
    }
}
