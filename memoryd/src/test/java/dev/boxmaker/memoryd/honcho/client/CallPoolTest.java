package dev.boxmaker.memoryd.honcho.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.threads.MemorydThreads;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.Cancellable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** A call pool's bounds: threads and queue, a call past them failing at once, cancelling giving a thread back. */
class CallPoolTest {
    static final int THREADS_MAX = MemorydThreads.HONCHO_RECALL_THREADS;
    static final int QUEUE_MAX = MemorydThreads.HONCHO_RECALL_QUEUED_MAX;

    static final Duration WAIT = Duration.ofSeconds(5);

    @Test
    void aCallPastTheThreadsAndTheQueueFailsAtOnceAndCancellingGivesEveryThreadBack() throws Exception {
        try (CallPool pool = new CallPool(MemorydThreads.start().honchoRecall(), CallPool.Running.INTERRUPTED)) {
            CountDownLatch never = new CountDownLatch(1);
            AtomicInteger interrupted = new AtomicInteger();
            List<Cancellable> running = new ArrayList<>();
            for (int i = 0; i < THREADS_MAX + QUEUE_MAX; i++) {
                running.add(pool.run(() -> {
                    try {
                        never.await();
                    } catch (InterruptedException e) {
                        interrupted.incrementAndGet();
                    }
                    return "late";
                }).subscribe().with(item -> { }, failure -> { }));
            }
            Awaitility.await().atMost(WAIT).until(() -> pool.active() == THREADS_MAX);
            assertThat(pool.queued()).isEqualTo(QUEUE_MAX);

            AtomicReference<Throwable> failed = new AtomicReference<>();
            pool.run(() -> "one too many").subscribe().with(item -> { }, failed::set);
            assertThat(failed.get()).isInstanceOf(RejectedExecutionException.class);

            // The waiting calls first, so a thread a cancelled running call gives back finds none of them.
            java.util.Collections.reverse(running);
            running.forEach(Cancellable::cancel);
            // The running calls are interrupted, the waiting ones taken off the queue: nothing is left.
            Awaitility.await().atMost(WAIT).until(() -> pool.active() == 0 && pool.queued() == 0);
            assertThat(interrupted.get()).isEqualTo(THREADS_MAX);
            assertThat(pool.run(() -> "again").await().atMost(WAIT)).isEqualTo("again");
        }
    }

    @Test
    void aCallThatFailsFailsItsUni() {
        try (CallPool pool = new CallPool(MemorydThreads.start().honchoRecall(), CallPool.Running.INTERRUPTED)) {
            Uni<String> failing = pool.run(() -> {
                throw new java.io.IOException("no answer");
            });
            assertThat(failing.onFailure().recoverWithItem(Throwable::getMessage).await().atMost(WAIT))
                    .isEqualTo("no answer");
        }
    }
}
