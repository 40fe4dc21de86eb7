package dev.boxmaker.memoryd.honcho.sync;

import dev.boxmaker.memoryd.index.build.LogReadings;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.LogPosition;
import dev.boxmaker.proto.log.SessionLogReader;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The index writer's batches on their way to the decide thread: queued there at once, at most
 * {@link #TAKEN_RECORDS_WAITING_MAX} records waiting; a batch past it (or after the thread stopped) is
 * left out, and the reading finds the gap and reads it itself.
 */
final class HandedBatches implements LogReadings {
    /** The most records of handed batches waiting for the decide thread (two of the index's largest transactions). */
    static final long TAKEN_RECORDS_WAITING_MAX = 50_000;

    /** What the decide thread does with a batch. */
    @FunctionalInterface
    interface Taker {
        void take(SessionId session, LogPosition before, SessionLogReader.Batch batch);
    }

    private final Executor thread;
    private final Taker taker;
    private final AtomicLong waiting = new AtomicLong();

    HandedBatches(Executor thread, Taker taker) {
        this.thread = thread;
        this.taker = taker;
    }

    @Override
    public void read(SessionId session, LogPosition before, Label labelBefore, SessionLogReader.Batch batch) {
        int size = batch.records().size();
        if (waiting.addAndGet(size) > TAKEN_RECORDS_WAITING_MAX) {
            waiting.addAndGet(-size);
            return;
        }
        try {
            thread.execute(() -> {
                waiting.addAndGet(-size);
                taker.take(session, before, batch);
            });
        } catch (RejectedExecutionException stopped) {
            waiting.addAndGet(-size);
        }
    }
}
