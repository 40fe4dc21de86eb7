package dev.boxmaker.bench;

import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/**
 * The index's catch-up in this process, on a corpus written once and kept: for working on the
 * writer without starting memoryd. Usage: CatchUpProbe CORPUS_DIR RECORDS [reindex]. The corpus is
 * made under CORPUS_DIR when it holds none; the index directory is deleted before each run.
 */
public final class CatchUpProbe {
    private CatchUpProbe() {
    }

    /** Deletes {@code dir} and everything under it, if it exists. */
    static void deleteTree(Path dir) throws java.io.IOException {
        if (Files.exists(dir)) {
            try (var walk = Files.walk(dir)) {
                walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(args[0]);
        long records = Long.parseLong(args[1]);
        if (!Files.isDirectory(home.resolve("sessions"))) {
            Files.createDirectories(home);
            new ChatCorpus(RecallBench.SEED).write(home, records, RecallBench.SEED);
        }
        Path indexDir = home.resolve("index");
        deleteTree(indexDir);
        MemoryIndex.Config config = new MemoryIndex.Config(home, indexDir, home.resolve("memory/notes.md"),
                DataClass.parse("private"));
        long t0 = System.nanoTime();
        java.util.Map<String, Long> cpu = new java.util.concurrent.ConcurrentHashMap<>();
        var mx = java.lang.management.ManagementFactory.getThreadMXBean();
        Thread watcher = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                for (Thread t : Thread.getAllStackTraces().keySet()) {
                    if (t.getName().startsWith("memoryd-index")) {
                        long ns = mx.getThreadCpuTime(t.getId());
                        if (ns > 0) {
                            cpu.merge(t.getName(), ns, Math::max);
                        }
                    }
                }
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        watcher.setDaemon(true);
        watcher.start();
        try (MemoryIndex index = MemoryIndex.open(config, MemorydThreads.start())) {
            index.flush().get();
            watcher.interrupt();
            cpu.forEach((name, ns) -> System.out.printf("  thread %s: %.2f s CPU%n", name, ns / 1e9));
            double s = (System.nanoTime() - t0) / 1e9;
            System.out.printf("catch-up: %.2f s, %,.0f records/s; file %,d bytes%n", s, records / s,
                    Files.size(indexDir.resolve(MemoryIndex.FILE)));
            System.out.printf("process CPU: %.2f s%n", ((com.sun.management.OperatingSystemMXBean)
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e9);
            System.out.println("  " + RecallBench.rss(ProcessHandle.current().pid()));
            if (args.length > 2) {
                long r0 = System.nanoTime();
                index.reindex();
                System.out.printf("reindex: %.2f s%n", (System.nanoTime() - r0) / 1e9);
                System.out.println("  " + RecallBench.rss(ProcessHandle.current().pid()));
            }
        }
    }
}
