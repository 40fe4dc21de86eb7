package dev.boxmaker.memoryd.recall;

import dev.boxmaker.memoryd.index.Tokens;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * The literal query's top k ({@link LiteralSearch}) with far less work, or nothing when that cannot
 * be proven within {@link #CANDIDATE_ROWS_MAX} rows (the caller then runs the literal query).
 *
 * <p>MaxScore over whole terms: the terms' row counts and score bounds are kept in the index as rows
 * are written, so nothing walks a posting list to learn them. Rare terms are read first (highest
 * bound first); every row read is scored exactly, with FTS5's own {@code bm25} arithmetic in FTS5's
 * own order. Once the k-th score beats the sum of the bounds of the terms not yet read, no unread
 * row can enter the top k, and the search stops. Otherwise the common terms left are not read
 * whole: only the rows holding a set of them whose bounds add up to the k-th score can still enter,
 * and FTS5 finds those with one boolean query.
 *
 * <p>Only ASCII terms are searched here (their FTS5 token is the lower-cased term); any other term
 * goes to the literal query, which folds case and accents with SQLite's own tables.
 */
public final class FastSearch {
    /** FTS5's bm25 constants (fts5_aux.c). */
    static final double K1 = 1.2;
    static final double B = 0.75;

    /** FTS5's floor for an IDF that is zero or less (a term in more than half the rows). */
    static final double IDF_FLOOR = 1e-6;

    /** Rows read before giving up on a proof: past this the literal query is as cheap. */
    public static final int CANDIDATE_ROWS_MAX = 20_000;

    /** A term with at most this many rows is read whole in the first phase. */
    static final int DIRECT_ROWS_MAX = 5_000;

    /** The most unread terms whose combinations are written out, and the most combinations. */
    static final int COMBINATION_TERMS_MAX = 12;
    static final int COMBINATION_CLAUSES_MAX = 400;

    /** Bounds are widened by this factor so rounding can never make a proof that is not one. */
    static final double BOUND_SLACK = 1e-9;

    private FastSearch() {
    }

    /** The top {@code k} of the literal query, in its order; empty when the literal query must run. */
    public static Optional<List<Ranked>> top(Connection c, List<String> terms, int k) throws SQLException {
        return top(c, terms, k, DIRECT_ROWS_MAX);
    }

    /** {@link #top} with the first phase's limit given, so tests can send small corpora through both phases. */
    static Optional<List<Ranked>> top(Connection c, List<String> terms, int k, int directRowsMax) throws SQLException {
        int n = terms.size();
        String[] tokens = new String[n];
        for (int i = 0; i < n; i++) {
            tokens[i] = terms.get(i).toLowerCase(Locale.ROOT);
            if (!Tokens.asciiToken(tokens[i])) {
                return Optional.empty();
            }
        }
        long[] totals = totals(c);
        long rows = totals[0];
        if (n == 0 || rows == 0) {
            return Optional.of(List.of());
        }
        double avgdl = (double) totals[1] / (double) rows;
        long[] docs = new long[n];
        double[] bound = new double[n];
        double[] idf = new double[n];
        for (int i = 0; i < n; i++) {
            long[] t = term(c, tokens[i]);
            docs[i] = t[0];
            idf[i] = idf(c, rows, docs[i]);
            double f = t[1];
            bound[i] = docs[i] == 0 ? 0 : idf[i] * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + B * t[2] / avgdl)));
        }
        Integer[] order = new Integer[n];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> -bound[i]));
        Scorer scorer = new Scorer(tokens, idf, avgdl);
        return search(c, order, docs, bound, scorer, k, directRowsMax);
    }

    private static Optional<List<Ranked>> search(Connection c, Integer[] order, long[] docs, double[] bound,
            Scorer scorer, int k, int directRowsMax) throws SQLException {
        // The worst of the best k at the head, so it is the one replaced.
        PriorityQueue<Ranked> best = new PriorityQueue<>(k + 1, (a, b) -> Ranked.order(b, a));
        Set<Long> seen = new HashSet<>();
        List<Integer> unread = new ArrayList<>();
        long read = 0;
        for (int i : order) {
            if (docs[i] > 0) {
                unread.add(i);
            }
        }
        // Phase 1: the rare terms' rows, read whole, rarest first, while they are cheap.
        while (!unread.isEmpty() && docs[unread.get(0)] <= directRowsMax
                && read + docs[unread.get(0)] <= CANDIDATE_ROWS_MAX) {
            if (proven(best, k, sum(bound, unread))) {
                return Optional.of(sorted(best));
            }
            int i = unread.remove(0);
            read += docs[i];
            scan(c, scorer, "\"" + scorer.tokens[i] + "\"", seen, best, k, Long.MAX_VALUE);
        }
        if (unread.isEmpty() || proven(best, k, sum(bound, unread))) {
            return Optional.of(sorted(best));
        }
        // Phase 2: an unread row can only reach the k-th score by holding a set of unread terms whose
        // bounds add up to it; FTS5 finds the rows holding any such set, in C, without scoring.
        Optional<String> expression = combinations(scorer.tokens, bound, unread,
                best.size() < k ? 0 : -best.peek().bm25() / (1 + BOUND_SLACK));
        if (expression.isEmpty()) {
            return Optional.empty();
        }
        long room = CANDIDATE_ROWS_MAX - read;
        if (!scan(c, scorer, expression.get(), seen, best, k, room)) {
            return Optional.empty();
        }
        return Optional.of(sorted(best));
    }

    /** Whether no row outside the ones read can enter the top k: the k-th score beats every bound left. */
    private static boolean proven(PriorityQueue<Ranked> best, int k, double unreadBound) {
        return best.size() == k && unreadBound * (1 + BOUND_SLACK) + Double.MIN_NORMAL < -best.peek().bm25();
    }

    private static double sum(double[] bound, List<Integer> terms) {
        double total = 0;
        for (int i : terms) {
            total += bound[i];
        }
        return total;
    }

    private static List<Ranked> sorted(PriorityQueue<Ranked> best) {
        List<Ranked> out = new ArrayList<>(best);
        out.sort(Ranked::order);
        return out;
    }

    /**
     * The FTS5 expression matching every row that holds a minimal set of {@code terms} whose bounds
     * reach {@code threshold}: {@code ("a" AND "b") OR ("c")}. Empty when there are too many terms
     * or sets to write one.
     */
    static Optional<String> combinations(String[] tokens, double[] bound, List<Integer> terms, double threshold) {
        int n = terms.size();
        if (n > COMBINATION_TERMS_MAX) {
            return Optional.empty();
        }
        List<String> clauses = new ArrayList<>();
        for (int mask = 1; mask < (1 << n); mask++) {
            if (!reaches(bound, terms, mask, threshold)) {
                continue;
            }
            boolean minimal = true;
            for (int j = 0; j < n && minimal; j++) {
                if ((mask & (1 << j)) != 0 && reaches(bound, terms, mask & ~(1 << j), threshold)) {
                    minimal = false;
                }
            }
            if (minimal) {
                StringBuilder clause = new StringBuilder("(");
                for (int j = 0; j < n; j++) {
                    if ((mask & (1 << j)) != 0) {
                        clause.append(clause.length() > 1 ? " AND " : "").append('"').append(tokens[terms.get(j)]).append('"');
                    }
                }
                clauses.add(clause.append(')').toString());
            }
        }
        if (clauses.isEmpty() || clauses.size() > COMBINATION_CLAUSES_MAX) {
            return Optional.empty();
        }
        return Optional.of(String.join(" OR ", clauses));
    }

    /**
     * Whether the terms in {@code mask} could together score {@code threshold}. The empty set never
     * does, since a row the query finds holds at least one term: with no k-th score yet (a threshold
     * of zero) every single term is a set, and the expression is the whole OR, read within the room.
     */
    private static boolean reaches(double[] bound, List<Integer> terms, int mask, double threshold) {
        if (mask == 0) {
            return false;
        }
        double total = 0;
        for (int j = 0; j < terms.size(); j++) {
            if ((mask & (1 << j)) != 0) {
                total += bound[terms.get(j)];
            }
        }
        return total >= threshold;
    }

    /**
     * Scores every row {@code match} finds that is not scored yet; false, having stopped, when it
     * finds more than {@code room} rows.
     */
    private static boolean scan(Connection c, Scorer scorer, String match, Set<Long> seen, PriorityQueue<Ranked> best,
            int k, long room) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT hits.rowid, sources.doclen, sources.tokens,"
                + " sources.time, hits.text FROM hits JOIN sources ON sources.rowid = hits.rowid WHERE hits MATCH ?")) {
            q.setString(1, match);
            long found = 0;
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    if (++found > room) {
                        return false;
                    }
                    long rowid = rs.getLong(1);
                    if (!seen.add(rowid)) {
                        continue;
                    }
                    String stored = rs.getString(3);
                    List<String> rowTokens = stored != null
                            ? (stored.isEmpty() ? List.of() : Arrays.asList(stored.split(" ")))
                            : Tokens.split(rs.getString(5));
                    double bm25 = -1.0 * scorer.score(rowTokens, rs.getLong(2));
                    Ranked r = new Ranked(rowid, bm25, rs.getString(4));
                    if (best.size() < k) {
                        best.add(r);
                    } else if (Ranked.order(r, best.peek()) < 0) {
                        best.poll();
                        best.add(r);
                    }
                }
            }
        }
        return true;
    }

    /** FTS5's bm25 for one row, term by term in query order, as fts5Bm25Function computes it. */
    static final class Scorer {
        final String[] tokens;
        final double[] idf;
        final double avgdl;
        private final Map<String, Integer> index = new HashMap<>();

        Scorer(String[] tokens, double[] idf, double avgdl) {
            this.tokens = tokens;
            this.idf = idf;
            this.avgdl = avgdl;
            for (int i = 0; i < tokens.length; i++) {
                index.put(tokens[i], i);
            }
        }

        double score(List<String> rowTokens, long doclen) {
            double[] freq = new double[tokens.length];
            for (String t : rowTokens) {
                Integer i = index.get(t);
                if (i != null) {
                    freq[i] += 1.0;
                }
            }
            double d = (double) doclen;
            double score = 0.0;
            for (int i = 0; i < tokens.length; i++) {
                score += idf[i] * ((freq[i] * (K1 + 1.0)) / (freq[i] + K1 * (1 - B + B * d / avgdl)));
            }
            return score;
        }
    }

    /** {@code [rows, tokens]} of the whole index. */
    private static long[] totals(Connection c) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT rows, tokens FROM stats WHERE id = 1");
                ResultSet rs = q.executeQuery()) {
            return rs.next() ? new long[] {rs.getLong(1), rs.getLong(2)} : new long[] {0, 0};
        }
    }

    /** {@code [rows holding it, largest count in a row, shortest row]} of one token. */
    private static long[] term(Connection c, String token) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT docs, tf_max, len_min FROM terms WHERE term = ?")) {
            q.setString(1, token);
            try (ResultSet rs = q.executeQuery()) {
                return rs.next() ? new long[] {rs.getLong(1), rs.getLong(2), rs.getLong(3)} : new long[] {0, 0, 0};
            }
        }
    }

    /**
     * FTS5's IDF, {@code log((N - n + 0.5) / (n + 0.5))} floored at {@link #IDF_FLOOR}. The logarithm
     * is SQLite's {@code ln}, the C library's {@code log} that FTS5 itself calls, so the bits match.
     */
    private static double idf(Connection c, long rows, long docs) throws SQLException {
        double ratio = ((double) (rows - docs) + 0.5) / ((double) docs + 0.5);
        double idf;
        try (PreparedStatement q = c.prepareStatement("SELECT ln(?)")) {
            q.setDouble(1, ratio);
            try (ResultSet rs = q.executeQuery()) {
                rs.next();
                idf = rs.getDouble(1);
            }
        }
        return idf <= 0.0 ? IDF_FLOOR : idf;
    }
}
