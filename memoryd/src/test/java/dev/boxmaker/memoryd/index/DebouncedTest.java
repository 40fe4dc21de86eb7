package dev.boxmaker.memoryd.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The notes catch-up's delay: a burst shares one run, runNow does not wait, nobody misses a run.
 * The timeout only stops a broken timer from hanging the build; nothing here measures a time.
 */
@Timeout(60)
class DebouncedTest {
    static final long NEVER_MILLIS = 3_600_000;

    final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    final ExecutorService executor = Executors.newSingleThreadExecutor();
    final AtomicInteger runs = new AtomicInteger();

    @AfterEach
    void stop() {
        timer.shutdownNow();
        executor.shutdownNow();
    }

    @Test
    void aBurstOfRequestsSharesOneRunAndRunNowStartsItWithoutWaiting() throws Exception {
        Debounced d = new Debounced(timer, executor, runs::incrementAndGet, NEVER_MILLIS, NEVER_MILLIS);
        CompletableFuture<Void> first = d.request();
        for (int i = 0; i < 100; i++) {
            assertThat(d.request()).isSameAs(first);
        }
        assertThat(first).isNotDone();
        d.runNow();
        first.get();
        assertThat(runs).hasValue(1);
        d.runNow();
        executor.submit(() -> null).get();
        assertThat(runs).hasValue(1);
    }

    @Test
    void aRequestMadeWhileTheTaskRunsWaitsForTheNextRun() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Debounced d = new Debounced(timer, executor, () -> {
            if (runs.incrementAndGet() == 1) {
                running.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }, NEVER_MILLIS, NEVER_MILLIS);
        CompletableFuture<Void> first = d.request();
        d.runNow();
        running.await();
        CompletableFuture<Void> second = d.request();
        assertThat(second).isNotSameAs(first);
        release.countDown();
        first.get();
        assertThat(second).isNotDone();
        d.runNow();
        second.get();
        assertThat(runs).hasValue(2);
    }

    @Test
    void withoutRunNowTheTimerStartsTheRunOnceTheRequestsPause() throws Exception {
        Debounced d = new Debounced(timer, executor, runs::incrementAndGet, 1, NEVER_MILLIS);
        d.request().get();
        assertThat(runs).hasValue(1);
    }

    @Test
    void aSteadyStreamOfRequestsIsRunWithinTheLongestWait() throws Exception {
        Debounced d = new Debounced(timer, executor, runs::incrementAndGet, NEVER_MILLIS, 1);
        CompletableFuture<Void> first = d.request();
        CompletableFuture<Void> next;
        do {
            next = d.request();
        } while (next == first);
        first.get();
        next.get();
        assertThat(runs).hasValue(2);
    }

    @Test
    void aRequestAfterTheExecutorIsShutDownCompletesWithoutARun() throws Exception {
        Debounced d = new Debounced(timer, executor, runs::incrementAndGet, NEVER_MILLIS, NEVER_MILLIS);
        CompletableFuture<Void> waiting = d.request();
        executor.shutdown();
        d.runNow();
        waiting.get();
        assertThat(runs).hasValue(0);
    }
}
