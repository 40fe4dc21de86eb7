package dev.boxmaker.memoryd.index;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A task that a burst of requests shares: it is queued on its executor once the requests pause for
 * the quiet time, or once the longest wait has passed since the first of them, whichever comes
 * first; {@link #runNow} queues it at once. Every request's future completes when a run that started
 * after it ends, so a request made while the task runs waits for the next run and never misses what
 * changed before it.
 */
final class Debounced {
    private final ScheduledExecutorService timer;
    private final Executor executor;
    private final Runnable task;
    private final long quietNanos;
    private final long waitNanosMax;
    /** The future of the requests not yet started; null when none waits. Guarded by this. */
    private CompletableFuture<Void> waiting;
    private long firstNanos;
    private long lastNanos;

    Debounced(ScheduledExecutorService timer, Executor executor, Runnable task, long quietMillis, long waitMillisMax) {
        this.timer = timer;
        this.executor = executor;
        this.task = task;
        this.quietNanos = TimeUnit.MILLISECONDS.toNanos(quietMillis);
        this.waitNanosMax = TimeUnit.MILLISECONDS.toNanos(waitMillisMax);
    }

    /** Asks for a run; the future of the run that will serve this request. */
    synchronized CompletableFuture<Void> request() {
        lastNanos = System.nanoTime();
        if (waiting == null) {
            waiting = new CompletableFuture<>();
            firstNanos = lastNanos;
            schedule(Math.min(quietNanos, waitNanosMax));
        }
        return waiting;
    }

    /** Queues the waiting run now, if there is one, behind what its executor holds already. */
    synchronized void runNow() {
        if (waiting == null) {
            return;
        }
        CompletableFuture<Void> mine = waiting;
        waiting = null;
        try {
            executor.execute(() -> {
                try {
                    task.run();
                } finally {
                    mine.complete(null);
                }
            });
        } catch (RejectedExecutionException closed) {
            // The executor is shut down: nothing will run, so nobody may wait for it.
            mine.complete(null);
        }
    }

    /** The timer's check: run when quiet long enough or waited the longest, else look again then. */
    private synchronized void due() {
        if (waiting == null) {
            return;
        }
        long now = System.nanoTime();
        long at = Math.min(lastNanos + quietNanos, firstNanos + waitNanosMax);
        if (now - at >= 0) {
            runNow();
        } else {
            schedule(at - now);
        }
    }

    private void schedule(long delayNanos) {
        try {
            timer.schedule(this::due, delayNanos, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException closed) {
            runNow();
        }
    }
}
