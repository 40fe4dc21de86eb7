package dev.boxmaker.proto.daemon;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one way a daemon's assembly makes its threads: every pool named, with a bound on its threads
 * and on the work queued for them. A class that needs threads is given them; it makes none.
 */
public final class DaemonThreads {
    /** How long a pool's idle thread stays before it ends. */
    public static final long IDLE_SECONDS = 60;

    private DaemonThreads() {
    }

    /** Daemon threads named {@code name-1}, {@code name-2}, … */
    public static ThreadFactory named(String name) {
        AtomicInteger made = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, name + "-" + made.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    /**
     * At most {@code threads} threads (none while idle) and {@code queuedMax} tasks waiting for
     * them (0: a task is handed to a thread or refused); past it a task is refused
     * ({@code RejectedExecutionException}).
     */
    public static ThreadPoolExecutor pool(String name, int threads, int queuedMax) {
        BlockingQueue<Runnable> queue = queuedMax == 0 ? new SynchronousQueue<>() : new LinkedBlockingQueue<>(queuedMax);
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, IDLE_SECONDS, TimeUnit.SECONDS, queue,
                named(name), new ThreadPoolExecutor.AbortPolicy());
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    /** One thread for timers; a cancelled timer leaves the queue at once. */
    public static ScheduledExecutorService timer(String name) {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, named(name));
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    /** Stops {@code pool}, waiting up to {@code seconds} for its running tasks, then interrupting them. */
    public static void stop(ExecutorService pool, long seconds) {
        pool.shutdown();
        try {
            if (!pool.awaitTermination(seconds, TimeUnit.SECONDS)) {
                pool.shutdownNow();
            }
        } catch (InterruptedException e) {
            pool.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
