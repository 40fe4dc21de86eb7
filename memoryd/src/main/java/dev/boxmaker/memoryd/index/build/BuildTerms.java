package dev.boxmaker.memoryd.index.build;

import dev.boxmaker.memoryd.index.postings.PostingCodec.Postings;
import dev.boxmaker.memoryd.index.postings.PostingWrites;
import dev.boxmaker.memoryd.index.postings.TermDeltas;
import dev.boxmaker.memoryd.index.postings.TermTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A build's terms from batch to batch (IndexWrites.startBuild), numbered once for the whole build
 * rather than once per batch: each term's postings are held back until they fill a block, and its
 * counts (rows, largest count, shortest row) are summed as its segments are cut, all in arrays by
 * term number. A batch costs what its tokens cost, not a map lookup and a new string for each of its
 * terms, as it did when every batch numbered its terms anew.
 *
 * <p>A term's segments are cut at the end of the first batch after which it holds a block
 * ({@link PostingWrites.Shape#block}) or more, as before; when more than
 * {@link PostingWrites.Shape#carryMax} postings are held, the terms holding the most are cut until
 * half that many are held (cutting every term, as before, made most of a build's segments: a rare
 * term was cut into a segment of one or two postings each time); and when
 * more than {@code termsMax} terms are numbered, every held posting is cut too, the counts summed are
 * written (the {@code terms} table adds them up) and the numbering starts again, so memory stays
 * bounded for any vocabulary. Used by one thread at a time.
 */
final class BuildTerms {
    /** The most terms a build numbers before it writes their counts and numbers anew (about 130 bytes each here). */
    static final int TERMS_MAX = 65_536;

    /**
     * The most postings' room a build keeps in arrays grown past a segment ({@link #cut}): 256 Ki
     * postings, 4 MB. Let go at every cut, a frequent term's arrays were made again and grown by doubling
     * in each batch, and then copied into the old generation and thrown away there: a seventh of a
     * build's allocation, and the collector's full collections.
     */
    static final int KEPT_MAX = 1 << 18;

    private final PostingWrites.Shape shape;
    private final int termsMax;
    private final int keptMax;
    /** By term number: the room of its arrays counted in {@link #kept}, when they have grown past a segment. */
    private int[] keptRoom = new int[0];
    private long kept;
    private TermTable table = new TermTable();
    /** By term number: postings held back (null before the first), and counts summed over its segments. */
    private Postings[] held = new Postings[0];
    private long[] docs = new long[0];
    private int[] tfMax = new int[0];
    private int[] lenMin = new int[0];
    /** The last batch that added a posting to each term, and the terms the current batch touched. */
    private int[] touchedIn = new int[0];
    private int[] touched = new int[16];
    private int touchedCount;
    /** The current batch's number, from 1, so no term counts as touched before it has a posting. */
    private int batch = 1;
    private long heldPostings;

    BuildTerms(PostingWrites.Shape shape, int termsMax) {
        this(shape, termsMax, KEPT_MAX);
    }

    /** With {@code keptMax} instead of {@link #KEPT_MAX}, so tests reach both sides of it. */
    BuildTerms(PostingWrites.Shape shape, int termsMax, int keptMax) {
        this.shape = shape;
        this.termsMax = termsMax;
        this.keptMax = keptMax;
    }

    /** The room kept in arrays grown past a segment, for tests: never more than the limit. */
    long kept() {
        return kept;
    }

    /** Postings held back, for tests: never more than {@link PostingWrites.Shape#carryMax} after {@link #add}. */
    long held() {
        return heldPostings;
    }

    /** The table numbering the terms of the next batch. */
    TermTable table() {
        return table;
    }

    /**
     * Adds a batch: {@code tokens} holds its term numbers row after row, row {@code r} ending at
     * {@code ends[r]}, numbered {@code first + r} with {@code lengths[r]} tokens. Returns the segments
     * and term counts to write for it; the rest is held back.
     */
    IndexWrites.Planned add(int[] tokens, int[] ends, int rows, long first, int[] lengths) {
        addRows(tokens, ends, rows, first, lengths);
        return endBatch();
    }

    /**
     * Adds part of a batch, as {@link #add} does, and cuts nothing: a build hands its rows to the
     * writing threads in parts of a batch ({@link IndexBuilder#BUILD_PART_ROWS}), and its segments
     * are cut at the batch's end ({@link #endBatch}) as if the batch had been added at once.
     */
    void addRows(int[] tokens, int[] ends, int rows, long first, int[] lengths) {
        room(table.size());
        for (int r = 0, i = 0; r < rows; r++) {
            long row = first + r;
            for (; i < ends[r]; i++) {
                int id = tokens[i];
                Postings p = held[id];
                if (p == null) {
                    held[id] = p = new Postings(4);
                }
                if (touchedIn[id] != batch) {
                    touchedIn[id] = batch;
                    if (touchedCount == touched.length) {
                        touched = Arrays.copyOf(touched, touchedCount * 2);
                    }
                    touched[touchedCount++] = id;
                }
                int before = p.size;
                p.addOccurrence(row, lengths[r]);
                heldPostings += p.size - before;
            }
        }
    }

    /** The end of a batch: the segments and term counts to write for what it added; the rest is held back. */
    IndexWrites.Planned endBatch() {
        List<PostingWrites.Segment> segments = new ArrayList<>();
        for (int k = 0; k < touchedCount; k++) {
            if (held[touched[k]].size >= shape.block()) {
                cut(touched[k], segments);
            }
        }
        touchedCount = 0;
        batch++;
        if (table.size() > termsMax) {
            cutAll(segments);
        } else if (heldPostings > shape.carryMax()) {
            cutLargest(segments);
        }
        List<TermDeltas.Row> counts = List.of();
        if (table.size() > termsMax) {
            counts = counts();
            table = new TermTable();
            held = new Postings[0];
            docs = new long[0];
            tfMax = new int[0];
            lenMin = new int[0];
            keptRoom = new int[0];
            kept = 0;
            touchedIn = new int[0];
        }
        return new IndexWrites.Planned(segments, counts);
    }

    /** Everything held back and summed: the build's last segments and its term counts. */
    IndexWrites.Planned finish() {
        List<PostingWrites.Segment> segments = new ArrayList<>();
        cutAll(segments);
        return new IndexWrites.Planned(segments, counts());
    }

    /** Term {@code id}'s held postings as segments, its counts summed; it holds none after. */
    private void cut(int id, List<PostingWrites.Segment> out) {
        Postings p = held[id];
        PostingWrites.segments(table.term(id), p, shape, out);
        docs[id] += p.size;
        tfMax[id] = Math.max(tfMax[id], p.maxCount(0, p.size));
        lenMin[id] = docs[id] == p.size ? p.minLength(0, p.size) : Math.min(lenMin[id], p.minLength(0, p.size));
        heldPostings -= p.size;
        // A term's arrays are kept for its next postings; those grown past a segment only while the
        // room kept in such arrays stays within the limit.
        int room = p.rows.length > shape.segmentMax() ? p.rows.length : 0;
        if (kept - keptRoom[id] + room > keptMax) {
            kept -= keptRoom[id];
            keptRoom[id] = 0;
            held[id] = null;
        } else {
            kept += room - keptRoom[id];
            keptRoom[id] = room;
            p.size = 0;
        }
    }

    /**
     * Cuts the terms holding the most postings, down to half of {@link PostingWrites.Shape#carryMax}
     * held: a term met now and then keeps its few postings for a segment of more of them later, rather
     * than being cut into a segment of one or two each time the limit is passed. Every held term
     * holds less than a block here, so the sizes are counted in an array of a block's length.
     */
    private void cutLargest(List<PostingWrites.Segment> out) {
        int[] termsOfSize = new int[Math.max(2, shape.block())];
        for (int id = 0; id < table.size(); id++) {
            if (held[id] != null) {
                termsOfSize[Math.min(held[id].size, termsOfSize.length - 1)]++;
            }
        }
        long keep = shape.carryMax() / 2;
        int from = termsOfSize.length - 1;
        for (long left = heldPostings; from > 1 && left - (long) termsOfSize[from] * from > keep; from--) {
            left -= (long) termsOfSize[from] * from;
        }
        for (int id = 0; id < table.size(); id++) {
            if (held[id] != null && held[id].size >= from) {
                cut(id, out);
            }
        }
    }

    private void cutAll(List<PostingWrites.Segment> out) {
        for (int id = 0; id < table.size(); id++) {
            if (held[id] != null && held[id].size > 0) {
                cut(id, out);
            }
        }
    }

    /** The counts of every term with postings written, in term order. */
    private List<TermDeltas.Row> counts() {
        List<TermDeltas.Row> out = new ArrayList<>(table.size());
        for (int id : table.inTermOrder()) {
            if (docs[id] > 0) {
                out.add(new TermDeltas.Row(table.term(id), docs[id], tfMax[id], lenMin[id]));
            }
        }
        return out;
    }

    /** The arrays by term number, grown to hold {@code terms}. */
    private void room(int terms) {
        if (terms <= held.length) {
            return;
        }
        int size = Math.max(terms, held.length * 2);
        held = Arrays.copyOf(held, size);
        docs = Arrays.copyOf(docs, size);
        tfMax = Arrays.copyOf(tfMax, size);
        lenMin = Arrays.copyOf(lenMin, size);
        keptRoom = Arrays.copyOf(keptRoom, size);
        touchedIn = Arrays.copyOf(touchedIn, size);
    }
}
