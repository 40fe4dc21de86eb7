package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.sentences.IndexSentences;
import dev.boxmaker.memoryd.index.sql.IndexFile;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * The index's one writer thread: every write to the file (a catch-up, a notes read, a build, a swap)
 * runs on it, one at a time. A task is skipped while the file is damaged; its fault is logged and
 * never thrown (a damaged file's is handed to {@code onDamaged}), so one bad record or a full disk
 * never stops the thread.
 */
final class WriterThread {
    /** The index's lifecycle lines share {@link MemoryIndex}'s category, which operators filter on. */
    private static final Logger LOG = Logger.getLogger(MemoryIndex.class);

    /** A writer task. */
    interface Task {
        void run() throws Exception;
    }

    private final IndexDamage damage;
    private final Consumer<SQLException> onDamaged;
    /** The thread running a task of this writer now, if any: one at a time, the pool having one thread. */
    private volatile Thread thread;
    private final ExecutorService pool;
    /** The pool as given, each task run marking its thread as this writer's. */
    private final Executor executor;
    /** Tasks running now (a catch-up, a notes read, the start's build): for {@code memory_stats}. */
    private final AtomicInteger running = new AtomicInteger();
    /**
     * Tasks queued here and not finished: counted from their queueing, so {@code memory_stats} never
     * says "none" while a catch-up waits its turn, nor between two tasks.
     */
    private final AtomicInteger unfinished = new AtomicInteger();

    /** Writes on {@code pool}, a pool of one thread. */
    WriterThread(ExecutorService pool, IndexDamage damage, Consumer<SQLException> onDamaged) {
        this.pool = pool;
        this.damage = damage;
        this.onDamaged = onDamaged;
        this.executor = task -> pool.execute(marked(task));
    }

    /** {@code task}, its thread marked as the writer's while it runs. */
    private Runnable marked(Runnable task) {
        return () -> {
            thread = Thread.currentThread();
            try {
                task.run();
            } finally {
                thread = null;
            }
        };
    }

    /** Whether the caller runs on the writer thread. */
    boolean isCurrent() {
        return Thread.currentThread() == thread;
    }

    /** Whether a task runs now or waits to. */
    boolean writing() {
        return running.get() > 0 || unfinished.get() > 0;
    }

    /** The thread as an executor of guarded tasks' wrappers (the notes debounce queues on it). */
    Executor executor() {
        return executor;
    }

    /** Queues {@code task}, guarded. */
    Future<Void> submit(Task task) {
        return submitRaw(() -> {
            runGuarded(task);
            return null;
        });
    }

    /** Queues {@code task} unguarded: it runs damaged or not, and its fault is its future's. */
    Future<Void> submitRaw(Callable<Void> task) {
        unfinished.incrementAndGet();
        try {
            FutureTask<Void> future = new FutureTask<>(() -> {
                try {
                    return task.call();
                } finally {
                    unfinished.decrementAndGet();
                }
            });
            executor.execute(future);
            return future;
        } catch (RuntimeException e) {
            unfinished.decrementAndGet();
            throw e;
        }
    }

    /** Queues {@code task} unguarded, with no future. */
    void execute(Runnable task) {
        queue(task, () -> { });
    }

    /** Queues {@code task}, counted in {@link #writing} until it ends; then runs {@code after}. */
    private void queue(Runnable task, Runnable after) {
        unfinished.incrementAndGet();
        try {
            executor.execute(() -> {
                try {
                    task.run();
                } finally {
                    unfinished.decrementAndGet();
                    after.run();
                }
            });
        } catch (RuntimeException e) {
            unfinished.decrementAndGet();
            throw e;
        }
    }

    /** Queues {@code task} under {@code key} unless a task for it waits already; the future of the one queued. */
    <K> CompletableFuture<Void> coalesced(Map<K, CompletableFuture<Void>> queued, K key, Task task) {
        CompletableFuture<Void> mine = new CompletableFuture<>();
        CompletableFuture<Void> waiting = queued.putIfAbsent(key, mine);
        if (waiting != null) {
            return waiting;
        }
        // Completed after the task has left the count: its caller then sees no work for it in memory_stats.
        queue(() -> {
            // Taken off before reading, so an update that arrives during the read queues another.
            queued.remove(key, mine);
            runGuarded(task);
        }, () -> mine.complete(null));
        return mine;
    }

    /** Runs {@code task} here unless the index is damaged; a fault is logged, never thrown. */
    void runGuarded(Task task) {
        if (damage.damaged()) {
            return;
        }
        running.incrementAndGet();
        try {
            task.run();
        } catch (SQLException e) {
            if (IndexFile.damaged(e)) {
                onDamaged.accept(e);
            } else {
                LOG.error(IndexSentences.indexWriteFailed(e.getMessage()));
            }
        } catch (Exception e) {
            LOG.error(IndexSentences.indexWriteFailed(e.getMessage()));
        } catch (OutOfMemoryError e) {
            // A record too large for the heap: what needed it is garbage once the task has unwound.
            // Thrown, it ended the task (a whole catch-up at start) with no line at all.
            LOG.error(IndexSentences.indexWriteFailed(e.toString()));
        } finally {
            running.decrementAndGet();
        }
    }

    /** Takes no more tasks and waits up to {@code millis} for those queued. */
    void shutdown(long millis) {
        pool.shutdown();
        try {
            pool.awaitTermination(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
