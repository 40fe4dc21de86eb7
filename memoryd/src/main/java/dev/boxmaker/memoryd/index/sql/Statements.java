package dev.boxmaker.memoryd.index.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A connection's prepared statements, kept to be run again. A recall runs fifteen to twenty-five
 * statements (a term's counts, its segments, a tie's time, the hits' rows); preparing each of them
 * again for every recall took about a fifteenth of a search's CPU. A reader connection's statements
 * live as long as it does ({@link MemoryIndex#readPrepared}); closing the connection finalizes them.
 *
 * <p>Used by one thread at a time, as its connection is. A statement is never closed by its user, only
 * its result set, which resets it for the next run; the least recently used one is closed past
 * {@link #KEPT_MAX}, since some texts vary (one per number of a query's terms).
 */
public final class Statements implements AutoCloseable {
    /** The most statements kept for one connection. */
    static final int KEPT_MAX = 32;

    private final Connection connection;
    private final Map<String, PreparedStatement> kept = new LinkedHashMap<>(16, 0.75f, true);

    public Statements(Connection connection) {
        this.connection = connection;
    }

    public Connection connection() {
        return connection;
    }

    /** The statement for {@code sql}, prepared on first use; its previous result set must be closed. */
    public PreparedStatement prepare(String sql) throws SQLException {
        PreparedStatement q = kept.get(sql);
        if (q != null && !q.isClosed()) {
            return q;
        }
        q = connection.prepareStatement(sql);
        kept.put(sql, q);
        if (kept.size() > KEPT_MAX) {
            Iterator<PreparedStatement> eldest = kept.values().iterator();
            PreparedStatement out = eldest.next();
            eldest.remove();
            out.close();
        }
        return q;
    }

    /** The statements kept now; for tests. */
    int size() {
        return kept.size();
    }

    /** Closes the statements, not the connection. */
    @Override
    public void close() throws SQLException {
        SQLException first = null;
        for (PreparedStatement q : kept.values()) {
            try {
                q.close();
            } catch (SQLException e) {
                first = first == null ? e : first;
            }
        }
        kept.clear();
        if (first != null) {
            throw first;
        }
    }
}
