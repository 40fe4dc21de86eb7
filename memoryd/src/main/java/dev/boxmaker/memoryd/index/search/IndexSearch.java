package dev.boxmaker.memoryd.index.search;

import dev.boxmaker.memoryd.index.IndexDamagedException;
import java.sql.SQLException;
import java.util.List;

/**
 * The one way a reader outside the index searches it (recall is one): a query's terms in, the best
 * hits out. How the index finds them (the postings' fast path or FTS5's literal query, its files,
 * statements and caches) stays behind this seam.
 */
public interface IndexSearch {
    /** The query's terms as the index searches for them: words of letters and digits, each once. */
    static List<String> terms(String query) {
        return QueryTerms.terms(query);
    }

    /** The best {@code k} hits for {@code terms}, best first. */
    List<Hit> search(List<String> terms, int k) throws IndexDamagedException, SQLException;
}
