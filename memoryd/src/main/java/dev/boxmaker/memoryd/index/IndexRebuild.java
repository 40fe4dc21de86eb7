package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.index.build.BuildSide;
import dev.boxmaker.memoryd.index.build.IndexBuilder;
import dev.boxmaker.memoryd.index.build.NotesCatchUp;
import dev.boxmaker.memoryd.index.build.SessionDirs;
import dev.boxmaker.memoryd.index.sql.IndexFile;
import dev.boxmaker.memoryd.index.sql.IndexSchema;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.wire.msg.Reindexed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The reindex's new file, {@code memory.sqlite3.new}: built beside the index from every log and
 * notes.md while readers go on with the old file, then renamed over it. {@link MemoryIndex} runs
 * both on its writer thread, and the rename under its exclusive lock with every connection to the
 * old file closed. The records a build has read so far are kept for the owner watching it.
 */
final class IndexRebuild {
    private final MemoryIndex.Config config;
    /** The index file the new one replaces. */
    private final Path file;
    private final Path fresh;
    /** The running build's count of records read; null when none runs. */
    private volatile AtomicLong reindexing;
    private final MemorydThreads threads;

    IndexRebuild(MemoryIndex.Config config, MemorydThreads threads, Path file) {
        this.config = config;
        this.threads = threads;
        this.file = file;
        this.fresh = file.resolveSibling(MemoryIndex.FILE + MemoryIndex.NEW_SUFFIX);
    }

    /**
     * Whether a build would read anything: a session's log, or a notes.md with something in it. A
     * home with neither keeps the empty index it has (made with a build's page size, see
     * {@link IndexFile#open}) rather than building another at each start.
     */
    static boolean anythingToRead(MemoryIndex.Config config) {
        return config.notesFile().toFile().length() > 0 || SessionDirs.anySession(config.home());
    }

    /** Records a running build has read so far; empty when none is running. */
    OptionalLong progress() {
        AtomicLong now = reindexing;
        return now == null ? OptionalLong.empty() : OptionalLong.of(now.get());
    }

    /**
     * Builds the new file, whole and flushed to disk, beside the index; what it read. A build that
     * fails deletes its file: a full disk is the likeliest reason, and a half-built file left there
     * would keep the disk full for the memory writes that go on meanwhile.
     */
    Reindexed build() throws IOException, SQLException {
        IndexFile.deleteWithSidecars(fresh);
        try {
            return buildFresh();
        } catch (IOException | SQLException | RuntimeException | Error e) {
            try {
                IndexFile.deleteWithSidecars(fresh);
            } catch (IOException | RuntimeException again) {
                e.addSuppressed(again);
            }
            throw e;
        }
    }

    private Reindexed buildFresh() throws IOException, SQLException {
        IndexBuilder.Counts counts;
        long notes;
        // Flushed whole below, before it is renamed over the index.
        try (Connection c = IndexFile.openForBuild(fresh)) {
            IndexSchema.create(c);
            IndexSchema.bulkSettings(c);
            AtomicLong read = new AtomicLong();
            reindexing = read;
            IndexBuilder fresher = new IndexBuilder(c,
                    IndexBuilder.Config.of(config.home(), config.maxClass(), threads).countingIn(read));
            try (BuildSide side = BuildSide.open(fresh)) {
                counts = fresher.buildAll(config.notesFile(), side);
            } finally {
                reindexing = null;
            }
            notes = NotesCatchUp.rows(c);
            try (var s = c.createStatement()) {
                s.execute("PRAGMA journal_mode = WAL");
            }
        }
        try (var ch = java.nio.channels.FileChannel.open(fresh, java.nio.file.StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        return new Reindexed(counts.logs(), counts.records(), notes);
    }

    /** Renames the built file over the index; only with every connection to the index closed. */
    void renameOver() throws IOException {
        // With every connection closed nothing of the old file's log is wanted; a -wal left by a
        // damaged file must not be read as the new file's.
        Files.deleteIfExists(file.resolveSibling(MemoryIndex.FILE + "-wal"));
        Files.deleteIfExists(file.resolveSibling(MemoryIndex.FILE + "-shm"));
        Files.move(fresh, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        IndexFile.syncDirectory(file.getParent());
    }
}
