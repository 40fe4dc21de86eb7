package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.sentences.IndexSentences;
import dev.boxmaker.memoryd.index.build.IndexBuilder;
import dev.boxmaker.memoryd.index.build.LogReadings;
import dev.boxmaker.memoryd.index.sql.IndexFile;
import dev.boxmaker.memoryd.index.sql.IndexSchema;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The writer thread's connection to the index file and the builder that writes through it. Used on
 * the writer thread only. Closed when the file is found damaged or swapped; the next task reopens it.
 */
final class WriterConnection {
    private final MemoryIndex.Config config;
    private final Path file;
    private Connection connection;
    private IndexBuilder builder;
    /** Records the catch-ups read from session logs, in all. */
    private final AtomicLong recordsRead = new AtomicLong();
    private final LogReadings readings;
    private final MemorydThreads threads;

    /** {@code readings} takes each batch a catch-up reads from a session log too; written on {@code threads}. */
    WriterConnection(MemoryIndex.Config config, MemorydThreads threads, Path file, LogReadings readings) {
        this.config = config;
        this.threads = threads;
        this.file = file;
        this.readings = readings;
    }

    /** Records the catch-ups on this connection read from session logs, in all. */
    long recordsRead() {
        return recordsRead.get();
    }

    /**
     * Opens the connection and checks the file; a damaged one throws. The file's layout version: a
     * file of another one is left as it is (and not written to) for a rebuild to replace.
     */
    int open() throws SQLException, IOException {
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
        connection = c;
        if (version == IndexSchema.VERSION) {
            builder = new IndexBuilder(c, IndexBuilder.Config.of(config.home(), config.maxClass(), threads)
                    .countingIn(recordsRead));
            builder.handReadingsTo(readings);
        }
        return version;
    }

    /** Whether the open file holds no rows yet. */
    boolean empty() throws SQLException {
        return IndexSchema.empty(connection);
    }

    /** The builder, reopening the connection if it was closed; a file of another layout is not written to. */
    IndexBuilder builder() throws SQLException, IOException {
        if (builder == null) {
            close();
            int found = open();
            if (found != IndexSchema.VERSION) {
                // Not written to: its rows would lack what the fast path reads. A reindex replaces it.
                throw new SQLException(IndexSentences.indexOtherLayout(found, IndexSchema.VERSION));
            }
        }
        return builder;
    }

    /** Whether the connection is open. */
    boolean isOpen() throws SQLException {
        return connection != null && !connection.isClosed();
    }

    /** Closes the connection; the next {@link #builder} reopens it. */
    void close() {
        IndexFile.closeQuietly(connection);
        connection = null;
        builder = null;
    }
}
