package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.index.sql.IndexFile;
import dev.boxmaker.memoryd.index.sql.Statements;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * The index's reader connections kept open between reads, each with the statements prepared on it
 * ({@link Statements}), and the generation of the file it was opened on: a reindex renames a new
 * file in, and a reader of the old one is closed rather than lent again.
 */
final class Readers {
    /** A reader connection, its kept statements, and its file's generation. */
    record Reader(Statements statements, long generation) {
        Connection c() {
            return statements.connection();
        }
    }

    private final BlockingQueue<Reader> idle;

    /** Keeps at most {@code idleMax} idle readers; more readers open their own and close them after. */
    Readers(int idleMax) {
        idle = new ArrayBlockingQueue<>(idleMax);
    }

    /** An idle reader of {@code generation}, or a new one opened on {@code file}; idle ones of older files are closed. */
    Reader borrow(Path file, long generation) throws SQLException {
        for (Reader r; (r = idle.poll()) != null; ) {
            if (r.generation() == generation) {
                return r;
            }
            IndexFile.closeQuietly(r.c());
        }
        Connection c = IndexFile.open(file, false);
        try {
            c.createStatement().execute("PRAGMA query_only = 1");
        } catch (SQLException e) {
            IndexFile.closeQuietly(c);
            throw e;
        }
        return new Reader(new Statements(c), generation);
    }

    /** Keeps {@code reader} for the next read if it is of {@code generation} and there is room; else closes it. */
    void giveBack(Reader reader, long generation) {
        if (reader.generation() != generation || !idle.offer(reader)) {
            IndexFile.closeQuietly(reader.c());
        }
    }

    /** Closes every idle reader (their statements with them). */
    void closeIdle() {
        for (Reader r; (r = idle.poll()) != null; ) {
            IndexFile.closeQuietly(r.c());
        }
    }
}
