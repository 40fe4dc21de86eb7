package dev.boxmaker.memoryd.index.build;

import dev.boxmaker.memoryd.index.sql.SqlWork;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * The threads a catch-up's pipeline writes its batches on while the next batch is read and prepared
 * on the caller's: one for the index file, and during a build with a side file ({@link BuildSide}),
 * one for the side file; each a pool of one thread it is given ({@code MemorydThreads#indexCommit},
 * {@code #indexSide}), used by one run at a time (runs are the index writer's tasks). At most
 * {@code inFlightMax} hand-overs are in flight: the next is handed
 * over once both threads have written the one that many before it. Each thread writes what it is
 * handed in order; once a write has failed, neither thread runs any later one.
 */
final class WritingThreads implements AutoCloseable {
    private record InFlight(Future<Void> onFile, Future<Void> onSide) {
    }

    private final ExecutorService file;
    /** Null without a side file. */
    private final ExecutorService side;
    private final int inFlightMax;
    private final ArrayDeque<InFlight> inFlight = new ArrayDeque<>();
    private volatile boolean failed;

    /** One hand-over in flight at a time, on {@code file} alone. */
    WritingThreads(ExecutorService file) {
        this(file, null, 1);
    }

    /** Writing on {@code file} and, without a side file null, {@code side}. */
    WritingThreads(ExecutorService file, ExecutorService side, int inFlightMax) {
        if (inFlightMax < 1) {
            throw new IllegalArgumentException("at least one write in flight");
        }
        this.file = file;
        this.side = side;
        this.inFlightMax = inFlightMax;
    }

    /**
     * Once fewer than {@code inFlightMax} hand-overs are in flight (waiting for the oldest), starts
     * writing the next: {@code onFile} on the file's thread and {@code onSide} (null without a side
     * file) on the side file's. The first failure of a write waited for is thrown here.
     */
    void write(SqlWork onFile, SqlWork onSide) throws SQLException {
        while (inFlight.size() >= inFlightMax) {
            awaitOldest();
        }
        Future<Void> onFileWrite = file.submit(() -> run(onFile));
        Future<Void> onSideWrite = onSide == null ? null : side.submit(() -> run(onSide));
        inFlight.add(new InFlight(onFileWrite, onSideWrite));
    }

    private Void run(SqlWork work) throws SQLException {
        if (failed) {
            return null;
        }
        try {
            work.run();
        } catch (SQLException | RuntimeException e) {
            failed = true;
            throw e;
        }
        return null;
    }

    /** Waits for every hand-over in flight; the first failure of their writes, if one failed. */
    void await() throws SQLException {
        SQLException first = null;
        while (!inFlight.isEmpty()) {
            try {
                awaitOldest();
            } catch (SQLException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private void awaitOldest() throws SQLException {
        InFlight oldest = inFlight.poll();
        try {
            await(oldest.onFile());
        } finally {
            await(oldest.onSide());
        }
    }

    /** Waits for the last batch; the threads stay for the next run. */
    @Override
    public void close() throws SQLException {
        await();
    }

    /**
     * Runs {@code there} on {@code other}'s thread while {@code here} runs on the caller's; returns
     * once both are done, with the first failure, if one failed.
     */
    static void alongside(ExecutorService other, SqlWork there, SqlWork here) throws SQLException {
        Future<Void> done = other.submit(() -> {
            there.run();
            return null;
        });
        try {
            here.run();
        } finally {
            await(done);
        }
    }

    private static void await(Future<Void> write) throws SQLException {
        if (write == null) {
            return;
        }
        try {
            write.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while the index wrote a batch", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof SQLException sql) {
                throw sql;
            }
            throw new SQLException(e.getCause().getMessage(), e.getCause());
        }
    }
}
