package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.sentences.IndexSentences;
import java.nio.file.Path;
import org.jboss.logging.Logger;

/**
 * Whether the index file is damaged (SQLite said corrupt or not a database). Marked once, with one
 * log line, by whichever thread met it; only a reindex clears it. While it is set, reads answer
 * {@link IndexDamagedException} and writer tasks are skipped.
 */
final class IndexDamage {
    /** The index's lifecycle lines share {@link MemoryIndex}'s category, which operators filter on. */
    private static final Logger LOG = Logger.getLogger(MemoryIndex.class);

    private final Path file;
    private final Object lock = new Object();
    private volatile boolean damaged;

    IndexDamage(Path file) {
        this.file = file;
    }

    boolean damaged() {
        return damaged;
    }

    /** Marks the file damaged; the first mark logs {@code cause}'s message. */
    void mark(Exception cause) {
        synchronized (lock) {
            if (!damaged) {
                damaged = true;
                LOG.error(IndexSentences.indexDamagedLog(file, cause.getMessage()));
            }
        }
    }

    /** A new file is in place: the damage went with the old one. */
    void clear() {
        damaged = false;
    }
}
