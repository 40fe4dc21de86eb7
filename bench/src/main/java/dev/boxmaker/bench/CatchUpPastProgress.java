package dev.boxmaker.bench;

import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The index's catch-up past progress in this process, for working on it without starting memoryd:
 * an index of BASE records, then ADDED records in new logs, as if written while memoryd was down,
 * caught up as memoryd's start catches them up. Usage: CatchUpPastProgress HOME BASE ADDED. The first
 * run makes the corpus and the index of BASE records under HOME (and keeps a copy); each run after it
 * puts that copy back and the ADDED records (made once per size) in place, and times the catch-up.
 */
public final class CatchUpPastProgress {
    private CatchUpPastProgress() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(args[0]);
        long base = Long.parseLong(args[1]);
        long added = Long.parseLong(args[2]);
        Path indexDir = home.resolve("index");
        Path kept = home.resolve("index-base");
        MemoryIndex.Config config = new MemoryIndex.Config(home, indexDir, home.resolve("memory/notes.md"),
                DataClass.parse("private"));
        ChatCorpus corpus = new ChatCorpus(RecallBench.SEED);
        if (!Files.isDirectory(home.resolve("sessions"))) {
            Files.createDirectories(home);
            corpus.write(home, base, RecallBench.SEED);
            long t0 = System.nanoTime();
            try (MemoryIndex index = MemoryIndex.open(config, MemorydThreads.start())) {
                index.flush().get();
            }
            System.out.printf("build of %,d: %.2f s%n", base, (System.nanoTime() - t0) / 1e9);
            Files.createDirectories(kept);
            Files.copy(indexDir.resolve(MemoryIndex.FILE), kept.resolve(MemoryIndex.FILE));
            return;
        }
        Path more = home.resolve("more-" + added);
        if (!Files.isDirectory(more)) {
            corpus.write(more, added, RecallBench.SEED + 2, "mm-more", base);
        }
        CatchUpProbe.deleteTree(indexDir);
        Files.createDirectories(indexDir);
        Files.copy(kept.resolve(MemoryIndex.FILE), indexDir.resolve(MemoryIndex.FILE));
        try (var old = Files.list(home.resolve("sessions"))) {
            for (Path d : old.toList()) {
                if (d.getFileName().toString().startsWith("mm-more")) {
                    CatchUpProbe.deleteTree(d);
                }
            }
        }
        try (var dirs = Files.list(more.resolve("sessions"))) {
            for (Path d : dirs.toList()) {
                Path to = home.resolve("sessions").resolve(d.getFileName());
                Files.createDirectories(to);
                Files.copy(d.resolve("0.jsonl"), to.resolve("0.jsonl"));
            }
        }
        long t0 = System.nanoTime();
        try (MemoryIndex index = MemoryIndex.open(config, MemorydThreads.start())) {
            index.flush().get();
            double s = (System.nanoTime() - t0) / 1e9;
            System.out.printf("catch-up of %,d past progress on %,d: %.2f s, %,.0f records/s%n", added, base, s,
                    added / s);
        }
    }
}
