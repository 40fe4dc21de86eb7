package dev.boxmaker.memoryd.index.postings;

import dev.boxmaker.memoryd.index.postings.PostingCodec;
import dev.boxmaker.memoryd.index.sql.Statements;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;

/**
 * One term's postings, walked forward in rowid order: the segments' bounds are read up front, a
 * segment's blob only when the walk enters it, and a block only when the walk lands in it, so
 * skipping over rows costs nothing per row skipped.
 */
public final class PostingCursor {
    /** The row of an exhausted cursor. */
    public static final long END = Long.MAX_VALUE;

    /**
     * A term with at most this many rows has its blobs read with its bounds, in one query: a catch-up
     * writes a segment per term per batch, so a term of a few thousand rows may have dozens of small
     * segments, cheaper read in one statement than one by one.
     */
    public static final long EAGER_ROWS_MAX = 32L * PostingCodec.SEGMENT_MAX;

    private final Blobs source;
    private final String term;
    private final int segments;
    private final long[] firsts;
    private final long[] lasts;
    private final long[] ids;
    private final byte[][] blobs;
    private int seg = -1;
    private PostingCodec.Blocks blocks;
    private int block = -1;
    private final long[] rows = new long[PostingCodec.BLOCK];
    private final int[] counts = new int[PostingCodec.BLOCK];
    private final int[] lengths = new int[PostingCodec.BLOCK];
    private int pos;
    private int size;
    private long doc = -1;

    private PostingCursor(Blobs source, String term, long[] firsts, long[] lasts, long[] ids, byte[][] blobs,
            int segments) {
        this.source = source;
        this.term = term;
        this.firsts = firsts;
        this.lasts = lasts;
        this.ids = ids;
        this.blobs = blobs;
        this.segments = segments;
    }

    /** A cursor before the first posting of {@code term}; {@code eager}: its blobs read with its listing. */
    public static PostingCursor open(Statements s, Blobs source, String term, boolean eager) throws SQLException {
        String sql = eager ? "SELECT first, last, id, data FROM postings WHERE term = ? ORDER BY first"
                : "SELECT first, last, id FROM postings WHERE term = ? ORDER BY first";
        int capacity = 16;
        long[] firsts = new long[capacity];
        long[] lasts = new long[capacity];
        long[] ids = new long[capacity];
        byte[][] blobs = new byte[capacity][];
        int n = 0;
        PreparedStatement q = s.prepare(sql);
        q.setString(1, term);
        try (ResultSet rs = q.executeQuery()) {
            while (rs.next()) {
                if (n == firsts.length) {
                    firsts = Arrays.copyOf(firsts, n * 2);
                    lasts = Arrays.copyOf(lasts, n * 2);
                    ids = Arrays.copyOf(ids, n * 2);
                    blobs = Arrays.copyOf(blobs, n * 2);
                }
                firsts[n] = rs.getLong(1);
                lasts[n] = rs.getLong(2);
                ids[n] = rs.getLong(3);
                if (eager) {
                    blobs[n] = rs.getBytes(4);
                }
                n++;
            }
        }
        return new PostingCursor(source, term, firsts, lasts, ids, blobs, n);
    }

    /**
     * A cursor of the same postings before their first row, sharing the blobs read so far (and those
     * either reads later), so a second walk over the term reads nothing twice.
     */
    public PostingCursor copy() {
        return new PostingCursor(source, term, firsts, lasts, ids, blobs, segments);
    }

    /** The current row; {@link #END} once exhausted, -1 before the first move. */
    public long doc() {
        return doc;
    }

    /** The term's count in the current row. */
    public int count() {
        return counts[pos];
    }

    /** The current row's token count. */
    public int length() {
        return lengths[pos];
    }

    /** The last row of the block holding the current row. */
    public long blockLast() {
        return blocks.last[block];
    }

    /** The largest count in the block holding the current row. */
    public int blockMaxCount() {
        return blocks.maxCount[block];
    }

    /** The shortest row in the block holding the current row. */
    public int blockMinLength() {
        return blocks.minLength[block];
    }

    /** Moves to the next posting; the row it lands on, or {@link #END}. */
    public long next() throws SQLException {
        if (pos + 1 < size) {
            pos++;
            doc = rows[pos];
            return doc;
        }
        return advance(doc + 1);
    }

    /** Moves to the first posting at or after row {@code target}; the row it lands on, or {@link #END}. */
    public long advance(long target) throws SQLException {
        if (doc >= target) {
            return doc;
        }
        if (block < 0 || blocks.last[block] < target) {
            if (seg < 0 || lasts[seg] < target) {
                int s = nextSegment(target);
                if (s == segments) {
                    doc = END;
                    return END;
                }
                enter(s);
            }
            int b = Math.max(block, 0);
            while (blocks.last[b] < target) {
                b++;
            }
            size = PostingCodec.decodeBlock(blobs[seg], blocks, b, rows, counts, lengths);
            block = b;
            pos = 0;
        }
        while (rows[pos] < target) {
            pos++;
        }
        doc = rows[pos];
        return doc;
    }

    /** The first segment after the current one whose last row is at or after {@code target}. */
    private int nextSegment(long target) {
        int lo = seg + 1;
        int hi = segments;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (lasts[mid] < target) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private void enter(int s) throws SQLException {
        if (blobs[s] == null) {
            blobs[s] = source.read(ids[s], term);
        }
        seg = s;
        blocks = PostingCodec.blocks(blobs[s], firsts[s]);
        block = -1;
    }

    /** Reads segment blobs by id with one statement, kept with the connection's others. */
    public static final class Blobs {
        private final PreparedStatement q;
        private final SegmentCache cache;
        private final long file;

        /** Reads through {@code s}, through {@code cache} (null: none) for the index file whose id is {@code file}. */
        public Blobs(Statements s, SegmentCache cache, long file) throws SQLException {
            q = s.prepare("SELECT data FROM postings WHERE id = ?");
            this.cache = cache;
            this.file = file;
        }

        byte[] read(long id, String term) throws SQLException {
            byte[] blob = cache == null ? null : cache.get(file, id);
            if (blob != null) {
                return blob;
            }
            q.setLong(1, id);
            try (ResultSet rs = q.executeQuery()) {
                if (!rs.next()) {
                    throw new SQLException("a posting segment listed a moment ago is gone: " + term);
                }
                blob = rs.getBytes(1);
            }
            if (cache != null) {
                cache.put(file, id, blob);
            }
            return blob;
        }
    }
}
