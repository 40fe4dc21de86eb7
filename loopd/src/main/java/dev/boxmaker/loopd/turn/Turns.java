package dev.boxmaker.loopd.turn;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.boxmaker.loopd.Sentences;
import dev.boxmaker.loopd.baseline.MemorySource;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.wire.msg.Turn;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Every session's turns: one at a time per session, others queued behind it without holding a
 * thread; sessions in parallel on a pool of their own, so a turn that waits minutes on the model
 * never takes a socket worker (loopd.md, "Sessions").
 */
public final class Turns implements AutoCloseable {
    /** Sessions whose turns run at once; more wait for a thread. */
    public static final int TURN_THREADS = 32;
    /** Turns of one session waiting or running; past it a turn is refused as busy. */
    public static final int TURNS_QUEUED_PER_SESSION_MAX = 8;
    /**
     * Sessions whose prompt is kept in memory; past it idle ones are dropped, and their next turn
     * rebuilds the prompt from the files (the same bytes).
     */
    public static final int SESSIONS_CACHED_MAX = 256;
    /** The wait on close for running turns before they are interrupted. */
    public static final long CLOSE_WAIT_SECONDS = 10;

    private final SessionLoader loader;
    private final TurnRunner runner;
    private final ExecutorService pool;
    private final Map<SessionId, Slot> slots = new ConcurrentHashMap<>();
    private final int sessionsCachedMax;
    private volatile boolean closed;

    /** A session's place in line and, once its first turn has loaded it, its state. */
    private static final class Slot {
        CompletableFuture<?> tail = CompletableFuture.completedFuture(null);
        int queued;
        Session session;
        /** Out of the map: a turn that finds it so takes a new slot, so two never run at once. */
        boolean evicted;
    }

    /**
     * @param runner null when no model is configured: every turn is refused with
     *               {@link Sentences#NO_MODEL} and nothing is written
     */
    public Turns(Path home, MemorySource memory, String systemMd, ArrayNode tools, String modelName,
            TurnRunner runner, Clock clock, int sessionsCachedMax) {
        this.sessionsCachedMax = sessionsCachedMax;
        this.loader = new SessionLoader(home, memory, systemMd, tools, modelName, clock);
        this.runner = runner;
        AtomicInteger n = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(TURN_THREADS, r -> {
            Thread t = new Thread(r, "loopd-turn-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** Queues {@code turn} behind its session's earlier turns; completes with the reply or a refusal. */
    public CompletableFuture<TurnReply> submit(Turn turn) {
        if (runner == null) {
            return CompletableFuture.failedFuture(new HandlerRefusal(Sentences.NO_MODEL, Sentences.RUNBOOK_MODEL));
        }
        if (closed) {
            return CompletableFuture.failedFuture(new HandlerRefusal(Sentences.LOOPD_STOPPING));
        }
        Slot taken;
        CompletableFuture<TurnReply> reply;
        while (true) {
            Slot slot = slots.computeIfAbsent(turn.session(), s -> new Slot());
            // The check that the slot is still in the map and the turn's place on it are taken under
            // one hold of its lock: between two holds, evictIdle could take the slot out (nothing
            // queued yet), and a turn of the same session arriving then would start on a new slot
            // beside this one, two turns of one session at once.
            synchronized (slot) {
                if (slot.evicted) {
                    continue;
                }
                if (slot.queued >= TURNS_QUEUED_PER_SESSION_MAX) {
                    return CompletableFuture.failedFuture(new HandlerRefusal(Sentences.SESSION_BUSY));
                }
                slot.queued++;
                taken = slot;
                // handleAsync: the next turn runs whether the one before it answered or failed.
                reply = slot.tail.handleAsync((previous, failure) -> run(slot, turn), pool);
                slot.tail = reply;
                break;
            }
        }
        Slot queuedOn = taken;
        reply.whenComplete((r, e) -> {
            synchronized (queuedOn) {
                queuedOn.queued--;
            }
            evictIdle();
        });
        return reply;
    }

    /** Drops idle sessions while more than {@link #sessionsCachedMax} are kept. */
    private void evictIdle() {
        for (Map.Entry<SessionId, Slot> e : slots.entrySet()) {
            if (slots.size() <= sessionsCachedMax) {
                return;
            }
            Slot slot = e.getValue();
            synchronized (slot) {
                // The evicted flag is set and the entry removed under the slot's lock, so a turn
                // that found this slot either queued on it first (queued > 0) or will see the flag.
                if (slot.queued == 0 && !slot.evicted) {
                    slot.evicted = true;
                    slots.remove(e.getKey(), slot);
                }
            }
        }
    }

    private TurnReply run(Slot slot, Turn turn) {
        try {
            if (slot.session == null) {
                slot.session = loader.load(turn.session());
            }
            return runner.run(slot.session, turn);
        } catch (HandlerRefusal e) {
            throw new CompletionException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CompletionException(new HandlerRefusal(Sentences.LOOPD_STOPPING));
        }
    }

    @Override
    public void close() {
        closed = true;
        pool.shutdown();
        try {
            if (!pool.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS)) {
                pool.shutdownNow();
            }
        } catch (InterruptedException e) {
            pool.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
