package dev.boxmaker.memoryd.index.build;

import dev.boxmaker.memoryd.index.sql.IndexFile;
import dev.boxmaker.memoryd.index.sql.SqlWork;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Label;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;

/**
 * How far the index has read one log, a session's or notes.md, as its row of {@code progress} keeps
 * it: the records read, the label after them, and the byte offset after them (null when not known).
 * Here too is the transaction that writes rows with the progress they reach, so the index and its
 * progress never disagree.
 */
record LogProgress(long records, Label label, Long bytes) {
    /** A log the index has read nothing of. */
    static final LogProgress START = new LogProgress(0, Label.SESSION_START, 0L);

    /** {@code key}'s progress; {@link #START} when it has no row. */
    static LogProgress read(Connection c, String key) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT log, records, class, untrusted, bytes FROM progress WHERE log = ?")) {
            q.setString(1, key);
            try (ResultSet rs = q.executeQuery()) {
                return rs.next() ? of(rs) : START;
            }
        }
    }

    /** Every log's progress, by its name in {@code progress}. */
    static Map<String, LogProgress> readAll(Connection c) throws SQLException {
        Map<String, LogProgress> all = new java.util.HashMap<>();
        try (PreparedStatement q = c.prepareStatement("SELECT log, records, class, untrusted, bytes FROM progress");
                ResultSet rs = q.executeQuery()) {
            while (rs.next()) {
                all.put(rs.getString(1), of(rs));
            }
        }
        return all;
    }

    /** A progress row: log, records, class, untrusted, bytes. */
    private static LogProgress of(ResultSet rs) throws SQLException {
        long bytes = rs.getLong(5);
        Long saved = rs.wasNull() ? null : bytes;
        return new LogProgress(rs.getLong(2), new Label(DataClass.parse(rs.getString(3)), rs.getInt(4) != 0), saved);
    }

    /** Runs {@code work} and records the progress it reached, in one transaction. */
    static void transaction(Connection c, SqlWork work, Map<String, LogProgress> progress) throws SQLException {
        IndexFile.inTransaction(c, () -> {
            work.run();
            try (PreparedStatement p = c.prepareStatement("INSERT OR REPLACE INTO progress (log, records, class, untrusted, bytes)"
                    + " VALUES (?, ?, ?, ?, ?)")) {
                for (var e : progress.entrySet()) {
                    p.setString(1, e.getKey());
                    p.setLong(2, e.getValue().records());
                    p.setString(3, e.getValue().label().dataClass().wire());
                    p.setInt(4, e.getValue().label().untrusted() ? 1 : 0);
                    p.setObject(5, e.getValue().bytes());
                    p.addBatch();
                }
                p.executeBatch();
            }
        });
    }
}
