package dev.boxmaker.memoryd.index.search;

import static dev.boxmaker.memoryd.index.search.FastSearch.B;
import static dev.boxmaker.memoryd.index.search.FastSearch.K1;

/**
 * FTS5's bm25 parts, as fts5Bm25Function computes them, for {@link FastSearch}: a term's part of a
 * row's score, its bounds, and a row's exact score summed in FTS5's order.
 */
final class Scorer {
    /** Row lengths below this have their length normalisation worked out once per search. */
    static final int LENGTHS = 256;

    final double[] idf;
    final double avgdl;
    /** {@code K1 * (1 - B + B * length / avgdl)} by length, the same expression as FTS5's. */
    private final double[] norm = new double[LENGTHS];

    Scorer(double[] idf, double avgdl) {
        this.idf = idf;
        this.avgdl = avgdl;
        for (int length = 0; length < LENGTHS; length++) {
            norm[length] = K1 * (1 - B + B * (double) length / avgdl);
        }
    }

    /** Term {@code i}'s part of the score of a row of {@code length} tokens holding it {@code count} times. */
    double part(int i, double count, double length) {
        return idf[i] * ((count * (K1 + 1.0)) / (count + K1 * (1 - B + B * length / avgdl)));
    }

    /** {@link #part} for a whole count and length, from the table when the length is in it. */
    double part(int i, int count, int length) {
        if (length >= LENGTHS) {
            return part(i, (double) count, (double) length);
        }
        double f = count;
        return idf[i] * ((f * (K1 + 1.0)) / (f + norm[length]));
    }

    /** Counts below this have their parts in {@link #table}. */
    static final int COUNTS = 4;

    /** Term {@code i}'s parts by count (below {@link #COUNTS}) and length (below {@link #LENGTHS}). */
    double[][] table(int i) {
        double[][] t = new double[COUNTS][LENGTHS];
        for (int count = 1; count < COUNTS; count++) {
            for (int length = 0; length < LENGTHS; length++) {
                t[count][length] = part(i, count, length);
            }
        }
        return t;
    }

    /** The row's score, summed term by term in query order as FTS5 does, so the bits match. */
    double exact(double[] freq, int length) {
        double d = (double) length;
        double score = 0.0;
        for (int i = 0; i < freq.length; i++) {
            score += idf[i] * ((freq[i] * (K1 + 1.0)) / (freq[i] + K1 * (1 - B + B * d / avgdl)));
        }
        return score;
    }
}
