package dev.boxmaker.memoryd.index.search;

import dev.boxmaker.memoryd.index.search.QueryTerms;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The spec's ranking run as written: FTS5's {@code bm25} over the OR of the quoted terms, best first,
 * ties to the newer row. Exact by definition, and slow at scale, since FTS5 scores every row that
 * holds any term; {@link FastSearch} returns the same rows with far less work when it can prove it.
 */
public final class LiteralSearch {
    private LiteralSearch() {
    }

    public static List<Ranked> top(Connection c, List<String> terms, int k) throws SQLException {
        if (terms.isEmpty()) {
            return List.of();
        }
        List<Ranked> out = new ArrayList<>(k);
        try (PreparedStatement q = c.prepareStatement("SELECT hits.rowid, bm25(hits) AS score, sources.time"
                + " FROM hits JOIN sources ON sources.rowid = hits.rowid WHERE hits MATCH ?"
                + " ORDER BY score, sources.time DESC, hits.rowid DESC LIMIT ?")) {
            q.setString(1, QueryTerms.match(terms));
            q.setInt(2, k);
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    out.add(new Ranked(rs.getLong(1), rs.getDouble(2), rs.getString(3)));
                }
            }
        }
        return out;
    }
}
