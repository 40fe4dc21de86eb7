package dev.boxmaker.proto.client;

import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Closes a channel when a deadline passes, which ends a blocking connect, read or write on it with
 * an exception. One daemon thread serves every call in the process.
 */
final class Watchdog {
    private static final int ARMED = 0;
    private static final int DISARMED = 1;
    private static final int FIRED = 2;

    /** One thread; cancelled deadlines leave the queue at once, so long waits that end early cost nothing. */
    private static final ScheduledThreadPoolExecutor TIMER = timer();

    private final AtomicInteger state = new AtomicInteger(ARMED);
    private final ScheduledFuture<?> task;

    private Watchdog(Closeable channel, Duration after) {
        task = TIMER.schedule(() -> fire(channel), Math.max(1, after.toNanos()), TimeUnit.NANOSECONDS);
    }

    static Watchdog arm(Closeable channel, Duration after) {
        return new Watchdog(channel, after);
    }

    /** Stops the watch; true when the deadline had already passed, so the channel is closed or closing. */
    boolean disarm() {
        boolean inTime = state.compareAndSet(ARMED, DISARMED);
        task.cancel(false);
        return !inTime && state.get() == FIRED;
    }

    private void fire(Closeable channel) {
        if (state.compareAndSet(ARMED, FIRED)) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // Closing is the whole point; a channel that fails to close is closed enough.
            }
        }
    }

    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "bx-socket-client-watchdog");
            thread.setDaemon(true);
            return thread;
        });
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }
}
