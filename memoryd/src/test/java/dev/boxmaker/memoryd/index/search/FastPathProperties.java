package dev.boxmaker.memoryd.index.search;

import dev.boxmaker.memoryd.index.postings.SegmentCache;
import dev.boxmaker.memoryd.index.search.QueryTerms;
import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import dev.boxmaker.memoryd.index.TestIndexes;
import dev.boxmaker.proto.testing.SourcedRandom;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * Exactness: over random corpora and queries, the fast path's top k equals the literal {@code bm25}
 * query's, row for row and in order (ties to the newer row). Corpora are drawn from a small Zipf-like
 * vocabulary so terms repeat, rows tie, and both the early stop and full reads happen; some rows
 * hold accented or combined letters, which FTS5 tokenizes itself. Every corpus is drawn from
 * QuickTheories' source ({@link SourcedRandom}), so a failure shrinks to a small corpus and its seed
 * replays (the README's Tests section).
 */
class FastPathProperties {
    static final String[] VOCABULARY = {"the", "a", "to", "we", "launch", "window", "moved", "thursday", "release",
        "march", "owner", "prefers", "utc", "notes", "q3", "file", "read", "tea", "x", "y", "zeta", "omega"};
    static final String[] ODD = {"café", "Café", "CAFE", "e\u0301", "東京", "naïve", "—", "\uD83D\uDE00", "…", "x\uD83E\uDD14x", "\uD83E\uDD14"};

    static final int QUERIES_PER_CORPUS = 12;

    /**
     * One small cache shared by every corpus, as memoryd shares one across reindexes: segments of
     * different files have the same ids, and evictions happen all the time.
     */
    static final SegmentCache CACHE = new SegmentCache(16 << 10);

    /** A random query, whether it goes through the shared cache, and how many rows the search skips. */
    record Query(String text, boolean cached, int skip) {
    }

    /** One corpus: its rows, the queries and k. */
    record Corpus(CorpusRows rows, List<Query> queries, int k) {
    }

    static Gen<Corpus> corpora() {
        return SourcedRandom.gen(random -> {
            CorpusRows rows = CorpusRows.draw(random, 300, FastPathProperties::text);
            int k = 1 + random.nextInt(10);
            List<Query> queries = new ArrayList<>();
            for (int q = 0; q < QUERIES_PER_CORPUS; q++) {
                queries.add(new Query(query(random), random.nextBoolean(),
                        random.nextBoolean() ? 0 : random.nextInt(rows.texts().size() + 1)));
            }
            return new Corpus(rows, queries, k);
        });
    }

    /** Shrink attempts a failure may take: each builds an index of up to 300 rows. */
    static final int SHRINKS = 300;

    @Test
    void theFastPathsTopKIsTheLiteralQuerys() {
        AtomicInteger asked = new AtomicInteger();
        AtomicInteger answered = new AtomicInteger();
        qt().withExamples(100).withShrinkCycles(SHRINKS).forAll(corpora()).checkAssert(corpus -> {
            try {
                check(corpus, asked, answered);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        // Guards the property against passing by always falling back: only queries with a non-ASCII
        // term (about one in six here) may go to the literal query.
        System.out.printf("FastPathProperties: the fast path answered %d of %d queries%n", answered.get(), asked.get());
        assertThat(answered.get()).isGreaterThan(asked.get() * 3 / 4);
    }

    private static void check(Corpus corpus, AtomicInteger asked, AtomicInteger answered) throws Exception {
        Path dir = Files.createTempDirectory("bxq-fast");
        TestIndexes.Built built = corpus.rows().build(dir);
        try (Connection c = built.connection()) {
            for (Query query : corpus.queries()) {
                List<String> terms = QueryTerms.terms(query.text());
                Optional<List<Ranked>> fast = FastSearch.top(c, terms, corpus.k(), query.cached() ? CACHE : null, query.skip());
                asked.incrementAndGet();
                if (isLiteral(fast, LiteralSearch.top(c, terms, corpus.k()), built.shape() + ", query " + terms)) {
                    answered.incrementAndGet();
                }
            }
        } finally {
            removeAll(dir);
        }
    }

    /** Whether the fast path answered; if it did, its answer must be {@code literal}, rank for rank. */
    static boolean isLiteral(Optional<List<Ranked>> fast, List<Ranked> literal, String what) {
        if (fast.isEmpty()) {
            return false;
        }
        assertThat(fast.get()).as(what).extracting(Ranked::rowid)
                .containsExactlyElementsOf(literal.stream().map(Ranked::rowid).toList());
        assertThat(fast.get()).as(what).extracting(Ranked::bm25)
                .containsExactlyElementsOf(literal.stream().map(Ranked::bm25).toList());
        return true;
    }

    /** Deletes the temporary {@code dir} and the files in it. */
    static void removeAll(Path dir) throws java.io.IOException {
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) {
                Files.delete(p);
            }
        }
        Files.delete(dir);
    }

    /** 1 to 30 words, Zipf-like: word i is drawn about 1/(i+1) as often as the first. */
    static String text(Random random) {
        StringBuilder out = new StringBuilder();
        int words = 1 + random.nextInt(30);
        for (int w = 0; w < words; w++) {
            out.append(w > 0 ? (random.nextInt(10) == 0 ? ", " : " ") : "");
            out.append(random.nextInt(25) == 0 ? ODD[random.nextInt(ODD.length)] : zipf(random));
        }
        return out.toString();
    }

    static String zipf(Random random) {
        double u = random.nextDouble();
        int i = (int) Math.floor(Math.pow(VOCABULARY.length + 1, u)) - 1;
        String word = VOCABULARY[Math.min(i, VOCABULARY.length - 1)];
        return random.nextInt(8) == 0 ? word.toUpperCase(java.util.Locale.ROOT) : word;
    }

    static String query(Random random) {
        StringBuilder out = new StringBuilder();
        int words = 1 + random.nextInt(5);
        for (int w = 0; w < words; w++) {
            out.append(' ');
            int pick = random.nextInt(20);
            out.append(pick == 0 ? ODD[random.nextInt(ODD.length)] : pick == 1 ? "absent" : zipf(random));
        }
        return out.toString();
    }
}
