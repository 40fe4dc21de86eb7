package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.Sentences;
import dev.boxmaker.memoryd.files.Durable;
import dev.boxmaker.memoryd.index.build.BuildSide;
import dev.boxmaker.memoryd.index.build.IndexBuilder;
import dev.boxmaker.memoryd.index.sql.IndexFile;
import dev.boxmaker.memoryd.index.sql.IndexSchema;
import dev.boxmaker.memoryd.index.sql.Statements;
import dev.boxmaker.memoryd.index.text.Tokens;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.SessionLogs;
import dev.boxmaker.proto.wire.msg.Reindexed;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.jboss.logging.Logger;

/**
 * {@code index/memory.sqlite3} (the spec, section 6): one writer thread that keeps it up with the
 * session logs and notes.md, and reader connections for recall. The file is in WAL mode, so the
 * writer never blocks a reader. A reindex builds {@code memory.sqlite3.new} on the writer thread
 * while readers go on with the old file, then swaps it in under a short exclusive lock.
 *
 * <p>A damaged file (SQLite says corrupt or not a database) never throws out of here as a fault:
 * reads answer {@link IndexDamagedException}, writes stop, and only a reindex clears it.
 */
public final class MemoryIndex implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(MemoryIndex.class);

    public static final String FILE = "memory.sqlite3";
    public static final String NEW_SUFFIX = ".new";

    /** Idle reader connections kept open; more readers open their own and close them after. */
    static final int READERS_IDLE_MAX = 4;

    /**
     * How long notes.md must go unchanged before the index reads it: a burst of edits (a
     * consolidate, a turn's several writes) is read in one transaction after it, rather than each
     * edit's notes competing with the next edit's flushes.
     */
    static final long NOTES_QUIET_MILLIS = 100;

    /** The longest a note waits for the index under a steady stream of edits. */
    static final long NOTES_WAIT_MILLIS_MAX = 1_000;

    /** What the index reads and where. */
    public record Config(Path home, Path indexDir, Path notesFile, DataClass maxClass) {
        /** The index of the memoryd these settings describe. */
        public static Config of(dev.boxmaker.memoryd.config.MemorydSettings settings) {
            return new Config(settings.home(), settings.indexDir(),
                    settings.memoryDir().resolve(dev.boxmaker.memoryd.files.MemoryDir.NOTES), settings.maxClass());
        }
    }

    /** A read on a reader connection. */
    @FunctionalInterface
    public interface Reading<T> {
        T read(Connection c) throws SQLException;
    }

    /** A read on a reader connection, with the statements kept for it. */
    @FunctionalInterface
    public interface PreparedReading<T> {
        T read(Statements statements) throws SQLException;
    }

    private final Config config;
    private final Path file;
    private final ExecutorService writer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "memoryd-index-writer");
        t.setDaemon(true);
        writerThread = t;
        return t;
    });
    /** The writer's thread, once made: the only thread that touches the writer's connection. */
    private volatile Thread writerThread;
    private final Object damageLock = new Object();
    private final java.util.concurrent.ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "memoryd-index-timer");
                t.setDaemon(true);
                return t;
            });
    private final Debounced notes;
    private final IndexRebuild rebuilder;
    private final ReadWriteLock swap = new ReentrantReadWriteLock();
    private final Readers readers = new Readers(READERS_IDLE_MAX);
    private final Map<SessionId, CompletableFuture<Void>> queuedSessions = new ConcurrentHashMap<>();
    private volatile long generation;
    private volatile boolean damaged;
    /** Writer tasks running now (a catch-up, a notes read, the start's build): for {@code memory_stats}. */
    private final java.util.concurrent.atomic.AtomicInteger writing = new java.util.concurrent.atomic.AtomicInteger();
    /** Used on the writer thread only. */
    private Connection writerConnection;
    private IndexBuilder builder;

    private MemoryIndex(Config config) {
        this.config = config;
        this.file = config.indexDir().resolve(FILE);
        this.rebuilder = new IndexRebuild(config, file);
        this.notes = new Debounced(timer, writer, () -> runGuarded(() -> {
            builder().catchUpNotes(config.notesFile());
            return null;
        }), NOTES_QUIET_MILLIS, NOTES_WAIT_MILLIS_MAX);
    }

    /**
     * Opens the index, creating it (0700 directory, 0600 file) when missing, and queues the catch-up
     * of every log and notes.md. A damaged file leaves the index damaged, with one log line.
     */
    public static MemoryIndex open(Config config) throws IOException {
        Durable.ensureDirectory(config.indexDir());
        MemoryIndex index = new MemoryIndex(config);
        Tokens.calibrateSoon();
        index.submit(() -> {
            // What a catch-up in rounds left when memoryd stopped during one; its round is read again.
            IndexFile.deleteWithSidecars(BuildSide.fileFor(index.file));
            int found = index.openWriter();
            if (found != IndexSchema.VERSION) {
                LOG.info(Sentences.indexRebuilding(index.file, found, IndexSchema.VERSION));
                index.rebuild();
            } else if (IndexSchema.empty(index.writerConnection) && IndexRebuild.anythingToRead(config)) {
                // A new or deleted index with logs or notes to read: built beside and renamed over, as
                // a reindex, which is several times faster than catching up into a file readers read.
                index.rebuild();
            } else {
                index.builder().catchUpAll(config.notesFile(), index.file);
            }
            return null;
        });
        return index;
    }

    public Path file() {
        return file;
    }

    public boolean damaged() {
        return damaged;
    }

    /** The index's count of its rows (the {@code stats} table's one row); null while it is damaged. */
    public Long records() {
        try {
            return read(c -> {
                try (java.sql.Statement s = c.createStatement();
                        java.sql.ResultSet rs = s.executeQuery("SELECT rows FROM stats WHERE id = 1")) {
                    return rs.next() ? rs.getLong(1) : 0L;
                }
            });
        } catch (IndexDamagedException | SQLException e) {
            return null;
        }
    }

    /** The file's size; 0 when it cannot be read. */
    public long fileBytes() {
        try {
            return java.nio.file.Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * Queues one more catch-up of every log and notes.md, for when the sockets listen: a turn that
     * ended after the start's catch-up read its log, and before loopd could tell memoryd, is read now
     * rather than at the session's next turn. A log with nothing new costs a look at its progress.
     */
    public Future<Void> listening() {
        return submit(() -> {
            builder().catchUpAll(config.notesFile(), file);
            return null;
        });
    }

    /**
     * Queues reading {@code session}'s log past its progress. A session already queued and not yet
     * started is not queued twice (its read will see the new records), so the writer's queue holds
     * at most one task per session however fast updates come.
     */
    public Future<Void> sessionUpdated(SessionId session) {
        return coalesced(queuedSessions, session, () -> {
            try {
                builder().catchUpLog(session);
            } catch (IOException e) {
                LOG.warn(Sentences.logSkipped(SessionLogs.file(config.home(), session), e.getMessage()));
            }
            return null;
        });
    }

    /**
     * Queues reading notes.md past its progress (a note added or retracted), once notes.md has been
     * quiet for {@link #NOTES_QUIET_MILLIS} (at most {@link #NOTES_WAIT_MILLIS_MAX} after the first
     * change); the changes meanwhile share one read. {@link #flush} reads at once.
     */
    public Future<Void> notesChanged() {
        return notes.request();
    }

    /** Queues {@code task} under {@code key} unless a task for it waits already; the future of the one queued. */
    private <K> Future<Void> coalesced(Map<K, CompletableFuture<Void>> queued, K key, Task task) {
        CompletableFuture<Void> mine = new CompletableFuture<>();
        CompletableFuture<Void> waiting = queued.putIfAbsent(key, mine);
        if (waiting != null) {
            return waiting;
        }
        writer.execute(() -> {
            // Taken off before reading, so an update that arrives during the read queues another.
            queued.remove(key, mine);
            try {
                runGuarded(task);
            } finally {
                mine.complete(null);
            }
        });
        return mine;
    }

    /** Completes once everything queued before it is done, a waiting notes read too; for tests and shutdown. */
    public Future<Void> flush() {
        notes.runNow();
        return submit(() -> null);
    }

    /** Whether a catch-up or another writer task runs now (a reindex says so by {@link #reindexProgress}). */
    public boolean writing() {
        return writing.get() > 0;
    }

    /** Records a running reindex has read so far; empty when none is running. */
    public java.util.OptionalLong reindexProgress() {
        return rebuilder.progress();
    }

    /**
     * Rebuilds the index into a new file beside the old one and renames it over, on the writer
     * thread; recall answers from the old file meanwhile. Repairs a damaged index.
     */
    public Reindexed reindex() throws IOException, InterruptedException {
        CompletableFuture<Reindexed> done = new CompletableFuture<>();
        writer.execute(() -> {
            try {
                done.complete(rebuild());
            } catch (Throwable t) {
                done.completeExceptionally(t);
            }
        });
        try {
            return done.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            throw new IOException(cause.getMessage(), cause);
        }
    }

    /** Runs {@code reading} on a reader connection of the current file. */
    public <T> T read(Reading<T> reading) throws IndexDamagedException, SQLException {
        return readPrepared(statements -> reading.read(statements.connection()));
    }

    /**
     * Runs {@code reading} on a reader connection of the current file, with the statements kept for
     * that connection, so the statements a recall runs are prepared once per connection.
     */
    public <T> T readPrepared(PreparedReading<T> reading) throws IndexDamagedException, SQLException {
        if (damaged) {
            throw new IndexDamagedException();
        }
        swap.readLock().lock();
        Readers.Reader reader = null;
        try {
            reader = readers.borrow(file, generation);
            T value = reading.read(reader.statements());
            readers.giveBack(reader, generation);
            return value;
        } catch (SQLException e) {
            if (reader != null) {
                IndexFile.closeQuietly(reader.c());
            }
            if (IndexFile.damaged(e)) {
                markDamaged(e);
                throw new IndexDamagedException();
            }
            throw e;
        } finally {
            swap.readLock().unlock();
        }
    }

    private interface Task {
        Void run() throws Exception;
    }

    /** Runs {@code task} on the writer thread, unless the index is damaged; faults are logged. */
    private Future<Void> submit(Task task) {
        return writer.submit(() -> {
            runGuarded(task);
            return null;
        });
    }

    /** Runs {@code task} on the writer thread unless the index is damaged; a fault is logged, never thrown. */
    private void runGuarded(Task task) {
        if (damaged) {
            return;
        }
        writing.incrementAndGet();
        try {
            task.run();
        } catch (SQLException e) {
            if (IndexFile.damaged(e)) {
                markDamaged(e);
            } else {
                LOG.error(Sentences.indexWriteFailed(e.getMessage()));
            }
        } catch (Exception e) {
            LOG.error(Sentences.indexWriteFailed(e.getMessage()));
        } catch (OutOfMemoryError e) {
            // A record too large for the heap: what needed it is garbage once the task has unwound.
            // Thrown, it ended the task (a whole catch-up at start) with no line at all.
            LOG.error(Sentences.indexWriteFailed(e.toString()));
        } finally {
            writing.decrementAndGet();
        }
    }

    private IndexBuilder builder() throws SQLException, IOException {
        if (builder == null) {
            IndexFile.closeQuietly(writerConnection);
            writerConnection = null;
            int found = openWriter();
            if (found != IndexSchema.VERSION) {
                // Not written to: its rows would lack what the fast path reads. A reindex replaces it.
                throw new SQLException(Sentences.indexOtherLayout(found, IndexSchema.VERSION));
            }
        }
        return builder;
    }

    /**
     * Opens the writer's connection and checks the file; a damaged one marks the index damaged. The
     * file's layout version: a file of another one is left as it is (and not written to) for
     * {@link #rebuild} to replace.
     */
    private int openWriter() throws SQLException, IOException {
        IndexFile.createPrivate(file);
        Connection c = IndexFile.open(file, true);
        int version;
        try {
            IndexSchema.checkWhole(c, file);
            version = IndexSchema.version(c);
            if (version == IndexSchema.VERSION) {
                IndexSchema.create(c);
            }
            IndexSchema.probe(c);
        } catch (SQLException e) {
            IndexFile.closeQuietly(c);
            throw e;
        }
        writerConnection = c;
        if (version == IndexSchema.VERSION) {
            builder = new IndexBuilder(c, IndexBuilder.Config.of(config.home(), config.maxClass()));
        }
        return version;
    }

    /**
     * Marks the index damaged, once, with one log line. A reader finds damage on its own thread, so
     * the writer's connection is closed on the writer's thread, after its task in hand (closed from
     * the reader's, it was closed under a running catch-up), unless a reindex opened a new file since.
     */
    private void markDamaged(Exception e) {
        synchronized (damageLock) {
            if (!damaged) {
                damaged = true;
                LOG.error(Sentences.indexDamagedLog(file, e.getMessage()));
            }
        }
        long damagedGeneration = generation;
        if (Thread.currentThread() == writerThread) {
            closeWriter();
            return;
        }
        try {
            writer.execute(() -> {
                if (generation == damagedGeneration && damaged) {
                    closeWriter();
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            // The index is closing: its close closes the writer's connection on the writer thread.
        }
    }

    /** On the writer thread: closes its connection; the next task reopens it. */
    private void closeWriter() {
        IndexFile.closeQuietly(writerConnection);
        writerConnection = null;
        builder = null;
    }

    /** For tests: runs {@code task} on the writer thread, damaged or not. */
    Future<Void> onWriterThread(java.util.concurrent.Callable<Void> task) {
        return writer.submit(task);
    }

    /** For tests, on the writer thread: whether the writer's connection is open. */
    boolean writerOpen() throws SQLException {
        return writerConnection != null && !writerConnection.isClosed();
    }

    /** The reindex, on the writer thread. */
    private Reindexed rebuild() throws IOException, SQLException {
        long started = System.nanoTime();
        Reindexed read = rebuilder.build();
        swapIn();
        long millis = (System.nanoTime() - started) / 1_000_000;
        LOG.info(Sentences.indexBuilt(file, read.logs(), read.records(), read.notes(), millis));
        return read;
    }

    /** Closes every connection to the old file, renames the new one over it, and reopens the writer. */
    private void swapIn() throws IOException, SQLException {
        swap.writeLock().lock();
        try {
            IndexFile.closeQuietly(writerConnection);
            writerConnection = null;
            builder = null;
            readers.closeIdle();
            rebuilder.renameOver();
            generation++;
            damaged = false;
        } finally {
            swap.writeLock().unlock();
        }
        openWriter();
    }

    @Override
    public void close() {
        notes.runNow();
        timer.shutdownNow();
        writer.shutdown();
        try {
            writer.awaitTermination(IndexFile.BUSY_TIMEOUT_MILLIS, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        swap.writeLock().lock();
        try {
            IndexFile.closeQuietly(writerConnection);
            readers.closeIdle();
        } finally {
            swap.writeLock().unlock();
        }
    }
}
