package dev.boxmaker.memoryd;

import dev.boxmaker.memoryd.config.MemorydSettings;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.index.NativeSqlite;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The index opened by {@link Main} before Quarkus starts, so the catch-up of every log at start
 * (a build, for a new or deleted index) runs on the second core while Quarkus boots, about 1.3 s of
 * memoryd's start, instead of after it. {@link Memoryd} takes it at start; when none was opened
 * early (Quarkus started some other way, as in tests) or opening failed, it opens the index itself,
 * and a failure is reported there with its sentence, as before. SQLite's library is loaded from
 * the index's folder ({@link NativeSqlite}). memoryd's threads ({@link MemorydThreads}) are made here,
 * with the index that first needs them, and handed on with it to the assembly.
 */
final class EarlyIndex {
    private record Opened(MemoryIndex.Config config, Taken taken) {
    }

    /** memoryd's threads, made here once, and the index opened on them; closing closes both. */
    record Taken(MemorydThreads threads, MemoryIndex index) implements AutoCloseable {
        /** The threads made and {@code config}'s index opened on them; on a failure, the threads stopped. */
        static Taken open(MemoryIndex.Config config) throws IOException {
            MemorydThreads threads = MemorydThreads.start();
            try {
                return new Taken(threads, MemoryIndex.open(config, threads));
            } catch (IOException | RuntimeException e) {
                threads.close();
                throw e;
            }
        }

        @Override
        public void close() {
            index.close();
            threads.close();
        }
    }

    private static final AtomicReference<Opened> OPENED = new AtomicReference<>();

    private EarlyIndex() {
    }

    /** Opens the index of {@code settings} and keeps it for {@link #take}; a failure is left for {@link #take} to meet again. */
    static void open(MemorydSettings settings) {
        try {
            MemoryIndex.Config config = MemoryIndex.Config.of(settings);
            NativeSqlite.prepare(config.indexDir());
            OPENED.set(new Opened(config, Taken.open(config)));
        } catch (IOException | RuntimeException e) {
            // Opened again at start, where a failure stops memoryd with its sentence.
        }
    }

    /** Whether an index opened early waits to be taken; for tests. */
    static boolean waiting() {
        return OPENED.get() != null;
    }

    /** The index opened early for {@code config}'s files and its threads, or newly made ones. */
    static Taken take(MemoryIndex.Config config) throws IOException {
        Opened early = OPENED.getAndSet(null);
        if (early != null && early.config().equals(config)) {
            return early.taken();
        }
        if (early != null) {
            early.taken().close();
        }
        return Taken.open(config);
    }
}
