package dev.boxmaker.bench;

import dev.boxmaker.memoryd.index.MemoryIndex;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * memoryd's catch-up past progress at its start, two builds of memoryd against each other in ABBA
 * blocks: for comparing a change to the catch-up on the whole daemon. Usage: PastProgressLaunches
 * HOME BASE ADDED JAR_A JAR_B BLOCKS. The first run makes under HOME an index of BASE records (built
 * by JAR_A) and ADDED more records in new logs, kept for the runs after it; each launch starts from
 * the index of BASE records and is timed from memoryd's launch until the index's progress covers
 * BASE + ADDED records.
 */
public final class PastProgressLaunches {
    private PastProgressLaunches() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(args[0]);
        long base = Long.parseLong(args[1]);
        long added = Long.parseLong(args[2]);
        List<Path> jars = List.of(Path.of(args[3]), Path.of(args[4]));
        int blocks = Integer.parseInt(args[5]);
        Path index = home.resolve("index/" + MemoryIndex.FILE);
        Path kept = home.resolve("index-base.sqlite3");
        if (!Files.exists(kept)) {
            ChatCorpus corpus = new ChatCorpus(RecallBench.SEED);
            corpus.write(home, base, RecallBench.SEED);
            Process memoryd = RecallBench.startMemoryd(jars.get(0), home);
            RecallBench.awaitProgress(index, base, memoryd);
            memoryd.destroy();
            memoryd.waitFor();
            Files.copy(index, kept);
            corpus.write(home, added, RecallBench.SEED + 2, "mm-more", base);
        }
        for (int b = 0; b < blocks; b++) {
            int[] order = b % 2 == 0 ? new int[] {0, 1, 1, 0} : new int[] {1, 0, 0, 1};
            StringBuilder line = new StringBuilder("block " + (b + 1) + ":");
            for (int which : order) {
                CatchUpProbe.deleteTree(index.getParent());
                Files.createDirectories(index.getParent());
                Files.copy(kept, index);
                new ProcessBuilder("sync").inheritIO().start().waitFor();
                long started = System.nanoTime();
                Process memoryd = RecallBench.startMemoryd(jars.get(which), home);
                RecallBench.awaitProgress(index, base + added, memoryd);
                double seconds = (System.nanoTime() - started) / 1e9;
                String rss = RecallBench.rss(memoryd.pid());
                memoryd.destroy();
                memoryd.waitFor();
                line.append(String.format(" %s %.2f s (%s)", which == 0 ? "A" : "B", seconds, rss.trim()));
            }
            System.out.println(line);
        }
    }
}
