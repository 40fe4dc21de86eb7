package dev.boxmaker.memoryd.index.sql;

import dev.boxmaker.memoryd.index.sql.SqlWork;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.sqlite.SQLiteDataSource;

/**
 * Opening the index file: 0600, created before SQLite opens it (SQLite gives its -wal and -shm the
 * same mode), connections through {@link SQLiteDataSource} (build-notes.md), and what counts as a
 * damaged file.
 */
public final class IndexFile {
    /**
     * The page size of a file built here: 16 KiB rather than 4, so FTS5's segments and the postings'
     * blobs take fewer pages and a build writes fewer B-tree pages (a build of a million chat-like
     * records took about a fifth less CPU in FTS5 alone).
     */
    public static final int PAGE_BYTES = 16_384;

    /** How long a connection waits for another's lock before failing. */
    public static final int BUSY_TIMEOUT_MILLIS = 5_000;

    /**
     * The most of its log ({@code -wal}) the index keeps on disk once the log starts over after a
     * checkpoint: a catch-up's round grows it to about 100 MB at chat-like sizes, which SQLite would
     * otherwise keep, and reuse, for good.
     */
    static final long WAL_BYTES_KEPT = 16L << 20;

    /** SQLite's primary result codes for a damaged file. */
    private static final int SQLITE_CORRUPT = 11;
    private static final int SQLITE_NOTADB = 26;

    private IndexFile() {
    }

    /** Creates {@code file} empty and 0600 if it does not exist. */
    public static void createPrivate(Path file) throws IOException {
        if (!Files.exists(file)) {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        }
    }

    /** A connection to {@code file}; {@code wal} puts the file in WAL mode (the writer does). */
    public static Connection open(Path file, boolean wal) throws SQLException {
        return open(file, wal, false);
    }

    /**
     * {@link #open}; {@code oneThreadAtATime}: without SQLite's own lock on the connection
     * ({@code SQLITE_OPEN_NOMUTEX}), for a connection only ever used by one thread at a time, handed
     * from one to another with a happens-before edge, as a build's are (its pipeline's futures). That
     * lock was taken and let go on every bind and step: a tenth of a build's side-file thread.
     */
    private static Connection open(Path file, boolean wal, boolean oneThreadAtATime) throws SQLException {
        SQLiteDataSource source = new SQLiteDataSource();
        source.setUrl("jdbc:sqlite:" + file);
        if (oneThreadAtATime) {
            source.getConfig().setOpenMode(org.sqlite.SQLiteOpenMode.NOMUTEX);
        }
        Connection c = source.getConnection();
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA busy_timeout = " + BUSY_TIMEOUT_MILLIS);
            if (wal) {
                if (file.toFile().length() == 0) {
                    // A new file: a build's page size, while it can still be set (WAL mode fixes it).
                    s.execute("PRAGMA page_size = " + PAGE_BYTES);
                }
                s.execute("PRAGMA journal_mode = WAL");
                // In WAL mode NORMAL loses at most the last commits on power loss, never consistency;
                // the index is disposable and progress is committed with its rows.
                s.execute("PRAGMA synchronous = NORMAL");
                s.execute("PRAGMA journal_size_limit = " + WAL_BYTES_KEPT);
            }
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return c;
    }

    /** Whether {@code e} says the file is damaged: SQLite's corrupt or not-a-database. */
    public static boolean damaged(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s) {
                int code = s.getErrorCode() & 0xff;
                String m = String.valueOf(s.getMessage());
                if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB || m.contains("SQLITE_CORRUPT")
                        || m.contains("SQLITE_NOTADB")) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * A connection to {@code file}, made new (0600) for a build: a file nobody reads until it is
     * complete, so no journal and no sync (it is flushed whole, or thrown away), and a build's page size;
     * used by one thread at a time (see {@link #open(Path, boolean, boolean)}).
     */
    public static Connection openForBuild(Path file) throws IOException, SQLException {
        createPrivate(file);
        Connection c = open(file, false, true);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode = OFF");
            s.execute("PRAGMA synchronous = OFF");
            s.execute("PRAGMA page_size = " + PAGE_BYTES);
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return c;
    }

    /** Deletes {@code file} and any journal, -wal or -shm SQLite left beside it. */
    public static void deleteWithSidecars(Path file) throws IOException {
        Files.deleteIfExists(file);
        for (String sidecar : new String[] {"-journal", "-wal", "-shm"}) {
            Files.deleteIfExists(file.resolveSibling(file.getFileName() + sidecar));
        }
    }

    /**
     * Runs {@code work} in one transaction on {@code c} (the one its earlier parts opened, if any):
     * committed whole, or rolled back and its failure thrown.
     */
    public static void inTransaction(Connection c, SqlWork work) throws SQLException {
        partOfTransaction(c, () -> {
            work.run();
            c.commit();
        });
        c.setAutoCommit(true);
    }

    /**
     * Runs {@code work} in the transaction open on {@code c}, opening one when none is: a part of a
     * transaction that a later {@link #inTransaction} on the same thread commits. A failure rolls back
     * the whole transaction, its earlier parts too.
     */
    public static void partOfTransaction(Connection c, SqlWork work) throws SQLException {
        c.setAutoCommit(false);
        try {
            work.run();
        } catch (SQLException | RuntimeException e) {
            try {
                c.rollback();
            } finally {
                c.setAutoCommit(true);
            }
            throw e;
        }
    }

    /** Flushes a directory's entries, so a rename in it survives a crash. */
    public static void syncDirectory(Path dir) throws IOException {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        }
    }

    public static void closeQuietly(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception ignored) {
            // Closing a connection to a file being replaced or already damaged; nothing to keep.
        }
    }
}
