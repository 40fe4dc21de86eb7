package dev.boxmaker.memoryd.index.search;

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
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * Exactness over texts of accented words, split by the measured folds rather than by FTS5: the
 * postings equal FTS5's own rows, and the fast path's top k (queries of the folded, ASCII forms: what
 * an owner typing without accents asks) equals the literal {@code bm25} query's. Corpora are drawn
 * from QuickTheories' source, so a failure shrinks and its seed replays (the README's Tests section).
 */
class AccentedRecallProperties {
    static final String[] WORDS = {"école", "été", "fermée", "Ça", "naïve", "façon", "réunion", "déjà", "très",
            "Größe", "Straße", "über", "señor", "Pérez", "año", "mañana", "crème", "brûlée", "ÉTÉ", "cafe", "le", "la",
            "de", "et", "lancement", "jeudi", "e\u0301te\u0301", "5\u212Ag", "ſoir", "ıi", "İstanbul", "Ωmega", "москва"};
    static final String[] QUERIES = {"ecole", "ete", "fermee", "ca", "naive", "facon", "reunion", "deja", "tres",
            "uber", "senor", "perez", "creme", "brulee", "cafe", "le", "de", "lancement", "jeudi", "5kg", "absent"};
    /** One corpus of accented texts: its texts and times, the index's shape, the rows deleted, the queries and k. */
    record Corpus(CorpusRows rows, List<String> queries, int k) {
    }

    static Gen<Corpus> corpora() {
        return SourcedRandom.gen(random -> {
            CorpusRows rows = CorpusRows.draw(random, 200, AccentedRecallProperties::text);
            int k = 1 + random.nextInt(10);
            List<String> queries = new ArrayList<>();
            for (int q = 0; q < 8; q++) {
                StringBuilder query = new StringBuilder();
                for (int w = 1 + random.nextInt(3); w > 0; w--) {
                    query.append(' ').append(QUERIES[random.nextInt(QUERIES.length)]);
                }
                queries.add(query.toString());
            }
            return new Corpus(rows, queries, k);
        });
    }

    @Test
    void aRecallOverAccentedTextsIsTheLiteralQuerys() throws Exception {
        TestIndexes.calibrate();
        AtomicInteger asked = new AtomicInteger();
        AtomicInteger answered = new AtomicInteger();
        AtomicInteger texts = new AtomicInteger();
        AtomicInteger folded = new AtomicInteger();
        qt().withExamples(50).withShrinkCycles(FastPathProperties.SHRINKS).forAll(corpora()).checkAssert(corpus -> {
            for (String text : corpus.rows().texts()) {
                texts.incrementAndGet();
                folded.addAndGet(TestIndexes.foldedHere(text) ? 1 : 0);
            }
            try {
                check(corpus, asked, answered);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        System.out.printf("AccentedRecallProperties: %d of %d texts folded here, %d of %d queries answered fast%n",
                folded.get(), texts.get(), answered.get(), asked.get());
        assertThat(folded.get()).isGreaterThan(texts.get() / 2);
        assertThat(answered.get()).isGreaterThan(asked.get() * 3 / 4);
    }

    private static void check(Corpus corpus, AtomicInteger asked, AtomicInteger answered) throws Exception {
        Path dir = Files.createTempDirectory("bxq-accented");
        TestIndexes.Built built = corpus.rows().build(dir);
        try (Connection c = built.connection()) {
            for (String query : corpus.queries()) {
                List<String> terms = QueryTerms.terms(query);
                asked.incrementAndGet();
                if (FastPathProperties.isLiteral(FastSearch.top(c, terms, corpus.k(), null, 0), LiteralSearch.top(c, terms, corpus.k()),
                        built.shape() + ", query " + terms)) {
                    answered.incrementAndGet();
                }
            }
        } finally {
            FastPathProperties.removeAll(dir);
        }
    }

    static String text(Random random) {
        StringBuilder out = new StringBuilder();
        for (int w = 1 + random.nextInt(20); w > 0; w--) {
            out.append(random.nextInt(8) == 0 ? ", " : " ").append(WORDS[random.nextInt(WORDS.length)]);
        }
        return out.toString();
    }
}
