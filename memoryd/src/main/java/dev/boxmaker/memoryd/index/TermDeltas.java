package dev.boxmaker.memoryd.index;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps {@code terms} in step with the postings written: per term, the rows holding it, its largest
 * count in a row and the shortest row holding it. A batch's changes are added to the table at once;
 * during a build ({@link #startBuild}) they are summed here first, so a term seen in every batch is
 * written a few times, not once per batch. The caller holds the transaction.
 */
final class TermDeltas {
    /** The most terms a build sums before writing them (about 130 bytes each here). */
    static final int HELD_MAX = 65_536;

    private static final String UPSERT = "INSERT INTO terms (term, docs, tf_max, len_min) VALUES (?, ?, ?, ?)"
            + " ON CONFLICT (term) DO UPDATE SET docs = docs + excluded.docs,"
            + " tf_max = max(tf_max, excluded.tf_max), len_min = min(len_min, excluded.len_min)";

    private final Connection c;
    private final int heldMax;
    /** During a build: per term, rows, largest count, shortest row, not written yet; null otherwise. */
    private Map<String, long[]> held;

    TermDeltas(Connection c, int heldMax) {
        this.c = c;
        this.heldMax = heldMax;
    }

    /** One term's counts to add to the table. */
    record Row(String term, long docs, long tfMax, long lenMin) {
        /** What {@code p}, a batch's postings of {@code term}, adds. */
        static Row of(String term, PostingCodec.Postings p) {
            return new Row(term, p.size, p.maxCount(0, p.size), p.minLength(0, p.size));
        }
    }

    /** Adds a batch's postings' counts to the table. */
    void add(Map<String, PostingCodec.Postings> byTerm) throws SQLException {
        List<Row> rows = new ArrayList<>(byTerm.size());
        for (var e : byTerm.entrySet()) {
            rows.add(Row.of(e.getKey(), e.getValue()));
        }
        write(rows);
    }

    /** Adds rows' counts to the table, in their order. */
    void write(List<Row> rows) throws SQLException {
        try (PreparedStatement up = c.prepareStatement(UPSERT)) {
            for (Row r : rows) {
                bind(up, r);
            }
            up.executeBatch();
        }
    }

    /**
     * From here to {@link #drainBuild}, a batch's counts are summed here ({@link #planBuild}) and
     * written when too many terms are held.
     */
    void startBuild() {
        held = new HashMap<>();
    }

    /** Sums a build's batch; the rows to write now (all that was summed, once too many terms are held). */
    List<Row> planBuild(TermTable batch) {
        PostingCodec.Postings[] byId = batch.postings();
        for (int id = 0; id < batch.size(); id++) {
            PostingCodec.Postings p = byId[id];
            long docs = p.size;
            long tfMax = p.maxCount(0, p.size);
            long lenMin = p.minLength(0, p.size);
            long[] sum = held.get(batch.term(id));
            if (sum == null) {
                held.put(batch.term(id), new long[] {docs, tfMax, lenMin});
            } else {
                sum[0] += docs;
                sum[1] = Math.max(sum[1], tfMax);
                sum[2] = Math.min(sum[2], lenMin);
            }
        }
        return held.size() > heldMax ? drain() : List.of();
    }

    /** Everything a build summed and has not written, in term order; the build is over. */
    List<Row> drainBuild() {
        List<Row> out = drain();
        held = null;
        return out;
    }

    private List<Row> drain() {
        String[] terms = held.keySet().toArray(new String[0]);
        Arrays.sort(terms);
        List<Row> out = new ArrayList<>(terms.length);
        for (String term : terms) {
            long[] sum = held.get(term);
            out.add(new Row(term, sum[0], sum[1], sum[2]));
        }
        held.clear();
        return out;
    }

    private static void bind(PreparedStatement up, Row r) throws SQLException {
        up.setString(1, r.term());
        up.setLong(2, r.docs());
        up.setLong(3, r.tfMax());
        up.setLong(4, r.lenMin());
        up.addBatch();
    }
}
