package dev.boxmaker.memoryd.index.postings;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Keeps {@code terms} in step with the postings written: per term, the rows holding it, its largest
 * count in a row and the shortest row holding it. A batch's changes are added to the table at once;
 * a build sums them first ({@link BuildTerms}), so a term seen in every batch is written a few times,
 * not once per batch. The caller holds the transaction.
 */
public final class TermDeltas {
    private static final String UPSERT = "INSERT INTO terms (term, docs, tf_max, len_min) VALUES (?, ?, ?, ?)"
            + " ON CONFLICT (term) DO UPDATE SET docs = docs + excluded.docs,"
            + " tf_max = max(tf_max, excluded.tf_max), len_min = min(len_min, excluded.len_min)";

    private final Connection c;

    public TermDeltas(Connection c) {
        this.c = c;
    }

    /** One term's counts to add to the table. */
    public record Row(String term, long docs, long tfMax, long lenMin) {
        /** What {@code p}, a batch's postings of {@code term}, adds. */
        static Row of(String term, PostingCodec.Postings p) {
            return new Row(term, p.size, p.maxCount(0, p.size), p.minLength(0, p.size));
        }
    }

    /** Adds a batch's postings' counts to the table. */
    public void add(Map<String, PostingCodec.Postings> byTerm) throws SQLException {
        List<Row> rows = new ArrayList<>(byTerm.size());
        for (var e : byTerm.entrySet()) {
            rows.add(Row.of(e.getKey(), e.getValue()));
        }
        write(rows);
    }

    /** Adds rows' counts to the table, in their order. */
    public void write(List<Row> rows) throws SQLException {
        try (PreparedStatement up = c.prepareStatement(UPSERT)) {
            for (Row r : rows) {
                bind(up, r);
            }
            up.executeBatch();
        }
    }

    private static void bind(PreparedStatement up, Row r) throws SQLException {
        up.setString(1, r.term());
        up.setLong(2, r.docs());
        up.setLong(3, r.tfMax());
        up.setLong(4, r.lenMin());
        up.addBatch();
    }
}
