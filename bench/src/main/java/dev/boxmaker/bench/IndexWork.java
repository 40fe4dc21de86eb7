package dev.boxmaker.bench;

import dev.boxmaker.memoryd.index.postings.SegmentCache;
import dev.boxmaker.memoryd.index.search.FastSearch;
import dev.boxmaker.memoryd.index.search.LiteralSearch;
import dev.boxmaker.memoryd.index.search.QueryTerms;
import dev.boxmaker.memoryd.index.search.Ranked;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.sqlite.SQLiteDataSource;

/**
 * The index file read directly, in this process: the literal FTS5 query's latency, and the fast
 * path checked against it query by query.
 */
final class IndexWork {
    /** What the comparison found. */
    record Comparison(int queries, int fastAnswered, int equal, Stats literal, Stats fast) {
    }

    private IndexWork() {
    }

    static Connection open(Path file) throws SQLException {
        SQLiteDataSource source = new SQLiteDataSource();
        source.setUrl("jdbc:sqlite:" + file);
        return source.getConnection();
    }

    static Comparison compare(Path file, List<String> questions, int k) throws SQLException {
        long[] literalNanos = new long[questions.size()];
        long[] fastNanos = new long[questions.size()];
        int answered = 0;
        int equal = 0;
        SegmentCache cache = new SegmentCache();
        try (Connection c = open(file)) {
            for (int i = 0; i < questions.size(); i++) {
                List<String> terms = QueryTerms.terms(questions.get(i));
                long t0 = System.nanoTime();
                List<Ranked> literal = LiteralSearch.top(c, terms, k);
                long t1 = System.nanoTime();
                Optional<List<Ranked>> fast = FastSearch.top(c, terms, k, cache);
                long t2 = System.nanoTime();
                literalNanos[i] = t1 - t0;
                fastNanos[i] = t2 - t1;
                if (fast.isPresent()) {
                    answered++;
                    if (fast.get().stream().map(Ranked::rowid).toList()
                            .equals(literal.stream().map(Ranked::rowid).toList())) {
                        equal++;
                    }
                }
            }
        }
        double literalSeconds = java.util.Arrays.stream(literalNanos).sum() / 1e9;
        double fastSeconds = java.util.Arrays.stream(fastNanos).sum() / 1e9;
        return new Comparison(questions.size(), answered, equal,
                Stats.of("literal FTS5 bm25 query (in process)", 1, literalNanos, literalSeconds),
                Stats.of("fast path alone (in process)", 1, fastNanos, fastSeconds));
    }
}
