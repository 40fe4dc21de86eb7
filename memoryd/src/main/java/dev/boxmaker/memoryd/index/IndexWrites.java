package dev.boxmaker.memoryd.index;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Rows in and out of the index on the writer's connection, keeping {@code sources}, {@code terms}
 * and {@code stats} in step with FTS5's own counts: the fast path's exactness rests on them. The
 * caller holds the transaction.
 */
final class IndexWrites {
    private final Connection c;
    private final ScratchTokenizer scratch;
    private final PostingWrites postings;

    IndexWrites(Connection c) throws SQLException {
        this(c, PostingWrites.Shape.DEFAULT);
    }

    IndexWrites(Connection c, PostingWrites.Shape shape) throws SQLException {
        this.c = c;
        this.scratch = new ScratchTokenizer(c);
        this.postings = new PostingWrites(c, shape);
        Tokens.calibrate(scratch);
    }

    /**
     * Adds {@code rows}: FTS5 text, sources with each row's token count, the postings, the term
     * counts and totals. Each row's tokens are folded into its terms' postings as it is bound, so a
     * batch holds one growing list per term rather than every row's tokens.
     */
    void insert(List<IndexRow> rows) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        java.util.Iterator<List<String>> others = othersTokens(rows).iterator();
        Map<String, PostingCodec.Postings> byTerm = new HashMap<>();
        long tokenTotal = 0;
        long rowid = nextRowid();
        try (PreparedStatement hit = c.prepareStatement("INSERT INTO hits (rowid, text) VALUES (?, ?)");
                PreparedStatement source = c.prepareStatement("INSERT INTO sources (rowid, kind, session, epoch, record,"
                        + " time, role, class, untrusted, speaker, header, doclen, tokens)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (IndexRow row : rows) {
                boolean plain = Tokens.plain(row.text());
                List<String> rowTokens = plain ? Tokens.split(row.text()) : others.next();
                hit.setLong(1, rowid);
                hit.setString(2, row.text());
                hit.addBatch();
                bindSource(source, rowid, row, rowTokens, plain);
                source.addBatch();
                tokenTotal += rowTokens.size();
                int length = rowTokens.size();
                for (String t : rowTokens) {
                    PostingCodec.Postings p = byTerm.get(t);
                    if (p == null) {
                        p = new PostingCodec.Postings(2);
                        byTerm.put(t, p);
                    }
                    p.addOccurrence(rowid, length);
                }
                rowid++;
            }
            hit.executeBatch();
            source.executeBatch();
        }
        applyDeltas(byTerm);
        postings.add(byTerm, rows.size());
        addStats(rows.size(), tokenTotal);
    }

    /** Rows are numbered here, one past the highest, so hits and sources share each rowid. */
    private long nextRowid() throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT coalesce(max(rowid), 0) + 1 FROM sources");
                ResultSet rs = q.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void bindSource(PreparedStatement s, long rowid, IndexRow row, List<String> tokens, boolean plain)
            throws SQLException {
        s.setLong(1, rowid);
        s.setString(2, row.kind());
        s.setString(3, row.session());
        s.setObject(4, row.epoch());
        s.setLong(5, row.record());
        s.setString(6, row.time());
        s.setString(7, row.role());
        s.setString(8, row.dataClass().wire());
        s.setInt(9, row.untrusted() ? 1 : 0);
        s.setString(10, row.speaker());
        s.setString(11, row.header());
        s.setLong(12, tokens.size());
        s.setString(13, plain ? null : String.join(" ", tokens));
    }

    /**
     * The FTS5 tokens of the rows that are not plain (Tokens.plain), in order, split by FTS5 itself,
     * all of a batch at once.
     */
    private List<List<String>> othersTokens(List<IndexRow> rows) throws SQLException {
        List<String> others = new ArrayList<>();
        for (IndexRow row : rows) {
            if (!Tokens.plain(row.text())) {
                others.add(row.text());
            }
        }
        return others.isEmpty() ? List.of() : scratch.tokens(others);
    }

    /** Per term, what the batch adds: rows holding it, its largest count in a row, the shortest row. */
    private void applyDeltas(Map<String, PostingCodec.Postings> byTerm) throws SQLException {
        try (PreparedStatement up = c.prepareStatement("INSERT INTO terms (term, docs, tf_max, len_min) VALUES (?, ?, ?, ?)"
                + " ON CONFLICT (term) DO UPDATE SET docs = docs + excluded.docs,"
                + " tf_max = max(tf_max, excluded.tf_max), len_min = min(len_min, excluded.len_min)")) {
            for (var e : byTerm.entrySet()) {
                PostingCodec.Postings p = e.getValue();
                up.setString(1, e.getKey());
                up.setLong(2, p.size);
                up.setLong(3, p.maxCount(0, p.size));
                up.setLong(4, p.minLength(0, p.size));
                up.addBatch();
            }
            up.executeBatch();
        }
    }

    private void addStats(long rows, long tokens) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE stats SET rows = rows + ?, tokens = tokens + ? WHERE id = 1")) {
            s.setLong(1, rows);
            s.setLong(2, tokens);
            s.executeUpdate();
        }
    }

    /**
     * Removes one row. Its terms' row counts go down; their score bounds stay, which only makes
     * them looser, never wrong.
     */
    void delete(long rowid) throws SQLException {
        String text;
        String stored;
        try (PreparedStatement q = c.prepareStatement(
                "SELECT hits.text, sources.tokens FROM hits JOIN sources ON sources.rowid = hits.rowid WHERE hits.rowid = ?")) {
            q.setLong(1, rowid);
            try (ResultSet rs = q.executeQuery()) {
                if (!rs.next()) {
                    return;
                }
                text = rs.getString(1);
                stored = rs.getString(2);
            }
        }
        List<String> tokens = stored == null ? Tokens.split(text)
                : stored.isEmpty() ? List.of() : List.of(stored.split(" "));
        java.util.Set<String> distinct = new java.util.HashSet<>(tokens);
        postings.remove(rowid, distinct);
        try (PreparedStatement down = c.prepareStatement("UPDATE terms SET docs = docs - 1 WHERE term = ?")) {
            for (String t : distinct) {
                down.setString(1, t);
                down.addBatch();
            }
            down.executeBatch();
        }
        try (PreparedStatement d = c.prepareStatement("DELETE FROM hits WHERE rowid = ?");
                PreparedStatement s = c.prepareStatement("DELETE FROM sources WHERE rowid = ?")) {
            d.setLong(1, rowid);
            d.executeUpdate();
            s.setLong(1, rowid);
            s.executeUpdate();
        }
        addStats(-1, -tokens.size());
    }
}
