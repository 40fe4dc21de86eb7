package dev.boxmaker.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A benchmark's home under /tmp: made fresh for a run and deleted when the run ends, since a run at
 * a million records leaves 1.3 GB of logs and index. {@code -Dbench.keep=true} keeps it and says where.
 */
final class BenchHomes {
    private static final boolean KEEP = Boolean.getBoolean("bench.keep");

    private BenchHomes() {
    }

    static Path create(String prefix) throws IOException {
        return Files.createTempDirectory(Path.of("/tmp"), prefix);
    }

    /** Deletes {@code home} and everything under it, or, with bench.keep, says where it is. */
    static void release(Path home) throws IOException {
        if (KEEP) {
            System.out.println("kept (bench.keep): " + home);
            return;
        }
        CatchUpProbe.deleteTree(home);
    }
}
