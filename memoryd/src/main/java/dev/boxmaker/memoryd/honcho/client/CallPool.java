package dev.boxmaker.memoryd.honcho.client;

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
 * A pool for blocking Honcho calls, never run on the event loop nor the socket's workers: at most
 * {@code threads} threads, made when needed and gone after {@link #IDLE_SECONDS} idle, and at most
 * {@code queued} calls waiting. A call that finds the queue full fails at once. A call whose
 * {@link Uni} is cancelled (its limit passed) is taken off the queue, or its thread interrupted, so
 * a hung Honcho holds no thread past the limit. recall's sources and ask_memory's chats each have one.
 */
public final class CallPool implements AutoCloseable {
    static final long IDLE_SECONDS = 60;

    private final ThreadPoolExecutor pool;

    /** {@code threads} at once, {@code queued} waiting; threads named {@code name-1}, {@code name-2}, … */
    public CallPool(String name, int threads, int queued) {
        AtomicInteger made = new AtomicInteger();
        pool = new ThreadPoolExecutor(threads, threads, IDLE_SECONDS, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(queued), r -> {
                    Thread t = new Thread(r, name + "-" + made.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                }, new ThreadPoolExecutor.AbortPolicy());
        pool.allowCoreThreadTimeOut(true);
    }

    /** {@code work} on the pool when subscribed; cancelling the subscription cancels the work. */
    public <T> Uni<T> run(Callable<T> work) {
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
    public int active() {
        return pool.getActiveCount();
    }

    /** Calls waiting for a thread. */
    public int queued() {
        return pool.getQueue().size();
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
