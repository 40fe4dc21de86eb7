package dev.boxmaker.memoryd.index.search;

import dev.boxmaker.memoryd.index.sql.Statements;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The best {@code k} rows found so far, in the literal query's order ({@link Ranked#order}). A row's
 * time is read only when its score ties another's, which is the only time the order needs it.
 */
final class TopRows {
    private final Statements s;
    private final int k;
    private final long[] rows;
    private final double[] scores;
    private int size;
    /** The index of the last held row in the order, once k are held; -1 until worked out. */
    private int last = -1;
    private final Map<Long, String> times = new HashMap<>();

    TopRows(Statements s, int k) {
        this.s = s;
        this.k = k;
        this.rows = new long[k];
        this.scores = new double[k];
    }

    /**
     * Whether a row whose score (positive, higher is better) is at most {@code bound} could still
     * enter: always while fewer than k rows are held; otherwise unless the bound, widened against
     * rounding, is below the k-th score (a tie could still enter, on time).
     */
    boolean reachable(double bound) {
        if (size < k) {
            return true;
        }
        return bound * (1 + FastSearch.BOUND_SLACK) + Double.MIN_NORMAL >= -scores[worst()];
    }

    /** Offers a row with its FTS5 score, unless it is held already ({@code bm25}, negative, lower is better). */
    void offer(long row, double bm25) throws SQLException {
        for (int i = 0; i < size; i++) {
            if (rows[i] == row) {
                return;
            }
        }
        if (size < k) {
            rows[size] = row;
            scores[size] = bm25;
            size++;
            return;
        }
        int w = worst();
        if (before(row, bm25, rows[w], scores[w])) {
            rows[w] = row;
            scores[w] = bm25;
            last = -1;
        }
    }

    /** The rows held, best first, with their times. */
    List<Ranked> sorted() throws SQLException {
        List<Ranked> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            out.add(new Ranked(rows[i], scores[i], time(rows[i])));
        }
        out.sort(Ranked::order);
        return out;
    }

    /** The held row that comes last in the order; only called when k rows are held. */
    private int worst() {
        if (last >= 0) {
            return last;
        }
        int w = 0;
        for (int i = 1; i < size; i++) {
            if (before(rows[w], scores[w], rows[i], scores[i])) {
                w = i;
            }
        }
        last = w;
        return w;
    }

    private boolean before(long a, double sa, long b, double sb) {
        int cmp = Double.compare(sa, sb);
        if (cmp != 0) {
            return cmp < 0;
        }
        try {
            cmp = time(b).compareTo(time(a));
        } catch (SQLException e) {
            throw new TimeUnavailable(e);
        }
        return cmp != 0 ? cmp < 0 : a > b;
    }

    private String time(long row) throws SQLException {
        String t = times.get(row);
        if (t == null) {
            PreparedStatement q = s.prepare("SELECT time FROM sources WHERE rowid = ?");
            q.setLong(1, row);
            try (ResultSet rs = q.executeQuery()) {
                t = rs.next() && rs.getString(1) != null ? rs.getString(1) : "";
            }
            times.put(row, t);
        }
        return t;
    }

    /** A time that could not be read while ordering ties; unwrapped by {@link FastSearch}. */
    static final class TimeUnavailable extends RuntimeException {
        TimeUnavailable(SQLException cause) {
            super(cause);
        }
    }
}
