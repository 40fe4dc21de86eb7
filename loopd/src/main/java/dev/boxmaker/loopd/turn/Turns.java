package dev.boxmaker.loopd.turn;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.boxmaker.loopd.sentences.Sentences;
import dev.boxmaker.loopd.baseline.MemorySource;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.daemon.DaemonThreads;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.server.SocketServer;
import dev.boxmaker.proto.wire.msg.Turn;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.jboss.logging.Logger;

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
    /**
     * Turn steps waiting for a thread: at most one a session (the next waits for the one before), and
     * a session's turn comes on a connection, so no more than the socket's connections.
     */
    public static final int TURNS_QUEUED_MAX = SocketServer.CONNECTIONS_MAX;
    /** The wait on close for running turns before they are interrupted. */
    public static final long CLOSE_WAIT_SECONDS = 10;

    private static final Logger LOG = Logger.getLogger(Turns.class);

    private final SessionLoader loader;
    private final TurnRunner runner;
    private final ExecutorService pool;
    private final Map<SessionId, Slot> slots = new ConcurrentHashMap<>();
    /** Turns accepted and not started, so that a stop can answer them. */
    private final Set<Waiting> waiting = ConcurrentHashMap.newKeySet();
    private final int sessionsCachedMax;
    /** Turns started and not yet answered. */
    private final AtomicInteger running = new AtomicInteger();
    private volatile boolean closed;

    /** A session's place in line and, once its first turn has loaded it, its state. */
    private static final class Slot {
        CompletableFuture<?> tail = CompletableFuture.completedFuture(null);
        int queued;
        Session session;
        /** Out of the map: a turn that finds it so takes a new slot, so two never run at once. */
        boolean evicted;
    }

    /** A turn accepted: its reply, and whether it has started (or been answered as not run). */
    private static final class Waiting {
        final CompletableFuture<TurnReply> reply = new CompletableFuture<>();
        /** Set once, by the turn's start or by its answer as not run, whichever comes first. */
        final AtomicBoolean started = new AtomicBoolean();
    }

    /**
     * @param runner null when no model is configured: every turn is refused with
     *               {@link Sentences#NO_MODEL} and nothing is written
     * @param pool   where turns run, {@link #TURN_THREADS} at once (made by loopd's assembly); closing
     *               the turns stops it
     */
    public Turns(Path home, MemorySource memory, String systemMd, ArrayNode tools, String modelName,
            TurnRunner runner, Clock clock, int sessionsCachedMax, ExecutorService pool) {
        this.sessionsCachedMax = sessionsCachedMax;
        this.loader = new SessionLoader(home, memory, systemMd, tools, modelName, clock);
        this.runner = runner;
        this.pool = pool;
    }

    /** Queues {@code turn} behind its session's earlier turns; completes with the reply or a refusal. */
    public CompletableFuture<TurnReply> submit(Turn turn) {
        if (runner == null) {
            return CompletableFuture.failedFuture(new HandlerRefusal(Sentences.NO_MODEL, Sentences.RUNBOOK_MODEL));
        }
        if (closed) {
            return CompletableFuture.failedFuture(new HandlerRefusal(Sentences.LOOPD_STOPPING));
        }
        Waiting accepted = new Waiting();
        Slot taken;
        CompletableFuture<Void> done;
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
                waiting.add(accepted);
                // handleAsync: the next turn runs whether the one before it answered or failed. The
                // next one waits for this one's step, which ends after its run (or its no).
                done = slot.tail.handleAsync((previous, failure) -> start(slot, turn, accepted), pool);
                slot.tail = done;
                break;
            }
        }
        Slot queuedOn = taken;
        accepted.reply.whenComplete((r, e) -> {
            if (accepted.reply.isCancelled()) {
                LOG.infof("session %s: the client of a turn left before its answer; the turn is stopped",
                        turn.session().value());
            }
            synchronized (queuedOn) {
                queuedOn.queued--;
            }
            evictIdle();
        });
        // The pool refuses the step once it is shut down: the turn never started, and is told so.
        done.whenComplete((v, e) -> notRun(accepted));
        if (closed) {
            // A stop that came while this turn took its place, after close() answered the others.
            notRun(accepted);
        }
        return accepted.reply;
    }

    /** Turns started and not yet answered. */
    public int running() {
        return running.get();
    }

    /** Sessions whose prompt is kept in memory (at most {@link #SESSIONS_CACHED_MAX}). */
    public int sessionsInMemory() {
        int loaded = 0;
        for (Slot slot : slots.values()) {
            synchronized (slot) {
                loaded += slot.session != null ? 1 : 0;
            }
        }
        return loaded;
    }

    /** The model's last failure, or null: see {@link TurnRunner#modelError}. */
    public String modelError() {
        return runner == null ? null : runner.modelError();
    }

    /**
     * The client of the turn whose reply is {@code reply} left before its answer: the reply is
     * cancelled, so a turn not started never runs, and a running one stops at its next step (before
     * its next model or tool call), its log keeping what it did so far.
     */
    public void clientGone(CompletableFuture<?> reply) {
        reply.cancel(false);
    }

    /** Turns accepted that have not started: behind a running turn of their session, or about to start. */
    public int waiting() {
        return waiting.size();
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

    /** The turn's step on the pool: runs it unless a stop answered it first. Never throws. */
    private Void start(Slot slot, Turn turn, Waiting accepted) {
        waiting.remove(accepted);
        if (closed) {
            notRun(accepted);
            return null;
        }
        if (!accepted.started.compareAndSet(false, true) || accepted.reply.isCancelled()) {
            return null;
        }
        // Counted down before the answer goes out, so a client that has its answer never sees its
        // turn still running.
        running.incrementAndGet();
        TurnReply reply = null;
        Throwable failure = null;
        try {
            reply = run(slot, turn, accepted.reply::isCancelled);
        } catch (HandlerRefusal | RuntimeException | Error e) {
            failure = e;
        } finally {
            running.decrementAndGet();
        }
        if (failure != null) {
            accepted.reply.completeExceptionally(failure);
        } else {
            accepted.reply.complete(reply);
        }
        return null;
    }

    private TurnReply run(Slot slot, Turn turn, BooleanSupplier clientGone) throws HandlerRefusal {
        try {
            if (slot.session == null) {
                slot.session = loader.load(turn.session());
            }
            return runner.run(slot.session, turn, clientGone);
        } catch (InterruptedException e) {
            // Interrupted before it wrote anything (TurnRunner answers for a turn that had).
            Thread.currentThread().interrupt();
            throw new HandlerRefusal(Sentences.LOOPD_STOPPING);
        } catch (HandlerRefusal | RuntimeException e) {
            // A turn that failed may have stopped between a record's write and its message: the next
            // turn rebuilds the prompt from the files, which hold what is true.
            slot.session = null;
            throw e;
        }
    }

    /** Answers {@code accepted} as not run, unless it started or was answered already. */
    private void notRun(Waiting accepted) {
        waiting.remove(accepted);
        if (accepted.started.compareAndSet(false, true)) {
            accepted.reply.completeExceptionally(new HandlerRefusal(Sentences.TURN_NOT_RUN));
        }
    }

    @Override
    public void close() {
        closed = true;
        // Turns waiting behind a running one are answered now: their clients would otherwise wait
        // for the running turn, and then see the socket close with no answer.
        for (Waiting accepted : waiting) {
            notRun(accepted);
        }
        DaemonThreads.stop(pool, CLOSE_WAIT_SECONDS);
    }
}
