package dev.boxmaker.memoryd.index;

import java.sql.SQLException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The threads a catch-up's pipeline writes its batches on while the next batch is read and prepared
 * on the caller's: one for the index file, and during a build with a side file ({@link BuildSide}),
 * one for the side file. One batch is in flight at a time: the next is handed over once both
 * threads have written the last.
 */
final class WritingThreads implements AutoCloseable {
    static final String FILE_THREAD = "memoryd-index-commit";
    static final String SIDE_THREAD = "memoryd-index-side";

    private final ExecutorService file;
    /** Null without a side file. */
    private final ExecutorService side;
    private Future<Void> fileWrite;
    private Future<Void> sideWrite;

    WritingThreads(boolean withSide) {
        this.file = thread(FILE_THREAD);
        this.side = withSide ? thread(SIDE_THREAD) : null;
    }

    /**
     * Waits for the batch in flight, then starts writing the next: {@code onFile} on the file's
     * thread and {@code onSide} (null without a side file) on the side file's.
     */
    void write(SqlWork onFile, SqlWork onSide) throws SQLException {
        await();
        fileWrite = file.submit(() -> {
            onFile.run();
            return null;
        });
        if (onSide != null) {
            sideWrite = side.submit(() -> {
                onSide.run();
                return null;
            });
        }
    }

    /** Waits for the batch in flight, if any; the first failure of its writes, if one failed. */
    void await() throws SQLException {
        Future<Void> onFile = fileWrite;
        Future<Void> onSide = sideWrite;
        fileWrite = null;
        sideWrite = null;
        try {
            await(onFile);
        } finally {
            await(onSide);
        }
    }

    /** Waits for the last batch and ends the threads. */
    @Override
    public void close() throws SQLException {
        try {
            await();
        } finally {
            file.shutdown();
            if (side != null) {
                side.shutdown();
            }
        }
    }

    /**
     * Runs {@code there} on a thread of its own named {@code name} while {@code here} runs on the
     * caller's; returns once both are done, with the first failure, if one failed.
     */
    static void alongside(String name, SqlWork there, SqlWork here) throws SQLException {
        ExecutorService other = thread(name);
        try {
            Future<Void> done = other.submit(() -> {
                there.run();
                return null;
            });
            try {
                here.run();
            } finally {
                await(done);
            }
        } finally {
            other.shutdown();
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

    private static ExecutorService thread(String name) {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }
}
