package dev.boxmaker.memoryd.index;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * FTS5's own tokens for texts that are not plain ({@link Tokens}): the texts go into a temporary
 * FTS5 table with the index's tokenizer, and an {@code fts5vocab} instance table reads each one's
 * tokens back. One per process, on a private in-memory database of the same SQLite library, so it
 * never touches an index file and any thread may use it (one at a time) while a writer's
 * connection is busy with a transaction.
 */
final class ScratchTokenizer {
    private static ScratchTokenizer shared;

    private final Connection connection;

    /** The process's tokenizer, made on first use. */
    static synchronized ScratchTokenizer shared() throws SQLException {
        if (shared == null) {
            org.sqlite.SQLiteDataSource source = new org.sqlite.SQLiteDataSource();
            source.setUrl("jdbc:sqlite::memory:");
            shared = new ScratchTokenizer(source.getConnection());
        }
        return shared;
    }

    private ScratchTokenizer(Connection connection) throws SQLException {
        this.connection = connection;
        try (Statement s = connection.createStatement()) {
            s.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.scratch USING fts5(text, tokenize = 'unicode61')");
            s.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.scratch_tokens USING fts5vocab(temp, scratch, instance)");
        }
    }

    /** The tokens of each text, in order of position. */
    synchronized List<List<String>> tokens(List<String> texts) throws SQLException {
        if (texts.isEmpty()) {
            return List.of();
        }
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO temp.scratch (rowid, text) VALUES (?, ?)")) {
            for (int i = 0; i < texts.size(); i++) {
                insert.setLong(1, i + 1);
                insert.setString(2, texts.get(i));
                insert.addBatch();
            }
            insert.executeBatch();
        }
        Map<Long, Map<Integer, String>> byDoc = new HashMap<>();
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT term, doc, offset FROM temp.scratch_tokens")) {
            while (rs.next()) {
                byDoc.computeIfAbsent(rs.getLong(2), d -> new java.util.TreeMap<>()).put(rs.getInt(3), rs.getString(1));
            }
        }
        try (Statement s = connection.createStatement()) {
            s.execute("DELETE FROM temp.scratch");
        }
        List<List<String>> out = new ArrayList<>(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            Map<Integer, String> doc = byDoc.get((long) i + 1);
            out.add(doc == null ? List.of() : List.copyOf(doc.values()));
        }
        return out;
    }
}
