package dev.boxmaker.memoryd.index.build;

import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.memoryd.index.sql.IndexFile;
import dev.boxmaker.memoryd.index.sql.IndexRow;
import dev.boxmaker.memoryd.index.sql.SqlWork;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * How an {@link IndexBuilder} writes the batches it reads: one object per way, owning what only that
 * way needs. {@link Direct} commits each batch on the reading thread (one log's catch-up, notes.md);
 * the pipelined ways write a batch on threads of their own while the next is read ({@link CatchUp},
 * {@link Build} with its side file, {@link Rounds} of a large catch-up), from their start to their
 * {@link #stop}.
 */
abstract sealed class BatchWriting {
    final Connection c;
    final IndexWrites writes;

    BatchWriting(Connection c, IndexWrites writes) {
        this.c = c;
        this.writes = writes;
    }

    /** {@code key}'s progress as this way reads it. */
    abstract LogProgress progress(String key) throws SQLException;

    /** Commits (or hands to the writing threads) a batch's rows with the progress they reach. */
    abstract void flush(List<IndexRow> rows, Map<String, LogProgress> progress, long records) throws SQLException;

    /** Whether the rows of a batch are handed over in parts ({@link IndexBuilder#BUILD_PART_ROWS}). */
    boolean inParts() {
        return false;
    }

    /** Hands part of the pending batch to the writing threads; only a way {@link #inParts} does. */
    void writePart(List<IndexRow> rows) throws SQLException {
        throw new IllegalStateException("only a build or a round writes in parts");
    }

    /** Once every log is read: what remains to write. */
    void end() throws SQLException {
    }

    /** After a failure: the connection as before this way started, where it changed it. */
    void abandon() {
    }

    /** Waits for the last batch; after it, the reading thread owns the connection again. */
    void stop() throws SQLException {
    }

    /** Each batch in its own transaction on the reading thread. */
    static final class Direct extends BatchWriting {
        Direct(Connection c, IndexWrites writes) {
            super(c, writes);
        }

        @Override
        LogProgress progress(String key) throws SQLException {
            return LogProgress.read(c, key);
        }

        @Override
        void flush(List<IndexRow> rows, Map<String, LogProgress> progress, long records) throws SQLException {
            LogProgress.transaction(c, () -> writes.insert(rows), progress);
        }
    }

    /**
     * A batch written on a thread of its own while the next is read and prepared on this one, so
     * reading logs and splitting text use the second core while SQLite writes. Only the writing thread
     * touches the connection: the rowids and every log's progress are read at the start.
     */
    abstract static sealed class Pipelined extends BatchWriting {
        final WritingThreads writing;
        private final Map<String, LogProgress> saved;
        private long nextRowid;
        private boolean stopped;

        Pipelined(Connection c, IndexWrites writes, long nextRowid, Map<String, LogProgress> saved,
                WritingThreads writing) {
            super(c, writes);
            this.nextRowid = nextRowid;
            this.saved = saved;
            this.writing = writing;
        }

        @Override
        LogProgress progress(String key) {
            return saved.getOrDefault(key, LogProgress.START);
        }

        IndexWrites.Prepared prepare(List<IndexRow> rows) throws SQLException {
            IndexWrites.Prepared batch = writes.prepare(rows, nextRowid);
            nextRowid += rows.size();
            return batch;
        }

        IndexWrites.Prepared preparePart(List<IndexRow> rows) throws SQLException {
            IndexWrites.Prepared part = writes.preparePart(rows, nextRowid);
            nextRowid += rows.size();
            return part;
        }

        /**
         * What the index's own thread writes of a part of a build or of a round's batch, in the open
         * transaction: FTS5's rows, and in a round the sources rows too (a build's go into its side file).
         */
        SqlWork intoIndex(IndexWrites.Prepared rows, boolean round) {
            return () -> IndexFile.partOfTransaction(c, () -> {
                writes.applyText(rows);
                if (round) {
                    writes.applySources(rows);
                }
            });
        }

        @Override
        void stop() throws SQLException {
            if (stopped) {
                return;
            }
            stopped = true;
            try {
                writing.close();
            } finally {
                writes.batchesPrepared();
            }
        }

        /** After a failure: the threads ended, the first failure being the one thrown. */
        void stopQuietly() {
            try {
                stop();
            } catch (SQLException e) {
                // Already failed.
            }
        }
    }

    /** A catch-up of every log into the index, each batch one transaction with its progress. */
    static final class CatchUp extends Pipelined {
        CatchUp(Connection c, IndexWrites writes, long nextRowid, Map<String, LogProgress> saved,
                MemorydThreads threads) {
            super(c, writes, nextRowid, saved, new WritingThreads(threads.indexCommit()));
        }

        @Override
        void flush(List<IndexRow> rows, Map<String, LogProgress> progress, long records) throws SQLException {
            IndexWrites.Prepared batch = prepare(rows);
            writing.write(() -> LogProgress.transaction(c, () -> writes.apply(batch), progress), null);
        }
    }

    /** A build of a new file: FTS5's rows into it, the rest into {@code side} on a thread of its own. */
    static final class Build extends Pipelined {
        private final BuildSide side;

        Build(Connection c, IndexWrites writes, long nextRowid, Map<String, LogProgress> saved, int partsInFlight,
                BuildSide side, MemorydThreads threads) {
            super(c, writes, nextRowid, saved,
                    new WritingThreads(threads.indexCommit(), threads.indexSide(), partsInFlight));
            this.side = side;
        }

        @Override
        boolean inParts() {
            return true;
        }

        @Override
        void flush(List<IndexRow> rows, Map<String, LogProgress> progress, long records) throws SQLException {
            IndexWrites.Prepared batch = prepare(rows);
            writing.write(() -> LogProgress.transaction(c, () -> writes.applyText(batch), progress),
                    () -> side.apply(batch));
        }

        @Override
        void writePart(List<IndexRow> rows) throws SQLException {
            IndexWrites.Prepared part = preparePart(rows);
            writing.write(intoIndex(part, false), () -> side.applyPart(part));
        }
    }

    /** A large catch-up into the index readers read, in rounds with a side file ({@link CatchUpRounds}). */
    static final class Rounds extends Pipelined {
        private final CatchUpRounds rounds;

        Rounds(Connection c, IndexWrites writes, long nextRowid, Map<String, LogProgress> saved, int partsInFlight,
                CatchUpRounds rounds, MemorydThreads threads) {
            super(c, writes, nextRowid, saved,
                    new WritingThreads(threads.indexCommit(), threads.indexSide(), partsInFlight));
            this.rounds = rounds;
        }

        @Override
        boolean inParts() {
            return true;
        }

        @Override
        void flush(List<IndexRow> rows, Map<String, LogProgress> progress, long records) throws SQLException {
            // A round starts before its first batch is prepared: from there, postings are held back.
            BuildSide round = rounds.side();
            IndexWrites.Prepared batch = prepare(rows);
            // The round's transaction commits these rows with their progress at its end.
            writing.write(intoIndex(batch, true), () -> round.apply(batch));
            if (rounds.add(progress, records)) {
                rounds.end(writing);
            }
        }

        @Override
        void writePart(List<IndexRow> rows) throws SQLException {
            BuildSide round = rounds.side();
            IndexWrites.Prepared part = preparePart(rows);
            writing.write(intoIndex(part, true), () -> round.applyPart(part));
        }

        @Override
        void end() throws SQLException {
            rounds.end(writing);
        }

        @Override
        void abandon() {
            stopQuietly();
            rounds.abandon();
        }
    }
}
