package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * The worker's flushes of its {@code sent} lines, on a thread of their own (given), so that the disk's fsync
 * runs while the worker builds and sends its next request instead of before it. At most one flush is
 * under way: the next waits for it first, so what a power loss can lose is still the lines written
 * since the last flush that ended. A flush's failure is thrown by the next {@link #start} or
 * {@link #await}. Used by the worker's one thread only.
 */
final class LedgerFlusher implements AutoCloseable {
    private final HonchoLedger ledger;
    /** A pool of one thread ({@code MemorydThreads#ledgerFlush}). */
    private final ExecutorService thread;
    private Future<?> underWay;
    /** {@code sent} lines written since the last flush started, and when it started. */
    private int unflushed;
    private long flushedAt = System.nanoTime();

    LedgerFlusher(HonchoLedger ledger, ExecutorService thread) {
        this.ledger = ledger;
        this.thread = thread;
    }

    /**
     * Counts {@code items} lines written, and starts a flush every {@link HonchoWorker#FLUSH_EVERY_ITEMS}
     * lines or {@link HonchoWorker#FLUSH_EVERY_MILLIS} ms; throws the failure of the one under way.
     */
    void written(int items) throws IOException {
        if ((unflushed += items) >= HonchoWorker.FLUSH_EVERY_ITEMS
                || System.nanoTime() - flushedAt > HonchoWorker.FLUSH_EVERY_MILLIS * 1_000_000) {
            start();
            unflushed = 0;
            flushedAt = System.nanoTime();
        }
    }

    /** Flushes every line written so far and waits for it (a pass ends); throws a failure. */
    void flushAll() throws IOException {
        await();
        if (unflushed > 0) {
            ledger.flush();
        }
        unflushed = 0;
        flushedAt = System.nanoTime();
    }

    /** A flush failed: its lines are flushed again at the next {@link #flushAll}. */
    void failed() {
        unflushed = Math.max(unflushed, 1);
    }

    /** Starts a flush of every line written so far, once the one under way has ended; throws that one's failure. */
    void start() throws IOException {
        await();
        underWay = thread.submit(() -> {
            ledger.flush();
            return null;
        });
    }

    /**
     * Waits for the flush under way, if any; throws its failure. Interrupted (the worker is stopping),
     * it returns at once and the flush ends on its own thread.
     */
    void await() throws IOException {
        Future<?> flush = underWay;
        underWay = null;
        if (flush == null) {
            return;
        }
        try {
            flush.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IOException(e.getCause());
        }
    }

    /** Lets a flush under way end, and the thread with it. */
    @Override
    public void close() {
        thread.shutdown();
    }
}
