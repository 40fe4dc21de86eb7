package dev.boxmaker.memoryd.threads;

import dev.boxmaker.proto.daemon.DaemonThreads;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;

/**
 * Every thread memoryd makes beside Vert.x's (its event loops and each socket's workers), made once by
 * its assembly ({@code EarlyIndex}, which opens the index before Quarkus starts) and handed to the
 * classes that use them; no class makes its own. Each is named {@code memoryd-…-N} and bounded in its
 * threads and, but for the two timers, in the tasks waiting for them: the index timer holds one
 * debounce at a time, and the decisions' a round per {@code session_updated} beside the batches the
 * index hands them, which {@code HandedBatches} bounds in records. A pool of one thread runs its tasks
 * one at a time, in the order they were queued. None starts a thread until first used, so a memoryd
 * without {@code [honcho]} runs none of Honcho's.
 *
 * @param indexWriter    every write to the index file (catch-ups, notes reads, builds, swaps), in order
 * @param indexTimer     the debounce of notes.md's reads
 * @param indexCommit    a catch-up's or a build's batches written to the index file while the writer
 *                       reads the next
 * @param indexSide      a build's batches written to its side file
 * @param calibrate      SQLite's tokenizer measured once per process: its separators, then its folds
 * @param recallLogFlush the recall log's flushes to the disk, after the recall is answered
 * @param honchoDecide   the turn decisions for Honcho, and their periodic retry
 * @param honchoWorker   the Honcho worker's one loop, which sends the ledger's outbox
 * @param ledgerFlush    the worker's flushes of its {@code sent} lines, while it sends the next request
 * @param honchoRecall   recall's blocking calls to its Honcho sources
 * @param ask            ask_memory's blocking chats
 */
public record MemorydThreads(ExecutorService indexWriter, ScheduledExecutorService indexTimer,
        ExecutorService indexCommit, ExecutorService indexSide, ExecutorService calibrate,
        ExecutorService recallLogFlush, ScheduledExecutorService honchoDecide, ExecutorService honchoWorker,
        ExecutorService ledgerFlush, ThreadPoolExecutor honchoRecall, ThreadPoolExecutor ask)
        implements AutoCloseable {
    /** Every thread of memoryd's own is named with this prefix. */
    public static final String PREFIX = "memoryd-";
    /**
     * Writer tasks waiting: a session's catch-up is queued once however fast its updates come, so this
     * is the sessions whose logs wait to be read at once, and the few notes reads and reindexes.
     */
    public static final int INDEX_WRITER_QUEUED_MAX = 100_000;
    /** A run's batches in flight to the index file or the side file (a build holds at most four). */
    public static final int INDEX_WRITES_QUEUED_MAX = 1_000;
    /** The separators' measure and the folds', one after the other. */
    public static final int CALIBRATE_QUEUED_MAX = 2;
    /** One flush waits while another runs: those appended meanwhile share it. */
    public static final int RECALL_LOG_FLUSH_QUEUED_MAX = 1;
    /** The worker starts a flush only once the one under way has ended. */
    public static final int LEDGER_FLUSH_QUEUED_MAX = 1;
    /** Enough for a recall's calls (three per read workspace, one for the fleet) and one more recall's. */
    public static final int HONCHO_RECALL_THREADS = 8;
    /** recall's Honcho calls waiting for a thread; one the queue cannot take is that source unavailable. */
    public static final int HONCHO_RECALL_QUEUED_MAX = 64;
    /** Chats running at once, across every ask_memory call (the M5c spec, section 9). */
    public static final int ASK_THREADS = 2;
    /** Chats waiting for a thread: 16 calls of four workspaces each; one the queue cannot take is unavailable. */
    public static final int ASK_QUEUED_MAX = 64;
    /** How long closing waits for the writes and flushes still queued, then interrupts them. */
    public static final long CLOSE_WAIT_SECONDS = 10;

    /** memoryd's threads, none started until first used. */
    public static MemorydThreads start() {
        return new MemorydThreads(DaemonThreads.pool(PREFIX + "index-writer", 1, INDEX_WRITER_QUEUED_MAX),
                DaemonThreads.timer(PREFIX + "index-timer"),
                DaemonThreads.pool(PREFIX + "index-commit", 1, INDEX_WRITES_QUEUED_MAX),
                DaemonThreads.pool(PREFIX + "index-side", 1, INDEX_WRITES_QUEUED_MAX),
                DaemonThreads.pool(PREFIX + "index-calibrate", 1, CALIBRATE_QUEUED_MAX),
                DaemonThreads.pool(PREFIX + "recall-log-flush", 1, RECALL_LOG_FLUSH_QUEUED_MAX),
                DaemonThreads.timer(PREFIX + "honcho-decide"),
                DaemonThreads.pool(PREFIX + "honcho-worker", 1, 0),
                DaemonThreads.pool(PREFIX + "honcho-ledger-flush", 1, LEDGER_FLUSH_QUEUED_MAX),
                DaemonThreads.pool(PREFIX + "honcho-recall", HONCHO_RECALL_THREADS, HONCHO_RECALL_QUEUED_MAX),
                DaemonThreads.pool(PREFIX + "ask", ASK_THREADS, ASK_QUEUED_MAX));
    }

    /**
     * Stops every thread, in the order the assembly closes what uses them: the Honcho write path, the
     * read path's calls, the recall log's last flush, then the index's writes. Most are stopped already
     * by the class that uses them, at its own close, where its order matters; this stops the rest.
     * What writes to the disk is given {@link #CLOSE_WAIT_SECONDS} to end; the others are interrupted.
     */
    @Override
    public void close() {
        honchoDecide.shutdownNow();
        DaemonThreads.stop(honchoWorker, CLOSE_WAIT_SECONDS);
        DaemonThreads.stop(ledgerFlush, CLOSE_WAIT_SECONDS);
        for (ExecutorService calls : List.of(ask, honchoRecall)) {
            calls.shutdownNow();
        }
        DaemonThreads.stop(recallLogFlush, CLOSE_WAIT_SECONDS);
        indexTimer.shutdownNow();
        for (ExecutorService writes : List.of(indexWriter, indexCommit, indexSide)) {
            DaemonThreads.stop(writes, CLOSE_WAIT_SECONDS);
        }
        // A measure under way ends on its own: it is short, and a cut one would leave the process unmeasured.
        calibrate.shutdown();
    }
}
