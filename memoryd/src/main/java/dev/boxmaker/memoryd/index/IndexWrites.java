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
    /** Per term, what one batch adds: rows holding it, its largest count in a row, the shortest row. */
    private static final class TermDelta {
        long docs;
        long tfMax;
        long lenMin = Long.MAX_VALUE;
    }

    private final Connection c;
    private final ScratchTokenizer scratch;

    IndexWrites(Connection c) throws SQLException {
        this.c = c;
        this.scratch = new ScratchTokenizer(c);
        Tokens.calibrate(scratch);
    }

    /** Adds {@code rows}: FTS5 text, sources with each row's token count, the term counts and totals. */
    void insert(List<IndexRow> rows) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        List<List<String>> tokens = tokensOf(rows);
        Map<String, TermDelta> deltas = new HashMap<>();
        long tokenTotal = 0;
        long rowid = nextRowid();
        try (PreparedStatement hit = c.prepareStatement("INSERT INTO hits (rowid, text) VALUES (?, ?)");
                PreparedStatement source = c.prepareStatement("INSERT INTO sources (rowid, kind, session, epoch, record,"
                        + " time, role, class, untrusted, speaker, header, doclen, tokens)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (int i = 0; i < rows.size(); i++) {
                IndexRow row = rows.get(i);
                List<String> rowTokens = tokens.get(i);
                hit.setLong(1, rowid);
                hit.setString(2, row.text());
                hit.addBatch();
                bindSource(source, rowid++, row, rowTokens);
                source.addBatch();
                tokenTotal += rowTokens.size();
                count(rowTokens, deltas);
            }
            hit.executeBatch();
            source.executeBatch();
        }
        applyDeltas(deltas);
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

    private static void bindSource(PreparedStatement s, long rowid, IndexRow row, List<String> tokens)
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
        s.setString(13, Tokens.plain(row.text()) ? null : String.join(" ", tokens));
    }

    /** Each row's FTS5 tokens: split here when plain, by FTS5 otherwise (all of a batch at once). */
    private List<List<String>> tokensOf(List<IndexRow> rows) throws SQLException {
        List<List<String>> out = new ArrayList<>(rows.size());
        List<String> others = new ArrayList<>();
        for (IndexRow row : rows) {
            if (Tokens.plain(row.text())) {
                out.add(Tokens.split(row.text()));
            } else {
                out.add(null);
                others.add(row.text());
            }
        }
        List<List<String>> split = scratch.tokens(others);
        for (int i = 0, j = 0; i < out.size(); i++) {
            if (out.get(i) == null) {
                out.set(i, split.get(j++));
            }
        }
        return out;
    }

    private static void count(List<String> tokens, Map<String, TermDelta> deltas) {
        Map<String, Integer> tf = new HashMap<>();
        for (String t : tokens) {
            tf.merge(t, 1, Integer::sum);
        }
        for (var e : tf.entrySet()) {
            TermDelta d = deltas.computeIfAbsent(e.getKey(), k -> new TermDelta());
            d.docs++;
            d.tfMax = Math.max(d.tfMax, e.getValue());
            d.lenMin = Math.min(d.lenMin, tokens.size());
        }
    }

    private void applyDeltas(Map<String, TermDelta> deltas) throws SQLException {
        try (PreparedStatement up = c.prepareStatement("INSERT INTO terms (term, docs, tf_max, len_min) VALUES (?, ?, ?, ?)"
                + " ON CONFLICT (term) DO UPDATE SET docs = docs + excluded.docs,"
                + " tf_max = max(tf_max, excluded.tf_max), len_min = min(len_min, excluded.len_min)")) {
            for (var e : deltas.entrySet()) {
                up.setString(1, e.getKey());
                up.setLong(2, e.getValue().docs);
                up.setLong(3, e.getValue().tfMax);
                up.setLong(4, e.getValue().lenMin);
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
        try (PreparedStatement down = c.prepareStatement("UPDATE terms SET docs = docs - 1 WHERE term = ?")) {
            for (String t : new java.util.HashSet<>(tokens)) {
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
