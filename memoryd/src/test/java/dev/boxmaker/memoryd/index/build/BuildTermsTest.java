package dev.boxmaker.memoryd.index.build;

import dev.boxmaker.memoryd.index.postings.PostingCodec;
import dev.boxmaker.memoryd.index.postings.PostingWrites;
import dev.boxmaker.memoryd.index.postings.TermDeltas;
import dev.boxmaker.memoryd.index.postings.TermTable;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.index.postings.PostingCodec.Postings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A build's terms across batches (BuildTerms) against the plain count of the same rows: every term's
 * postings, read back from the segments cut, are its rows in order with their counts and lengths, no
 * segment is longer than allowed, and the term counts written add up to its rows, its largest count
 * and its shortest row; over random rows, batch sizes, block and segment sizes, and limits on the
 * postings held and the terms numbered, small enough that every limit is met many times.
 */
class BuildTermsTest {
    private static final String[] WORDS = {"launch", "the", "window", "moved", "thursday", "notes", "q3", "kyle",
        "tuesday", "date", "a", "of"};

    @Test
    void whatABuildWritesIsEveryRowOfEveryTermAndItsCounts() {
        for (int round = 0; round < 400; round++) {
            Random r = new Random(round);
            PostingWrites.Shape shape = new PostingWrites.Shape(1 + r.nextInt(6), 1 + r.nextInt(20), 0, 1 + r.nextInt(30));
            int termsMax = r.nextBoolean() ? 1 + r.nextInt(10) : BuildTerms.TERMS_MAX;
            int keptMax = r.nextBoolean() ? r.nextInt(60) : BuildTerms.KEPT_MAX;
            BuildTerms terms = new BuildTerms(shape, termsMax, keptMax);
            Map<String, Postings> want = new TreeMap<>();
            List<PostingWrites.Segment> segments = new ArrayList<>();
            List<TermDeltas.Row> counts = new ArrayList<>();
            long row = 1;
            for (int batch = 0, batches = 1 + r.nextInt(12); batch < batches; batch++) {
                int rows = 1 + r.nextInt(r.nextBoolean() ? 3 : 25);
                int[] tokens = new int[0];
                int[] ends = new int[rows];
                int[] lengths = new int[rows];
                int n = 0;
                TermTable table = terms.table();
                for (int k = 0; k < rows; k++, row++) {
                    int length = r.nextInt(7);
                    tokens = java.util.Arrays.copyOf(tokens, n + length);
                    for (int t = 0; t < length; t++) {
                        String word = WORDS[r.nextInt(r.nextBoolean() ? 3 : WORDS.length)];
                        tokens[n++] = table.term(word, row);
                        want.computeIfAbsent(word, w -> new Postings(1)).addOccurrence(row, length);
                    }
                    ends[k] = n;
                    lengths[k] = length;
                }
                IndexWrites.Planned planned = terms.add(tokens, ends, rows, row - rows, lengths);
                assertThat(terms.held()).as("postings held, round " + round).isLessThanOrEqualTo(shape.carryMax());
                assertThat(terms.kept()).as("room kept, round " + round).isLessThanOrEqualTo(keptMax);
                segments.addAll(planned.segments());
                counts.addAll(planned.terms());
            }
            IndexWrites.Planned last = terms.finish();
            segments.addAll(last.segments());
            counts.addAll(last.terms());
            String shapeText = shape + " terms " + termsMax + " kept " + keptMax + " round " + round;
            assertThat(read(segments, shape)).as(shapeText).isEqualTo(describe(want));
            Map<String, String> summed = new TreeMap<>();
            Map<String, long[]> sums = new TreeMap<>();
            for (TermDeltas.Row c : counts) {
                long[] s = sums.computeIfAbsent(c.term(), t -> new long[] {0, 0, Long.MAX_VALUE});
                s[0] += c.docs();
                s[1] = Math.max(s[1], c.tfMax());
                s[2] = Math.min(s[2], c.lenMin());
            }
            sums.forEach((t, s) -> summed.put(t, s[0] + " " + s[1] + " " + s[2]));
            Map<String, String> wantCounts = new TreeMap<>();
            want.forEach((t, p) -> wantCounts.put(t, p.size + " " + p.maxCount(0, p.size) + " " + p.minLength(0, p.size)));
            assertThat(summed).as(shapeText).isEqualTo(wantCounts);
        }
    }

    /**
     * Past the limit on postings held, the terms holding the most are cut, down to half the limit: a
     * term met once stays held for a segment of more rows later, instead of a segment of one now.
     */
    @Test
    void pastTheLimitTheTermsHoldingMostAreCutAndARareOneIsKept() {
        // A block of 8 (no term reaches it in one batch), at most 10 postings held: 7 + 6 + 1 pass it.
        BuildTerms terms = new BuildTerms(new PostingWrites.Shape(8, 100, 0, 10), BuildTerms.TERMS_MAX);
        TermTable table = terms.table();
        String[] words = {"launch", "launch", "launch", "launch", "launch", "launch", "launch",
            "window", "window", "window", "window", "window", "window", "kyle"};
        int[] tokens = new int[words.length];
        int[] ends = new int[words.length];
        int[] lengths = new int[words.length];
        for (int r = 0; r < words.length; r++) {
            tokens[r] = table.term(words[r], 1 + r);
            ends[r] = r + 1;
            lengths[r] = 1;
        }
        IndexWrites.Planned planned = terms.add(tokens, ends, words.length, 1, lengths);
        assertThat(planned.segments()).extracting(s -> s.term() + " " + s.first() + "-" + s.last() + " " + s.n())
                .containsExactlyInAnyOrder("launch 1-7 7", "window 8-13 6");
        assertThat(terms.held()).isEqualTo(1);
        assertThat(terms.finish().segments()).extracting(s -> s.term() + " " + s.first() + "-" + s.last() + " " + s.n())
                .containsExactly("kyle 14-14 1");
    }

    /**
     * A build hands its rows over in parts of a batch (IndexBuilder.BUILD_PART_ROWS): the batch added
     * in parts and then ended plans the very segments and counts it plans when added whole, batch
     * after batch, over random batches, splits, shapes and limits, and whatever room either keeps.
     */
    @Test
    void aBatchAddedInPartsPlansWhatItPlansAddedWhole() {
        for (int round = 0; round < 300; round++) {
            Random r = new Random(1000 + round);
            PostingWrites.Shape shape = new PostingWrites.Shape(1 + r.nextInt(6), 1 + r.nextInt(20), 0, 1 + r.nextInt(30));
            int termsMax = r.nextBoolean() ? 1 + r.nextInt(10) : BuildTerms.TERMS_MAX;
            // Whole batches letting go of every array grown past a segment, as builds did before
            // BuildTerms.KEPT_MAX; the parts keeping some or all of them: what is kept changes no plan.
            BuildTerms whole = new BuildTerms(shape, termsMax, 0);
            BuildTerms inParts = new BuildTerms(shape, termsMax, r.nextBoolean() ? r.nextInt(60) : BuildTerms.KEPT_MAX);
            long row = 1;
            for (int batch = 0, batches = 1 + r.nextInt(12); batch < batches; batch++) {
                String[][] words = new String[1 + r.nextInt(25)][];
                for (int k = 0; k < words.length; k++) {
                    words[k] = new String[r.nextInt(7)];
                    for (int t = 0; t < words[k].length; t++) {
                        words[k][t] = WORDS[r.nextInt(r.nextBoolean() ? 3 : WORDS.length)];
                    }
                }
                IndexWrites.Planned planned = add(whole, words, 0, words.length, row, true);
                for (int from = 0, to; from < words.length; from = to) {
                    to = Math.min(words.length, from + 1 + r.nextInt(6));
                    add(inParts, words, from, to, row + from, false);
                }
                IndexWrites.Planned plannedInParts = inParts.endBatch();
                String as = "round " + round + " batch " + batch;
                assertThat(text(plannedInParts)).as(as).isEqualTo(text(planned));
                assertThat(inParts.held()).as(as).isEqualTo(whole.held());
                row += words.length;
            }
            assertThat(text(inParts.finish())).as("round " + round).isEqualTo(text(whole.finish()));
        }
    }

    /**
     * Rows {@code from} to {@code to} of {@code words}, row {@code from} numbered {@code first}: added
     * as a whole batch, its plan returned, or as a part of one (null returned).
     */
    private static IndexWrites.Planned add(BuildTerms terms, String[][] words, int from, int to, long first,
            boolean whole) {
        int rows = to - from;
        int[] ends = new int[rows];
        int[] lengths = new int[rows];
        int[] tokens = new int[0];
        TermTable table = terms.table();
        for (int k = 0, n = 0; k < rows; k++) {
            String[] w = words[from + k];
            tokens = java.util.Arrays.copyOf(tokens, n + w.length);
            for (String word : w) {
                tokens[n++] = table.term(word, first + k);
            }
            ends[k] = n;
            lengths[k] = w.length;
        }
        if (whole) {
            return terms.add(tokens, ends, rows, first, lengths);
        }
        terms.addRows(tokens, ends, rows, first, lengths);
        return null;
    }

    /** A plan as text: each segment's term, rows, size and bytes, then each term count. */
    private static List<String> text(IndexWrites.Planned planned) {
        List<String> out = new ArrayList<>();
        for (PostingWrites.Segment s : planned.segments()) {
            out.add(s.term() + " " + s.first() + "-" + s.last() + " " + s.n() + " " + java.util.HexFormat.of().formatHex(s.data()));
        }
        for (TermDeltas.Row c : planned.terms()) {
            out.add(c.toString());
        }
        return out;
    }

    /** Each term's postings from its segments in row order, as text; every segment within the allowed size. */
    private static Map<String, String> read(List<PostingWrites.Segment> segments, PostingWrites.Shape shape) {
        Map<String, List<PostingWrites.Segment>> byTerm = new TreeMap<>();
        for (PostingWrites.Segment s : segments) {
            assertThat(s.n()).isBetween(1, shape.segmentMax());
            byTerm.computeIfAbsent(s.term(), t -> new ArrayList<>()).add(s);
        }
        Map<String, Postings> out = new TreeMap<>();
        byTerm.forEach((term, list) -> {
            list.sort(java.util.Comparator.comparingLong(PostingWrites.Segment::first));
            Postings all = new Postings(1);
            for (PostingWrites.Segment s : list) {
                Postings p = new Postings(s.n());
                PostingCodec.decodeAll(s.data(), s.first(), p);
                assertThat(p.size).isEqualTo(s.n());
                assertThat(p.rows[0]).isEqualTo(s.first());
                assertThat(p.rows[p.size - 1]).isEqualTo(s.last());
                for (int i = 0; i < p.size; i++) {
                    all.add(p.rows[i], p.counts[i], p.lengths[i]);
                }
            }
            out.put(term, all);
        });
        return describe(out);
    }

    private static Map<String, String> describe(Map<String, Postings> byTerm) {
        Map<String, String> out = new TreeMap<>();
        byTerm.forEach((term, p) -> {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < p.size; i++) {
                text.append(p.rows[i]).append(':').append(p.counts[i]).append('/').append(p.lengths[i]).append(' ');
            }
            out.put(term, text.toString());
        });
        return out;
    }
}
