package dev.boxmaker.memoryd.honcho.fake;

import java.util.concurrent.atomic.LongAdder;

/**
 * The fake's own work on its event loops, in nanoseconds, for benchmarks that set the fake's cost
 * apart from the client's. Work that runs inside work counted already (a request whose body was in
 * when it was routed) is counted once.
 */
final class FakeWork {
    private final LongAdder nanos = new LongAdder();
    private final ThreadLocal<boolean[]> counting = ThreadLocal.withInitial(() -> new boolean[1]);

    /** {@code work}, its time counted unless it runs inside work counted already. */
    void counted(Runnable work) {
        boolean[] in = counting.get();
        if (in[0]) {
            work.run();
            return;
        }
        in[0] = true;
        long start = System.nanoTime();
        try {
            work.run();
        } finally {
            nanos.add(System.nanoTime() - start);
            in[0] = false;
        }
    }

    long nanos() {
        return nanos.sum();
    }
}
