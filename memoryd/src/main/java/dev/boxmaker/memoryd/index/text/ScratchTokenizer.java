package dev.boxmaker.memoryd.index.text;

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
public final class ScratchTokenizer {
    private static ScratchTokenizer shared;

    private final Connection connection;

    /** The process's tokenizer, made on first use. */
    public static synchronized ScratchTokenizer shared() throws SQLException {
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
        // Each text's tokens by position, every term held once: a map entry and a string per token
        // took about 100 bytes of heap a token, and one accented record of 12 MB (two million
        // tokens) ran memoryd's heap out, which lost the whole build it was part of.
        String[][] byDoc = new String[texts.size()][];
        int[] counts = new int[texts.size()];
        Map<String, String> terms = new HashMap<>();
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT term, doc, offset FROM temp.scratch_tokens")) {
            while (rs.next()) {
                String term = terms.computeIfAbsent(rs.getString(1), t -> t);
                int doc = (int) rs.getLong(2) - 1;
                int at = rs.getInt(3);
                String[] tokens = byDoc[doc];
                if (tokens == null || at >= tokens.length) {
                    int size = Math.max(at + 1, tokens == null ? 16 : tokens.length * 2);
                    tokens = tokens == null ? new String[size] : java.util.Arrays.copyOf(tokens, size);
                    byDoc[doc] = tokens;
                }
                tokens[at] = term;
                counts[doc] = Math.max(counts[doc], at + 1);
            }
        }
        try (Statement s = connection.createStatement()) {
            s.execute("DELETE FROM temp.scratch");
        }
        List<List<String>> out = new ArrayList<>(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            out.add(byDoc[i] == null ? List.of() : inOrder(byDoc[i], counts[i]));
        }
        return out;
    }

    /** The first {@code count} of {@code tokens}, by position; a position FTS5 gave no token is left out. */
    private static List<String> inOrder(String[] tokens, int count) {
        int kept = 0;
        for (int i = 0; i < count; i++) {
            if (tokens[i] != null) {
                tokens[kept++] = tokens[i];
            }
        }
        return java.util.Arrays.asList(tokens).subList(0, kept);
    }
}
