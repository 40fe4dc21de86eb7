package dev.boxmaker.memoryd.recall;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.index.TestIndexes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Exactness: over random corpora and queries, the fast path's top k equals the literal {@code bm25}
 * query's, row for row and in order (ties to the newer row). Corpora are drawn from a small Zipf-like
 * vocabulary so terms repeat, rows tie, and both the early stop and full reads happen; some rows
 * hold accented or combined letters, which FTS5 tokenizes itself.
 */
class FastPathProperties {
    static final String[] VOCABULARY = {"the", "a", "to", "we", "launch", "window", "moved", "thursday", "release",
        "march", "owner", "prefers", "utc", "notes", "q3", "file", "read", "tea", "x", "y", "zeta", "omega"};
    static final String[] ODD = {"café", "Café", "CAFE", "e\u0301", "東京", "naïve", "—", "\uD83D\uDE00", "…", "x\uD83E\uDD14x", "\uD83E\uDD14"};
    static final AtomicInteger[] answered = counters();
    static final AtomicInteger[] queries = counters();

    static AtomicInteger[] counters() {
        AtomicInteger[] out = new AtomicInteger[4];
        java.util.Arrays.setAll(out, i -> new AtomicInteger());
        return out;
    }

    static final int QUERIES_PER_CORPUS = 12;
    static final int[] DIRECT_LIMITS = {0, 3, 20, FastSearch.DIRECT_ROWS_MAX};

    @Property(tries = 60)
    void theFastPathsTopKIsTheLiteralQuerys(@ForAll long seed, @ForAll @IntRange(min = 1, max = 300) int rows,
            @ForAll @IntRange(min = 1, max = 10) int k) throws Exception {
        Random random = new Random(seed);
        List<String> texts = new ArrayList<>();
        List<String> times = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            texts.add(text(random));
            times.add("2026-09-2" + random.nextInt(3) + "T14:0" + random.nextInt(2) + ":00Z");
        }
        Path dir = Files.createTempDirectory("bxq-fast");
        Path file = dir.resolve("memory.sqlite3");
        try (Connection c = TestIndexes.build(file, texts, times)) {
            if (random.nextInt(4) == 0 && rows > 1) {
                TestIndexes.delete(c, 1 + random.nextInt(rows));
            }
            for (int q = 0; q < QUERIES_PER_CORPUS; q++) {
                List<String> terms = QueryTerms.terms(query(random));
                // Small first-phase limits send these small corpora through the second phase too.
                int limit = random.nextInt(DIRECT_LIMITS.length);
                int direct = DIRECT_LIMITS[limit];
                Optional<List<Ranked>> fast = FastSearch.top(c, terms, k, direct);
                List<Ranked> literal = LiteralSearch.top(c, terms, k);
                queries[limit].incrementAndGet();
                if (fast.isPresent()) {
                    answered[limit].incrementAndGet();
                    assertThat(fast.get()).as("seed %d, query %s", seed, terms).extracting(Ranked::rowid)
                            .containsExactlyElementsOf(literal.stream().map(Ranked::rowid).toList());
                    assertThat(fast.get()).extracting(Ranked::bm25)
                            .containsExactlyElementsOf(literal.stream().map(Ranked::bm25).toList());
                }
            }
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
    }

    @AfterContainer
    static void theFastPathAnsweredMostQueries() {
        // Guards the property against passing by always falling back: with the real first-phase limit
        // only non-ASCII terms may; with the small ones the second phase must answer some too.
        int real = DIRECT_LIMITS.length - 1;
        for (int i = 0; i <= real; i++) {
            System.out.printf("FastPathProperties: first-phase limit %d answered %d of %d%n", DIRECT_LIMITS[i],
                    answered[i].get(), queries[i].get());
        }
        assertThat(answered[real].get()).isGreaterThan(queries[real].get() * 3 / 4);
        for (int i = 0; i < real; i++) {
            assertThat(answered[i].get()).as("answered with a first-phase limit of %d", DIRECT_LIMITS[i])
                    .isPositive();
        }
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
