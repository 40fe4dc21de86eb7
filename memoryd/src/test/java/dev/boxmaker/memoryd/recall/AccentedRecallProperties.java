package dev.boxmaker.memoryd.recall;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.index.TestIndexes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Exactness over texts of accented words, split by the measured folds rather than by FTS5: the
 * postings equal FTS5's own rows, and the fast path's top k (queries of the folded, ASCII forms: what
 * an owner typing without accents asks) equals the literal {@code bm25} query's.
 */
class AccentedRecallProperties {
    static final String[] WORDS = {"école", "été", "fermée", "Ça", "naïve", "façon", "réunion", "déjà", "très",
            "Größe", "Straße", "über", "señor", "Pérez", "año", "mañana", "crème", "brûlée", "ÉTÉ", "cafe", "le", "la",
            "de", "et", "lancement", "jeudi", "e\u0301te\u0301", "5\u212Ag", "ſoir", "ıi", "İstanbul", "Ωmega", "москва"};
    static final String[] QUERIES = {"ecole", "ete", "fermee", "ca", "naive", "facon", "reunion", "deja", "tres",
            "uber", "senor", "perez", "creme", "brulee", "cafe", "le", "de", "lancement", "jeudi", "5kg", "absent"};
    static final AtomicInteger asked = new AtomicInteger();
    static final AtomicInteger answered = new AtomicInteger();
    static final AtomicInteger texts = new AtomicInteger();
    static final AtomicInteger folded = new AtomicInteger();

    @Property(tries = 40)
    void aRecallOverAccentedTextsIsTheLiteralQuerys(@ForAll long seed, @ForAll @IntRange(min = 1, max = 200) int rows,
            @ForAll @IntRange(min = 1, max = 10) int k) throws Exception {
        TestIndexes.calibrate();
        Random random = new Random(seed);
        List<String> corpus = new ArrayList<>();
        List<String> times = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            String text = text(random);
            corpus.add(text);
            times.add("2026-09-2" + random.nextInt(3) + "T14:0" + random.nextInt(2) + ":00Z");
            texts.incrementAndGet();
            if (TestIndexes.foldedHere(text)) {
                folded.incrementAndGet();
            }
        }
        Path dir = Files.createTempDirectory("bxq-accented");
        TestIndexes.Built built = TestIndexes.build(dir.resolve("memory.sqlite3"), corpus, times, random);
        try (Connection c = built.connection()) {
            for (int d = random.nextInt(4) == 0 ? 1 + random.nextInt(3) : 0; d > 0 && rows > 1; d--) {
                TestIndexes.delete(c, 1 + random.nextInt(rows));
            }
            assertThat(TestIndexes.postings(c, false)).as("the postings table against FTS5's own rows, %s", built.shape())
                    .containsExactlyElementsOf(TestIndexes.postings(c, true));
            for (int q = 0; q < 8; q++) {
                StringBuilder query = new StringBuilder();
                for (int w = 1 + random.nextInt(3); w > 0; w--) {
                    query.append(' ').append(QUERIES[random.nextInt(QUERIES.length)]);
                }
                List<String> terms = QueryTerms.terms(query.toString());
                asked.incrementAndGet();
                if (FastPathProperties.isLiteral(FastSearch.top(c, terms, k, null, 0), LiteralSearch.top(c, terms, k),
                        "seed " + seed + ", " + built.shape() + ", query " + terms)) {
                    answered.incrementAndGet();
                }
            }
        } finally {
            FastPathProperties.removeAll(dir);
        }
    }

    @AfterContainer
    static void theTextsWereFoldedHereAndTheFastPathAnswered() {
        System.out.printf("AccentedRecallProperties: %d of %d texts folded here, %d of %d queries answered fast%n",
                folded.get(), texts.get(), answered.get(), asked.get());
        assertThat(folded.get()).isGreaterThan(texts.get() / 2);
        assertThat(answered.get()).isGreaterThan(asked.get() * 3 / 4);
    }

    static String text(Random random) {
        StringBuilder out = new StringBuilder();
        for (int w = 1 + random.nextInt(20); w > 0; w--) {
            out.append(random.nextInt(8) == 0 ? ", " : " ").append(WORDS[random.nextInt(WORDS.length)]);
        }
        return out.toString();
    }
}
