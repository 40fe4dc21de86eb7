package dev.boxmaker.brokerd.threads;

import dev.boxmaker.brokerd.approvals.Approvals;
import dev.boxmaker.proto.daemon.DaemonThreads;
import dev.boxmaker.proto.server.SocketServer;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Every thread brokerd makes beside Vert.x's (its event loops and each socket's workers), made once
 * by its assembly and handed to the classes that use them.
 *
 * @param work   approved calls' runs, and each call's end once memoryd answered (the audit line, the
 *               taint, the answer), which must not run on the event loop that brought memoryd's reply
 * @param timers the approvals' timeouts and the grants folder's poll
 * @param pipes  the exec runtime's pipes: three a run (standard input, output and error)
 */
public record BrokerdThreads(ExecutorService work, ScheduledExecutorService timers, ExecutorService pipes)
        implements AutoCloseable {
    /** Approved calls and call ends run on this many threads at once. */
    public static final int WORK_THREADS = 8;
    /**
     * Work waiting for a thread: one a connection (each holds at most one call) and one a call waiting
     * for the owner, so a call that ran always gets its end.
     */
    public static final int WORK_QUEUED_MAX = SocketServer.CONNECTIONS_MAX + Approvals.WAITING_MAX;
    /** Exec runs at once are bounded by the loop socket's workers and the work threads: three pipes each. */
    public static final int PIPE_THREADS_MAX = 3 * (SocketServer.WORKER_THREADS + WORK_THREADS);
    /** How long closing waits for work still running, then interrupts it. */
    public static final long CLOSE_WAIT_SECONDS = 10;

    /** brokerd's threads, none started until first used. */
    public static BrokerdThreads start() {
        return new BrokerdThreads(DaemonThreads.pool("brokerd-work", WORK_THREADS, WORK_QUEUED_MAX),
                DaemonThreads.timer("brokerd-timer"),
                DaemonThreads.pool("brokerd-exec-pipe", PIPE_THREADS_MAX, 0));
    }

    /** Waits a bounded time for running work, then stops every thread. */
    @Override
    public void close() {
        DaemonThreads.stop(work, CLOSE_WAIT_SECONDS);
        timers.shutdownNow();
        pipes.shutdownNow();
    }
}
