package dev.boxmaker.memoryd.index;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The index's reads of notes.md, debounced ({@link Debounced}): a burst of changes (a consolidate, a
 * turn's several writes) is read in one writer task after it, rather than each change's read
 * competing with the next edit's flushes. A timer thread it is given watches the quiet time.
 */
final class NotesReads {
    /** How long notes.md must go unchanged before the index reads it. */
    static final long NOTES_QUIET_MILLIS = 100;

    /** The longest a note waits for the index under a steady stream of edits. */
    static final long NOTES_WAIT_MILLIS_MAX = 1_000;

    private final ScheduledExecutorService timer;
    private final Debounced reads;

    /** {@code read} runs on {@code writer} once the changes pause, which {@code timer} watches. */
    NotesReads(ScheduledExecutorService timer, Executor writer, Runnable read) {
        this.timer = timer;
        reads = new Debounced(timer, writer, read, NOTES_QUIET_MILLIS, NOTES_WAIT_MILLIS_MAX);
    }

    /** notes.md changed; the future of the read that will see it. */
    CompletableFuture<Void> changed() {
        return reads.request();
    }

    /** Queues the waiting read now, if there is one. */
    void readNow() {
        reads.runNow();
    }

    /** Queues the waiting read now and stops the timer. */
    void close() {
        reads.runNow();
        timer.shutdownNow();
    }
}
