package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.sentences.IndexSentences;
import dev.boxmaker.memoryd.files.Durable;
import dev.boxmaker.memoryd.index.build.BuildSide;
import dev.boxmaker.memoryd.index.build.LogReadings;
import dev.boxmaker.memoryd.index.sql.IndexFile;
import dev.boxmaker.memoryd.index.sql.IndexSchema;
import dev.boxmaker.memoryd.index.sql.Statements;
import dev.boxmaker.memoryd.index.text.Tokens;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.SessionLogs;
import dev.boxmaker.proto.wire.msg.Reindexed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import org.jboss.logging.Logger;

/**
 * {@code index/memory.sqlite3} (the spec, section 6), its lifecycle: one writer thread that keeps it
 * up with the session logs and notes.md ({@link WriterThread}, {@link WriterConnection}), reader
 * connections for recall ({@link IndexReads}), notes.md's debounced reads ({@link NotesReads}), and
 * the reindex, which builds {@code memory.sqlite3.new} on the writer thread while readers go on with
 * the old file, then swaps it in under a short exclusive lock ({@link IndexRebuild}). Recall searches
 * it through {@code index.search.IndexSearch}.
 *
 * <p>A damaged file (SQLite says corrupt or not a database) never throws out of here as a fault:
 * reads answer {@link IndexDamagedException}, writes stop, and only a reindex clears it ({@link IndexDamage}).
 */
public final class MemoryIndex implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(MemoryIndex.class);

    public static final String FILE = "memory.sqlite3";
    public static final String NEW_SUFFIX = ".new";

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
    private final IndexDamage damage;
    private final WriterThread writer;
    /** Used on the writer thread only. */
    private final WriterConnection connection;
    private final IndexReads reads;
    private final NotesReads notes;
    private final IndexRebuild rebuilder;
    private final Map<SessionId, CompletableFuture<Void>> queuedSessions = new ConcurrentHashMap<>();
    /** Who else takes the batches the catch-ups read ({@link #handReadingsTo}). */
    private volatile LogReadings readings = LogReadings.NONE;

    private MemoryIndex(Config config, MemorydThreads threads) {
        this.config = config;
        this.file = config.indexDir().resolve(FILE);
        this.damage = new IndexDamage(file);
        this.writer = new WriterThread(threads.indexWriter(), damage, this::markDamaged);
        this.connection = new WriterConnection(config, threads, file,
                (session, before, label, batch) -> readings.read(session, before, label, batch));
        this.reads = new IndexReads(file, damage, this::markDamaged);
        this.rebuilder = new IndexRebuild(config, threads, file);
        this.notes = new NotesReads(threads.indexTimer(), writer.executor(),
                () -> writer.runGuarded(() -> connection.builder().catchUpNotes(config.notesFile())));
    }

    /**
     * Opens the index, creating it (0700 directory, 0600 file) when missing, and queues the catch-up
     * of every log and notes.md, on {@code threads}' index threads. A damaged file leaves the index
     * damaged, with one log line.
     */
    public static MemoryIndex open(Config config, MemorydThreads threads) throws IOException {
        Durable.ensureDirectory(config.indexDir());
        MemoryIndex index = new MemoryIndex(config, threads);
        Tokens.calibrateSoon(threads.calibrate());
        index.writer.submit(() -> {
            // What a catch-up in rounds left when memoryd stopped during one; its round is read again.
            IndexFile.deleteWithSidecars(BuildSide.fileFor(index.file));
            int found = index.connection.open();
            if (found != IndexSchema.VERSION) {
                LOG.info(IndexSentences.indexRebuilding(index.file, found, IndexSchema.VERSION));
                index.rebuild();
            } else if (index.connection.empty() && IndexRebuild.anythingToRead(config)) {
                // A new or deleted index with logs or notes to read: built beside and renamed over, as
                // a reindex, which is several times faster than catching up into a file readers read.
                index.rebuild();
            } else {
                index.connection.builder().catchUpAll(config.notesFile(), index.file);
            }
        });
        return index;
    }

    public Path file() {
        return file;
    }

    public boolean damaged() {
        return damage.damaged();
    }

    /** The index's count of its rows (the {@code stats} table's one row); null while it is damaged. */
    public Long records() {
        try {
            return read(c -> {
                try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT rows FROM stats WHERE id = 1")) {
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
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * Hands each batch of session-log records a catch-up reads from now on to {@code readings} too
     * (with {@code [honcho]}, the turn decisions' tail), so a log's new records are read once.
     */
    public void handReadingsTo(LogReadings readings) {
        this.readings = readings;
    }

    /** Records the writer's catch-ups have read from session logs since the index opened; for tests. */
    public long logRecordsRead() {
        return connection.recordsRead();
    }

    /**
     * Queues one more catch-up of every log and notes.md, for when the sockets listen: a turn that
     * ended after the start's catch-up read its log, and before loopd could tell memoryd, is read now
     * rather than at the session's next turn. A log with nothing new costs a look at its progress.
     */
    public Future<Void> listening() {
        return writer.submit(() -> connection.builder().catchUpAll(config.notesFile(), file));
    }

    /**
     * Queues reading {@code session}'s log past its progress. A session already queued and not yet
     * started is not queued twice (its read will see the new records), so the writer's queue holds
     * at most one task per session however fast updates come.
     */
    public CompletableFuture<Void> sessionUpdated(SessionId session) {
        return writer.coalesced(queuedSessions, session, () -> {
            try {
                connection.builder().catchUpLog(session);
            } catch (IOException e) {
                LOG.warn(IndexSentences.logSkipped(SessionLogs.file(config.home(), session), e.getMessage()));
            }
        });
    }

    /**
     * Queues reading notes.md past its progress (a note added or retracted), once notes.md has been
     * quiet for {@link NotesReads#NOTES_QUIET_MILLIS} (at most {@link NotesReads#NOTES_WAIT_MILLIS_MAX}
     * after the first change); the changes meanwhile share one read. {@link #flush} reads at once.
     */
    public Future<Void> notesChanged() {
        return notes.changed();
    }

    /** Completes once everything queued before it is done, a waiting notes read too; for tests and shutdown. */
    public Future<Void> flush() {
        notes.readNow();
        return writer.submit(() -> { });
    }

    /** Whether a catch-up or another writer task runs now (a reindex says so by {@link #reindexProgress}). */
    public boolean writing() {
        return writer.writing();
    }

    /** Records a running reindex has read so far; empty when none is running. */
    public OptionalLong reindexProgress() {
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
        return reads.read(reading);
    }

    /**
     * Marks the index damaged, once, with one log line. A reader finds damage on its own thread, so
     * the writer's connection is closed on the writer's thread, after its task in hand (closed from
     * the reader's, it was closed under a running catch-up), unless a reindex opened a new file since.
     */
    private void markDamaged(Exception e) {
        damage.mark(e);
        long damagedGeneration = reads.generation();
        if (writer.isCurrent()) {
            connection.close();
            return;
        }
        try {
            writer.execute(() -> {
                if (reads.generation() == damagedGeneration && damage.damaged()) {
                    connection.close();
                }
            });
        } catch (RejectedExecutionException closing) {
            // The index is closing: its close closes the writer's connection on the writer thread.
        }
    }

    /** For tests: runs {@code task} on the writer thread, damaged or not. */
    Future<Void> onWriterThread(Callable<Void> task) {
        return writer.submitRaw(task);
    }

    /** For tests, on the writer thread: whether the writer's connection is open. */
    boolean writerOpen() throws SQLException {
        return connection.isOpen();
    }

    /** The reindex, on the writer thread: the new file built, then swapped in and the writer reopened on it. */
    private Reindexed rebuild() throws IOException, SQLException {
        long started = System.nanoTime();
        Reindexed read = rebuilder.build();
        reads.swap(() -> {
            connection.close();
            rebuilder.renameOver();
        });
        connection.open();
        long millis = (System.nanoTime() - started) / 1_000_000;
        LOG.info(IndexSentences.indexBuilt(file, read.logs(), read.records(), read.notes(), millis));
        return read;
    }

    @Override
    public void close() {
        notes.close();
        writer.shutdown(IndexFile.BUSY_TIMEOUT_MILLIS);
        reads.close(connection::close);
    }
}
