package dev.boxmaker.memoryd.index.postings;

import java.util.Arrays;

/**
 * The bytes of one posting segment (a row of {@code postings}): up to {@link #SEGMENT_MAX} postings of
 * one term, each a row holding it, the term's count in that row and the row's token count, in rowid
 * order. Postings are grouped in blocks of {@link #BLOCK} with a header per block (its last rowid,
 * largest count and shortest row), so a reader can skip a block, and bound its scores, without
 * decoding it.
 *
 * <p>Layout, all unsigned LEB128 varints: the number of blocks; per block its header (last rowid less
 * the previous block's last, or less {@code first - 1} for the first block; postings; largest count;
 * shortest row; payload bytes); then the payloads, per posting: rowid less the previous rowid (the
 * previous block's last for a block's first posting), count, row length.
 */
public final class PostingCodec {
    /** Postings per block, and the most a block may hold: the unit a reader skips and bounds. */
    public static final int BLOCK = 128;

    /** Postings per segment at most: a segment's blob stays a few kilobytes. */
    public static final int SEGMENT_MAX = 2048;

    private PostingCodec() {
    }

    /** Decoded postings: parallel arrays of {@code size} entries, rowids ascending. */
    public static final class Postings {
        public long[] rows;
        public int[] counts;
        public int[] lengths;
        public int size;

        public Postings(int capacity) {
            rows = new long[Math.max(capacity, 1)];
            counts = new int[Math.max(capacity, 1)];
            lengths = new int[Math.max(capacity, 1)];
        }

        public void add(long row, int count, int length) {
            if (size == rows.length) {
                int n = size * 2;
                rows = Arrays.copyOf(rows, n);
                counts = Arrays.copyOf(counts, n);
                lengths = Arrays.copyOf(lengths, n);
            }
            rows[size] = row;
            counts[size] = count;
            lengths[size] = length;
            size++;
        }

        /** Counts one occurrence in {@code row}: its posting's count goes up, or it gets one of count 1. */
        public void addOccurrence(long row, int length) {
            if (size > 0 && rows[size - 1] == row) {
                counts[size - 1]++;
            } else {
                add(row, 1, length);
            }
        }

        /** Removes the posting of {@code row}; whether there was one. */
        public boolean remove(long row) {
            int i = Arrays.binarySearch(rows, 0, size, row);
            if (i < 0) {
                return false;
            }
            System.arraycopy(rows, i + 1, rows, i, size - i - 1);
            System.arraycopy(counts, i + 1, counts, i, size - i - 1);
            System.arraycopy(lengths, i + 1, lengths, i, size - i - 1);
            size--;
            return true;
        }

        public int maxCount(int from, int to) {
            int m = 0;
            for (int i = from; i < to; i++) {
                m = Math.max(m, counts[i]);
            }
            return m;
        }

        public int minLength(int from, int to) {
            int m = Integer.MAX_VALUE;
            for (int i = from; i < to; i++) {
                m = Math.min(m, lengths[i]);
            }
            return m;
        }
    }

    /** Encodes postings {@code [from, to)} of {@code p} (at most {@link #SEGMENT_MAX}) as one segment. */
    public static byte[] encode(Postings p, int from, int to) {
        return encode(p, from, to, BLOCK);
    }

    /** {@link #encode} in blocks of {@code block} postings (at most {@link #BLOCK}; tests use small ones). */
    static byte[] encode(Postings p, int from, int to, int block) {
        if (to - from > SEGMENT_MAX || to <= from || block < 1 || block > BLOCK) {
            throw new IllegalArgumentException("a segment holds 1 to " + SEGMENT_MAX + " postings in blocks of 1 to " + BLOCK);
        }
        int blocks = (to - from + block - 1) / block;
        Scratch scratch = SCRATCH.get();
        Bytes payload = scratch.payload.empty();
        int[] payloadEnds = scratch.payloadEnds;
        long previous = p.rows[from] - 1;
        for (int b = 0; b < blocks; b++) {
            int start = from + b * block;
            int end = Math.min(to, start + block);
            for (int i = start; i < end; i++) {
                payload.varint(p.rows[i] - previous);
                payload.varint(p.counts[i]);
                payload.varint(p.lengths[i]);
                previous = p.rows[i];
            }
            payloadEnds[b] = payload.size;
        }
        Bytes head = scratch.head.empty();
        head.varint(blocks);
        previous = p.rows[from] - 1;
        for (int b = 0; b < blocks; b++) {
            int start = from + b * block;
            int end = Math.min(to, start + block);
            head.varint(p.rows[end - 1] - previous);
            head.varint(end - start);
            head.varint(p.maxCount(start, end));
            head.varint(p.minLength(start, end));
            head.varint(payloadEnds[b] - (b == 0 ? 0 : payloadEnds[b - 1]));
            previous = p.rows[end - 1];
        }
        // The segment made once at its size: the headers, then the payload.
        byte[] out = new byte[head.size + payload.size];
        System.arraycopy(head.data, 0, out, 0, head.size);
        System.arraycopy(payload.data, 0, out, head.size, payload.size);
        return out;
    }

    /** The headers of a segment's blocks, read without decoding their postings. */
    public static final class Blocks {
        public final int count;
        /** Per block: its last rowid, postings, largest count, shortest row, payload offset in the blob. */
        public final long[] last;
        public final int[] size;
        public final int[] maxCount;
        public final int[] minLength;
        public final int[] offset;
        /** The rowid before the segment's first posting. */
        public final long before;

        private Blocks(int count, long before) {
            this.count = count;
            this.before = before;
            last = new long[count];
            size = new int[count];
            maxCount = new int[count];
            minLength = new int[count];
            offset = new int[count];
        }
    }

    /**
     * What a segment that does not decode is: its bytes are not what was written, where SQLite sees
     * no damage (its pages are whole). SQLite's code for a corrupt file, so the index is damaged until
     * a reindex, as for damage SQLite finds.
     */
    public static java.sql.SQLException damaged(RuntimeException e) {
        return new java.sql.SQLException("[SQLITE_CORRUPT] a posting segment does not decode (" + e + ")", null, 11, e);
    }

    /** Reads the block headers of a segment whose first rowid is {@code first}. */
    public static Blocks blocks(byte[] blob, long first) {
        int[] at = {0};
        long blocks = readVarint(blob, at);
        if (blocks < 1 || blocks > blob.length) {
            // Before any array is made at that size: a damaged count could ask for gigabytes.
            throw new IllegalArgumentException("a posting segment holds " + blocks + " blocks in " + blob.length + " bytes");
        }
        int count = (int) blocks;
        Blocks b = new Blocks(count, first - 1);
        long previous = first - 1;
        int payloadLength = 0;
        int[] lengths = new int[count];
        for (int i = 0; i < count; i++) {
            previous += readVarint(blob, at);
            b.last[i] = previous;
            b.size[i] = (int) readVarint(blob, at);
            if (b.size[i] < 1 || b.size[i] > BLOCK) {
                throw new IllegalArgumentException("a posting block holds " + b.size[i] + " postings");
            }
            b.maxCount[i] = (int) readVarint(blob, at);
            b.minLength[i] = (int) readVarint(blob, at);
            lengths[i] = (int) readVarint(blob, at);
            payloadLength += lengths[i];
        }
        int offset = at[0];
        for (int i = 0; i < count; i++) {
            b.offset[i] = offset;
            offset += lengths[i];
        }
        if (offset != blob.length || payloadLength != blob.length - at[0]) {
            throw new IllegalArgumentException("a posting segment's headers do not match its length");
        }
        return b;
    }

    /**
     * Decodes block {@code i} of {@code blocks} into {@code rows}, {@code counts} and {@code lengths}
     * from index 0; the number of postings.
     */
    public static int decodeBlock(byte[] blob, Blocks blocks, int i, long[] rows, int[] counts, int[] lengths) {
        int[] at = {blocks.offset[i]};
        long previous = i == 0 ? blocks.before : blocks.last[i - 1];
        int n = blocks.size[i];
        for (int j = 0; j < n; j++) {
            previous += readVarint(blob, at);
            rows[j] = previous;
            counts[j] = (int) readVarint(blob, at);
            lengths[j] = (int) readVarint(blob, at);
        }
        return n;
    }

    /** Every posting of a segment, appended to {@code out}. */
    public static void decodeAll(byte[] blob, long first, Postings out) {
        Blocks b = blocks(blob, first);
        long[] rows = new long[BLOCK];
        int[] counts = new int[BLOCK];
        int[] lengths = new int[BLOCK];
        for (int i = 0; i < b.count; i++) {
            int n = decodeBlock(blob, b, i, rows, counts, lengths);
            for (int j = 0; j < n; j++) {
                out.add(rows[j], counts[j], lengths[j]);
            }
        }
    }

    static long readVarint(byte[] blob, int[] at) {
        long value = 0;
        int shift = 0;
        while (true) {
            byte b = blob[at[0]++];
            value |= (long) (b & 0x7f) << shift;
            if (b >= 0) {
                return value;
            }
            shift += 7;
        }
    }

    /**
     * A thread's buffers for {@link #encode}, kept from segment to segment: made for each one, they were
     * about 160 MB of the 2.46 GB a build of a million records allocated. Only the segment's own array
     * is made for it.
     */
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private static final class Scratch {
        // A posting's three varints take three to five bytes at chat-like sizes: room enough that the
        // payload's buffer rarely grows; a block's header takes at most 16 at those sizes.
        final Bytes payload = new Bytes(SEGMENT_MAX * 5);
        final Bytes head = new Bytes(SEGMENT_MAX / BLOCK * 16 + 8);
        final int[] payloadEnds = new int[SEGMENT_MAX];
    }

    /** A growable byte buffer with LEB128 varints. */
    private static final class Bytes {
        byte[] data;
        int size;

        Bytes(int capacity) {
            data = new byte[Math.max(capacity, 16)];
        }

        /** This buffer, emptied for reuse. */
        Bytes empty() {
            size = 0;
            return this;
        }

        void varint(long v) {
            if (size + 10 > data.length) {
                data = Arrays.copyOf(data, data.length * 2 + 10);
            }
            while ((v & ~0x7fL) != 0) {
                data[size++] = (byte) ((v & 0x7f) | 0x80);
                v >>>= 7;
            }
            data[size++] = (byte) v;
        }

    }
}
