package dev.boxmaker.memoryd.index.search;

import dev.boxmaker.memoryd.index.IndexDamagedException;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.index.postings.PostingCursor;
import dev.boxmaker.memoryd.index.postings.SegmentCache;
import dev.boxmaker.memoryd.index.sql.Statements;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** A search of the index: the fast path, or the literal query when it cannot prove its answer. */
public final class Searcher implements IndexSearch {
    private final MemoryIndex index;
    private final SegmentCache cache = new SegmentCache();

    public Searcher(MemoryIndex index) {
        this.index = index;
    }

    @Override
    public List<Hit> search(List<String> terms, int k) throws IndexDamagedException, SQLException {
        if (terms.isEmpty()) {
            return List.of();
        }
        return index.readPrepared(s -> inOneSnapshot(s, terms, k, cache));
    }

    /**
     * One read transaction, so the counts the fast path uses and the rows it reads are of the same
     * moment even while the writer commits.
     */
    static List<Hit> inOneSnapshot(Statements s, List<String> terms, int k, SegmentCache cache) throws SQLException {
        Connection c = s.connection();
        c.setAutoCommit(false);
        try {
            Optional<List<Ranked>> fast = FastSearch.top(s, terms, k, cache, PostingCursor.EAGER_ROWS_MAX);
            List<Ranked> ranked = fast.isPresent() ? fast.get() : LiteralSearch.top(c, terms, k);
            return Hit.load(s, ranked);
        } finally {
            c.rollback();
            c.setAutoCommit(true);
        }
    }
}
