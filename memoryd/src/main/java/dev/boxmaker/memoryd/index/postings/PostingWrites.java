package dev.boxmaker.memoryd.index.postings;

import dev.boxmaker.memoryd.index.postings.PostingCodec.Postings;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Keeps {@code postings} in step with FTS5's own rows: per term, its rows in segments of at most
 * {@link PostingCodec#SEGMENT_MAX}, so recall reads a term's rows, counts and row lengths in a few
 * blobs instead of asking FTS5 for each row. The caller holds the transaction.
 *
 * <p>A small batch (a turn's records, a note) is merged into the term's last segment while it has
 * room, so a term does not end up as thousands of one-posting segments; a large batch (a catch-up)
 * writes its own segments without reading any, which costs a reader at most one more segment per
 * term per large batch. A build reads no segment either, and holds back a term's postings until they
 * fill a block ({@link BuildTerms}), so a rare term gets one segment, not one per batch.
 */
public final class PostingWrites {
    /** Batches of fewer rows than this merge into the last segment of each term they touch. */
    static final int MERGE_BELOW_ROWS = 1_000;

    /**
     * The most postings a build holds back (16 bytes each: 8 MB); past it every held-back term is
     * written.
     */
    static final int CARRY_MAX = 1 << 17;

    private final Connection c;
    private final Shape shape;

    /**
     * Block and segment sizes, the merge threshold and the most postings a build holds back; tests
     * make them small to reach every path.
     */
    public record Shape(int block, int segmentMax, int mergeBelowRows, int carryMax) {
        public static final Shape DEFAULT = new Shape(PostingCodec.BLOCK, PostingCodec.SEGMENT_MAX, MERGE_BELOW_ROWS, CARRY_MAX);
    }

    public PostingWrites(Connection c, Shape shape) {
        this.c = c;
        this.shape = shape;
    }

    /** Writes a batch's postings, {@code rows} being the number of rows they came from. */
    public void add(Map<String, Postings> byTerm, int rows) throws SQLException {
        boolean merge = rows < shape.mergeBelowRows();
        try (PreparedStatement tail = c.prepareStatement(
                "SELECT id, first, n, data FROM postings WHERE term = ? ORDER BY first DESC LIMIT 1");
                PreparedStatement drop = drop();
                PreparedStatement put = insert()) {
            for (var e : byTerm.entrySet()) {
                Postings fresh = e.getValue();
                Postings all = fresh;
                if (merge) {
                    tail.setString(1, e.getKey());
                    try (ResultSet rs = tail.executeQuery()) {
                        if (rs.next() && rs.getInt(3) + fresh.size <= shape.segmentMax()) {
                            all = new Postings(rs.getInt(3) + fresh.size);
                            decodeAll(rs.getBytes(4), rs.getLong(2), all);
                            for (int i = 0; i < fresh.size; i++) {
                                all.add(fresh.rows[i], fresh.counts[i], fresh.lengths[i]);
                            }
                            drop.setLong(1, rs.getLong(1));
                            drop.addBatch();
                        }
                    }
                }
                write(put, e.getKey(), all);
            }
            drop.executeBatch();
            put.executeBatch();
        }
    }

    /** {@link PostingCodec#decodeAll}; a segment that does not decode is a damaged index. */
    private static void decodeAll(byte[] blob, long first, Postings out) throws SQLException {
        try {
            PostingCodec.decodeAll(blob, first, out);
        } catch (IndexOutOfBoundsException | IllegalArgumentException | NegativeArraySizeException e) {
            throw PostingCodec.damaged(e);
        }
    }

    /** One row of {@code postings}, encoded and ready to insert. */
    public record Segment(String term, long first, long last, int n, byte[] data) {
    }

    /** Inserts planned segments. */
    public void write(List<Segment> segments) throws SQLException {
        try (PreparedStatement put = insert()) {
            for (Segment s : segments) {
                put(put, s);
            }
            put.executeBatch();
        }
    }

    /** New segments go to the end of the table, so a catch-up appends rather than rewriting pages. */
    private PreparedStatement insert() throws SQLException {
        return c.prepareStatement("INSERT INTO postings (term, first, last, n, data) VALUES (?, ?, ?, ?, ?)");
    }

    private PreparedStatement drop() throws SQLException {
        return c.prepareStatement("DELETE FROM postings WHERE id = ?");
    }

    /** Queues the segments of {@code p} on {@code put}. */
    private void write(PreparedStatement put, String term, Postings p) throws SQLException {
        List<Segment> segments = new ArrayList<>();
        segments(term, p, shape, segments);
        for (Segment s : segments) {
            put(put, s);
        }
    }

    /** {@code p} cut into segments of at most {@code shape}'s segment size, encoded. */
    public static void segments(String term, Postings p, Shape shape, List<Segment> out) {
        for (int from = 0; from < p.size; from += shape.segmentMax()) {
            int to = Math.min(p.size, from + shape.segmentMax());
            out.add(new Segment(term, p.rows[from], p.rows[to - 1], to - from, PostingCodec.encode(p, from, to, shape.block())));
        }
    }

    private static void put(PreparedStatement put, Segment s) throws SQLException {
        put.setString(1, s.term());
        put.setLong(2, s.first());
        put.setLong(3, s.last());
        put.setInt(4, s.n());
        put.setBytes(5, s.data());
        put.addBatch();
    }

    /** Takes {@code rowid}'s postings out of the segments of {@code terms} (the row's distinct tokens). */
    public void remove(long rowid, Collection<String> terms) throws SQLException {
        try (PreparedStatement find = c.prepareStatement("SELECT id, first, data FROM postings WHERE term = ? AND first <= ?"
                + " ORDER BY first DESC LIMIT 1");
                PreparedStatement drop = drop();
                PreparedStatement put = insert()) {
            for (String term : terms) {
                find.setString(1, term);
                find.setLong(2, rowid);
                long id;
                Postings p = new Postings(PostingCodec.BLOCK);
                try (ResultSet rs = find.executeQuery()) {
                    if (!rs.next()) {
                        continue;
                    }
                    id = rs.getLong(1);
                    decodeAll(rs.getBytes(3), rs.getLong(2), p);
                }
                if (!p.remove(rowid)) {
                    continue;
                }
                drop.setLong(1, id);
                drop.executeUpdate();
                if (p.size > 0) {
                    write(put, term, p);
                }
            }
            put.executeBatch();
        }
    }
}
