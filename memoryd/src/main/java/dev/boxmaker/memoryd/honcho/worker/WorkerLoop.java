package dev.boxmaker.memoryd.honcho.worker;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The worker's one thread ({@code MemorydThreads#honchoWorker}) and its waits: it runs a pass, then
 * waits for a wake, or for the pass's wait (Honcho unreachable, a workspace paused), which a wake ends
 * only when the pass says so; and again, until it is closed.
 */
final class WorkerLoop {
    /** What a pass asks of the wait after it: how long (empty: until a wake), and whether a wake ends it. */
    record Wait(Optional<Duration> duration, boolean wakeEndsWait) {
    }

    /** One pass through the outbox. */
    interface Pass {
        Wait run();
    }

    private final ExecutorService thread;
    private final Object lock = new Object();
    private boolean woken;
    private volatile boolean stopping;
    private Future<?> running;
    /** The thread running the loop, once it runs. */
    private volatile Thread runner;

    WorkerLoop(ExecutorService thread) {
        this.thread = thread;
    }

    /** Starts running {@code pass} on the thread, the first at once; throws if started already. */
    void start(Pass pass) {
        synchronized (lock) {
            if (running != null) {
                throw new IllegalStateException("the Honcho worker is started already");
            }
            woken = true;
            running = thread.submit(() -> run(pass));
        }
    }

    /** Whether the loop is being closed: a pass stops at its next item. */
    boolean stopping() {
        return stopping;
    }

    /** Ends the wait after a pass that waits for a wake. */
    void wake() {
        synchronized (lock) {
            woken = true;
            lock.notifyAll();
        }
    }

    /** Stops the loop and waits for it up to {@code waitMillis}, interrupting it halfway; then lets the thread go. */
    void close(long waitMillis) {
        Future<?> r;
        synchronized (lock) {
            stopping = true;
            lock.notifyAll();
            r = running;
        }
        if (r != null && runner != Thread.currentThread()) {
            try {
                // An interrupt closes a file channel mid-write: the thread is given time to end by itself first.
                if (!ended(r, waitMillis / 2)) {
                    r.cancel(true);
                    thread.shutdown();
                    thread.awaitTermination(waitMillis / 2, TimeUnit.MILLISECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        thread.shutdown();
    }

    private static boolean ended(Future<?> r, long millis) throws InterruptedException {
        try {
            r.get(millis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            // Ended by a fault: the thread is free.
        } catch (TimeoutException e) {
            return false;
        }
        return true;
    }

    private void run(Pass pass) {
        runner = Thread.currentThread();
        while (!stopping) {
            synchronized (lock) {
                woken = false;
            }
            Wait after = pass.run();
            synchronized (lock) {
                long until = after.duration().map(d -> System.nanoTime() + d.toNanos()).orElse(0L);
                boolean timed = after.duration().isPresent();
                while (!stopping && (timed ? System.nanoTime() < until && !(after.wakeEndsWait() && woken) : !woken)) {
                    try {
                        lock.wait(timed ? Math.max(1, (until - System.nanoTime()) / 1_000_000) : 0);
                    } catch (InterruptedException e) {
                        if (stopping) {
                            return;
                        }
                    }
                }
            }
        }
    }
}
