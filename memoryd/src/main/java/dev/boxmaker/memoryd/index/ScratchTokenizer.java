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
 * tokens back. Temporary tables belong to one connection and never touch the index file.
 */
final class ScratchTokenizer {
    private final Connection connection;

    ScratchTokenizer(Connection connection) throws SQLException {
        this.connection = connection;
        try (Statement s = connection.createStatement()) {
            s.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.scratch USING fts5(text, tokenize = 'unicode61')");
            s.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.scratch_tokens USING fts5vocab(temp, scratch, instance)");
        }
    }

    /** The tokens of each text, in order of position. */
    List<List<String>> tokens(List<String> texts) throws SQLException {
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
