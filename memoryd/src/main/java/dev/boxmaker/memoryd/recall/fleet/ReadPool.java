package dev.boxmaker.memoryd.recall.fleet;

import io.smallrye.mutiny.Uni;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The worker pool recall's blocking Honcho calls run on, never the event loop nor the socket's
 * workers: {@link #THREADS_MAX} threads, made when needed and gone after {@link #IDLE_SECONDS} idle,
 * and at most {@link #QUEUE_MAX} calls waiting. A call that finds the queue full fails at once (its
 * source is unavailable). A call whose {@link Uni} is cancelled (its source's limit passed) is taken
 * off the queue, or its thread interrupted, so a hung Honcho holds no thread past the limit.
 */
final class ReadPool implements AutoCloseable {
    /** Enough for a recall's calls (three per read workspace, one for the fleet) and one more recall's. */
    static final int THREADS_MAX = 8;
    static final int QUEUE_MAX = 64;
    static final long IDLE_SECONDS = 60;

    private final ThreadPoolExecutor pool;

    ReadPool() {
        AtomicInteger made = new AtomicInteger();
        pool = new ThreadPoolExecutor(THREADS_MAX, THREADS_MAX, IDLE_SECONDS, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(QUEUE_MAX), r -> {
                    Thread t = new Thread(r, "honcho-recall-" + made.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                }, new ThreadPoolExecutor.AbortPolicy());
        pool.allowCoreThreadTimeOut(true);
    }

    /** {@code work} on the pool when subscribed; cancelling the subscription cancels the work. */
    <T> Uni<T> run(Callable<T> work) {
        return Uni.createFrom().deferred(() -> {
            AtomicReference<Future<?>> task = new AtomicReference<>();
            return Uni.createFrom().<T>emitter(emitter -> {
                try {
                    task.set(pool.submit(() -> {
                        try {
                            emitter.complete(work.call());
                        } catch (Exception | LinkageError e) {
                            emitter.fail(e);
                        }
                    }));
                } catch (RejectedExecutionException e) {
                    emitter.fail(e);
                }
            }).onCancellation().invoke(() -> {
                Future<?> f = task.get();
                if (f != null) {
                    f.cancel(true);
                    // A call still waiting gives its place in the queue back now.
                    pool.remove((Runnable) f);
                }
            });
        });
    }

    /** Threads running a call now (tests check that a hung call's thread is given back). */
    int active() {
        return pool.getActiveCount();
    }

    /** Calls waiting for a thread. */
    int queued() {
        return pool.getQueue().size();
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
