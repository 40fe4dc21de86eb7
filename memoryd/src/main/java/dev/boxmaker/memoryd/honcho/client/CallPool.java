package dev.boxmaker.memoryd.honcho.client;

import io.smallrye.mutiny.Uni;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Blocking Honcho calls on a pool it is given ({@code MemorydThreads#honchoRecall}, {@code #ask}), never
 * on the event loop nor the socket's workers: the pool's threads, made when needed and gone once idle,
 * and its bounded queue. A call that finds the queue full fails at once. A call whose
 * {@link Uni} is cancelled (its limit passed) while it waits is dropped, never started: a call starts
 * only if it wins the race against its cancellation. A running call cancelled is interrupted, or, in a
 * pool that {@link Running#HOLDS_ITS_PLACE}, left to end by its own client's timeout, so that its thread,
 * its place among the {@code threads}, is not given to the next call while its request may still be in
 * flight at Honcho (ask_memory's chats: never more than two in flight). recall's sources and
 * ask_memory's calls each have one.
 */
public final class CallPool implements AutoCloseable {
    /** What a running call's cancellation does. */
    public enum Running {
        /** Interrupts its thread: the thread is free at once (recall: a hung Honcho holds no thread past the limit). */
        INTERRUPTED,
        /** Leaves it to end by its client's own timeout: its place is given back only when its request has ended. */
        HOLDS_ITS_PLACE
    }

    private static final int WAITING = 0;
    private static final int STARTED = 1;
    private static final int DROPPED = 2;

    private final ThreadPoolExecutor pool;
    private final Running running;

    /** Calls on {@code pool}, which refuses a call past its queue's bound; {@code running}: what cancelling does. */
    public CallPool(ThreadPoolExecutor pool, Running running) {
        this.pool = pool;
        this.running = running;
    }

    /** {@code work} on the pool when subscribed; cancelling the subscription cancels the work. */
    public <T> Uni<T> run(Callable<T> work) {
        return Uni.createFrom().deferred(() -> {
            AtomicReference<Future<?>> task = new AtomicReference<>();
            AtomicInteger state = new AtomicInteger(WAITING);
            return Uni.createFrom().<T>emitter(emitter -> {
                try {
                    task.set(pool.submit(() -> {
                        if (!state.compareAndSet(WAITING, STARTED)) {
                            return; // its limit passed while it waited: never started
                        }
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
                boolean waiting = state.compareAndSet(WAITING, DROPPED);
                if (f != null && (waiting || running == Running.INTERRUPTED)) {
                    f.cancel(!waiting);
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
