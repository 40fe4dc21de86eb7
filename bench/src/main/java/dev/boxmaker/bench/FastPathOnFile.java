package dev.boxmaker.bench;

import dev.boxmaker.memoryd.index.postings.SegmentCache;
import dev.boxmaker.memoryd.index.search.FastSearch;
import dev.boxmaker.memoryd.index.search.QueryTerms;
import dev.boxmaker.memoryd.index.search.Ranked;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * The fast path alone on an index file already built (by {@link RecallBench}'s memoryd, say), in this
 * process, over the bench's questions, through a segment cache as memoryd's: for working on the
 * search without rebuilding a corpus. Prints each round's figures and the thread's CPU time per query.
 * Usage: FastPathOnFile INDEX_FILE [QUESTIONS] [ROUNDS]; each round asks questions of its own (as the
 * socket bench's warm-up does), so no round finds its own segments cached; the first warms the JIT.
 */
public final class FastPathOnFile {
    private FastPathOnFile() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int count = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        ChatCorpus corpus = new ChatCorpus(RecallBench.SEED);
        Random random = new Random(RecallBench.SEED + 1);
        List<List<String>> questions = new ArrayList<>();
        for (int i = 0; i < count * rounds; i++) {
            questions.add(QueryTerms.terms(corpus.question(random)));
        }
        SegmentCache cache = new SegmentCache();
        try (Connection c = IndexWork.open(file)) {
            for (int round = 0; round < rounds; round++) {
                long[] nanos = new long[count];
                long start = System.nanoTime();
                long cpu0 = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
                int answered = 0;
                for (int i = 0; i < count; i++) {
                    c.setAutoCommit(false);
                    long t0 = System.nanoTime();
                    Optional<List<Ranked>> top = FastSearch.top(c, questions.get(round * count + i), RecallBench.K, cache);
                    nanos[i] = System.nanoTime() - t0;
                    c.rollback();
                    c.setAutoCommit(true);
                    answered += top.isPresent() ? 1 : 0;
                }
                Stats s = Stats.of("fast path, round " + round + " (" + answered + " answered)", 1, nanos,
                        (System.nanoTime() - start) / 1e9);
                if (round == 0) {
                    System.out.println(Stats.header());
                }
                System.out.println(s.row());
                System.out.printf("cpu per query: %.2f ms%n", (java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpu0) / 1e6 / count);
            }
        }
    }
}
