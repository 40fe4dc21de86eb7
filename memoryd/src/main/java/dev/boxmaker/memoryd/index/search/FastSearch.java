package dev.boxmaker.memoryd.index.search;

import dev.boxmaker.memoryd.index.postings.PostingCodec;
import dev.boxmaker.memoryd.index.postings.PostingCursor;
import dev.boxmaker.memoryd.index.postings.SegmentCache;
import dev.boxmaker.memoryd.index.sql.IndexSchema;
import dev.boxmaker.memoryd.index.sql.Statements;
import dev.boxmaker.memoryd.index.text.Tokens;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The literal query's top k ({@link LiteralSearch}), row for row and in its order, from the index's
 * own posting lists rather than FTS5's scoring of every row that holds any term.
 *
 * <p>Block-max MaxScore: each term's rows, counts and row lengths are kept in {@code postings} as
 * rows are indexed, in blocks of 128 with the block's largest count and shortest row, so a block's
 * best possible score is known without decoding it. The terms whose bounds together cannot reach
 * the k-th score found so far are not walked at all; they are looked up only for a row the others
 * make a contender. A run of rows whose blocks together cannot reach it is skipped whole. Every
 * row that could still enter is scored with FTS5's own {@code bm25} arithmetic, term by term in
 * query order, so its score has FTS5's bits; ties go to the newer row, as in the literal query.
 *
 * <p>Only ASCII terms are searched here (their FTS5 token is the lower-cased term); any other term,
 * and an index of another layout, go to the literal query, which folds case and accents with
 * SQLite's own tables.
 */
public final class FastSearch {
    /** FTS5's bm25 constants (fts5_aux.c). */
    static final double K1 = 1.2;
    static final double B = 0.75;

    /** FTS5's floor for an IDF that is zero or less (a term in more than half the rows). */
    static final double IDF_FLOOR = 1e-6;

    /** Bounds are widened by this factor so rounding can never prune a row that could enter. */
    static final double BOUND_SLACK = 1e-9;

    /**
     * When the rarest term has at most this many rows, its rows are scored first to learn a k-th
     * score, so the walk proper starts with most terms already out of the essential set.
     */
    static final long SEED_ROWS_MAX = 4L * PostingCodec.SEGMENT_MAX;

    /**
     * The first index layout this search reads ({@code PRAGMA user_version}); it reads every one up to
     * {@link IndexSchema#VERSION}: layout 3 only added {@code sources.turn}, which it does not read, so
     * a layout-2 file that a rebuild is replacing still answers by this path.
     */
    static final int LAYOUT_MIN = 2;

    private FastSearch() {
    }

    /** The top {@code k} of the literal query, in its order; empty when the literal query must run. */
    public static Optional<List<Ranked>> top(Connection c, List<String> terms, int k) throws SQLException {
        return top(c, terms, k, null);
    }

    /** {@link #top}, reading posting segments through {@code cache} (null: none). */
    public static Optional<List<Ranked>> top(Connection c, List<String> terms, int k, SegmentCache cache)
            throws SQLException {
        return top(c, terms, k, cache, PostingCursor.EAGER_ROWS_MAX);
    }

    /**
     * {@link #top}, reading the blobs of a term of at most {@code eagerRowsMax} rows with its listing
     * (tests lower it so small corpora go through the cache and the lazy reads too).
     */
    static Optional<List<Ranked>> top(Connection c, List<String> terms, int k, SegmentCache cache, long eagerRowsMax)
            throws SQLException {
        try (Statements statements = new Statements(c)) {
            return top(statements, terms, k, cache, eagerRowsMax);
        }
    }

    /** {@link #top}, running its statements through {@code s}, which keeps them for the next search. */
    static Optional<List<Ranked>> top(Statements s, List<String> terms, int k, SegmentCache cache, long eagerRowsMax)
            throws SQLException {
        int n = terms.size();
        String[] tokens = new String[n];
        for (int i = 0; i < n; i++) {
            tokens[i] = terms.get(i).toLowerCase(Locale.ROOT);
            if (!Tokens.asciiToken(tokens[i])) {
                return Optional.empty();
            }
        }
        int layout = layout(s);
        if (layout < LAYOUT_MIN || layout > IndexSchema.VERSION) {
            return Optional.empty();
        }
        long[] totals = totals(s);
        long rows = totals[0];
        if (n == 0 || rows == 0) {
            return Optional.of(List.of());
        }
        double avgdl = (double) totals[1] / (double) rows;
        long[] docs = new long[n];
        long[][] stats = new long[n][];
        for (int i = 0; i < n; i++) {
            stats[i] = term(s, tokens[i]);
            docs[i] = stats[i][0];
        }
        double[] idf = idf(s, rows, docs);
        Scorer scorer = new Scorer(idf, avgdl);
        List<Integer> present = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (docs[i] > 0) {
                present.add(i);
            }
        }
        // Ascending bounds: the low ones are the first to stop being walked.
        present.sort(Comparator.comparingDouble(i -> scorer.part(i, (double) stats[i][1], (double) stats[i][2])));
        int m = present.size();
        Walk walk = new Walk(s, n, k, scorer);
        walk.terms = new int[m];
        walk.cursors = new PostingCursor[m];
        walk.bounds = new double[m];
        PostingCursor.Blobs blobs = new PostingCursor.Blobs(s, cache, totals[2]);
        try {
            for (int j = 0; j < m; j++) {
                int i = present.get(j);
                walk.terms[j] = i;
                walk.cursors[j] = PostingCursor.open(s, blobs, tokens[i], docs[i] <= eagerRowsMax);
                walk.bounds[j] = scorer.part(i, (double) stats[i][1], (double) stats[i][2]);
            }
            if (m >= 2 && docs[walk.terms[m - 1]] <= SEED_ROWS_MAX) {
                walk.seed();
            }
            walk.run();
            return Optional.of(walk.best.sorted());
        } catch (TopRows.TimeUnavailable e) {
            throw (SQLException) e.getCause();
        } catch (IndexOutOfBoundsException | IllegalArgumentException | NegativeArraySizeException e) {
            // Read from a segment whose bytes are not what was written.
            throw PostingCodec.damaged(e);
        }
    }

    /** The state of one search: the cursors in ascending bound order and the best rows so far. */
    private static final class Walk {
        final Scorer scorer;
        final TopRows best;
        final int queryTerms;
        int[] terms;
        PostingCursor[] cursors;
        double[] bounds;
        /** prefix[j]: the bounds of cursors 0 to j-1 together. */
        double[] prefix;

        Walk(Statements s, int queryTerms, int k, Scorer scorer) {
            this.queryTerms = queryTerms;
            this.scorer = scorer;
            this.best = new TopRows(s, k);
        }

        /**
         * Scores the rarest term's rows, each exactly (the other terms looked up for the rows that
         * could still enter), on cursors of their own: the k-th score it leaves lets {@link #run}
         * skip most of the common terms' rows. A row scored here may be offered again; it is held once.
         */
        void seed() throws SQLException {
            PostingCursor[] walking = cursors;
            PostingCursor[] own = new PostingCursor[walking.length];
            for (int j = 0; j < own.length; j++) {
                own[j] = walking[j].copy();
            }
            cursors = own;
            try {
                walk(cursors.length - 1);
            } finally {
                cursors = walking;
            }
        }

        void run() throws SQLException {
            walk(0);
        }

        /** The walk, with at least {@code least} cursors (from the lowest bound up) looked up rather than walked. */
        private void walk(int least) throws SQLException {
            int m = cursors.length;
            prefix = new double[m + 1];
            for (int j = 0; j < m; j++) {
                prefix[j + 1] = prefix[j] + bounds[j];
            }
            double[] freq = new double[queryTerms];
            while (true) {
                // Cursors below p are the non-essential ones: together they cannot reach the k-th score.
                int p = Math.max(least, nonEssential());
                if (p == m) {
                    return;
                }
                long d = PostingCursor.END;
                for (int j = p; j < m; j++) {
                    if (cursors[j].doc() < 0) {
                        cursors[j].advance(0);
                    }
                    d = Math.min(d, cursors[j].doc());
                }
                if (d == PostingCursor.END) {
                    return;
                }
                long upTo = PostingCursor.END;
                for (int j = p; j < m; j++) {
                    if (cursors[j].doc() != PostingCursor.END) {
                        upTo = Math.min(upTo, cursors[j].blockLast());
                    }
                }
                double window = prefix[p];
                for (int j = p; j < m; j++) {
                    PostingCursor cur = cursors[j];
                    if (cur.doc() <= upTo) {
                        window += scorer.part(terms[j], cur.blockMaxCount(), cur.blockMinLength());
                    }
                }
                if (!best.reachable(window)) {
                    for (int j = p; j < m; j++) {
                        cursors[j].advance(upTo + 1);
                    }
                    continue;
                }
                if (m - p == 1) {
                    scoreAlone(p, upTo, freq, least);
                } else {
                    scoreWindow(p, d, upTo, freq, least);
                }
            }
        }

        /**
         * {@link #scoreWindow} when one cursor is walked (the common case once a k-th score is
         * known): its postings are read in a tight loop and a row goes further only when its own
         * part, from a table, with every looked-up term's bound, could reach the k-th score.
         */
        private void scoreAlone(int p, long upTo, double[] freq, int least) throws SQLException {
            PostingCursor cur = cursors[p];
            double[][] parts = scorer.table(terms[p]);
            double rest = prefix[p];
            while (cur.doc() <= upTo) {
                int count = cur.count();
                int length = cur.length();
                double part = count < parts.length && length < Scorer.LENGTHS ? parts[count][length]
                        : scorer.part(terms[p], count, length);
                if (best.reachable(part + rest)) {
                    long d = cur.doc();
                    if (contender(p, d, part, length) && offer(d, length, freq) && Math.max(least, nonEssential()) != p) {
                        cur.next();
                        return;
                    }
                }
                cur.next();
            }
        }

        /**
         * Whether row {@code d}, whose walked terms add up to {@code partial}, can still reach the
         * k-th score once the looked-up terms (below {@code p}) are added, looked up from the
         * highest bound down while it can.
         */
        private boolean contender(int p, long d, double partial, int length) throws SQLException {
            for (int j = p - 1; j >= 0; j--) {
                if (!best.reachable(partial + prefix[j + 1])) {
                    return false;
                }
                if (cursors[j].advance(d) == d) {
                    partial += scorer.part(terms[j], cursors[j].count(), length);
                }
            }
            return best.reachable(partial);
        }

        /** Scores row {@code d} exactly, every cursor standing on it or past it, and offers it; true. */
        private boolean offer(long d, int length, double[] freq) throws SQLException {
            Arrays.fill(freq, 0.0);
            for (int j = 0; j < cursors.length; j++) {
                if (cursors[j].doc() == d) {
                    freq[terms[j]] = cursors[j].count();
                }
            }
            best.offer(d, -1.0 * scorer.exact(freq, length));
            return true;
        }

        /** Scores the rows from {@code d} to {@code upTo}, while the split into essential terms holds. */
        private void scoreWindow(int p, long d, long upTo, double[] freq, int least) throws SQLException {
            int m = cursors.length;
            while (d <= upTo) {
                double partial = 0;
                int length = -1;
                for (int j = p; j < m; j++) {
                    PostingCursor cur = cursors[j];
                    if (cur.doc() == d) {
                        length = cur.length();
                        partial += scorer.part(terms[j], cur.count(), length);
                    }
                }
                boolean offered = contender(p, d, partial, length) && offer(d, length, freq);
                long next = PostingCursor.END;
                for (int j = p; j < m; j++) {
                    PostingCursor cur = cursors[j];
                    if (cur.doc() == d) {
                        cur.next();
                    }
                    next = Math.min(next, cur.doc());
                }
                if (offered && Math.max(least, nonEssential()) != p) {
                    return;
                }
                d = next;
            }
        }

        /** The most cursors, from the lowest bound up, whose bounds together cannot reach the k-th score. */
        private int nonEssential() {
            int p = 0;
            while (p < cursors.length && !best.reachable(prefix[p + 1])) {
                p++;
            }
            return p;
        }
    }

    /** The file's layout, or 0 while its postings index is missing (an empty file being filled). */
    private static int layout(Statements s) throws SQLException {
        try (ResultSet rs = s.prepare("SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'index'"
                + " AND name = 'postings_term')").executeQuery()) {
            if (!rs.next() || rs.getInt(1) == 0) {
                return 0;
            }
        }
        try (ResultSet rs = s.prepare("PRAGMA user_version").executeQuery()) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }

    /** {@code [rows, tokens, the file's own id]} of the whole index. */
    private static long[] totals(Statements s) throws SQLException {
        try (ResultSet rs = s.prepare("SELECT rows, tokens, file FROM stats WHERE id = 1").executeQuery()) {
            return rs.next() ? new long[] {rs.getLong(1), rs.getLong(2), rs.getLong(3)} : new long[] {0, 0, 0};
        }
    }

    /** {@code [rows holding it, largest count in a row, shortest row]} of one token. */
    private static long[] term(Statements s, String token) throws SQLException {
        PreparedStatement q = s.prepare("SELECT docs, tf_max, len_min FROM terms WHERE term = ?");
        q.setString(1, token);
        try (ResultSet rs = q.executeQuery()) {
            return rs.next() ? new long[] {rs.getLong(1), rs.getLong(2), rs.getLong(3)} : new long[] {0, 0, 0};
        }
    }

    /**
     * FTS5's IDF per term, {@code log((N - n + 0.5) / (n + 0.5))} floored at {@link #IDF_FLOOR}. The
     * logarithm is SQLite's {@code ln}, the C library's {@code log} that FTS5 itself calls, so the
     * bits match.
     */
    private static double[] idf(Statements s, long rows, long[] docs) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT ");
        for (int i = 0; i < docs.length; i++) {
            sql.append(i == 0 ? "ln(?)" : ", ln(?)");
        }
        double[] out = new double[docs.length];
        PreparedStatement q = s.prepare(sql.toString());
        for (int i = 0; i < docs.length; i++) {
            q.setDouble(i + 1, ((double) (rows - docs[i]) + 0.5) / ((double) docs[i] + 0.5));
        }
        try (ResultSet rs = q.executeQuery()) {
            rs.next();
            for (int i = 0; i < docs.length; i++) {
                double idf = rs.getDouble(i + 1);
                out[i] = idf <= 0.0 ? IDF_FLOOR : idf;
            }
        }
        return out;
    }
}
