package dev.boxmaker.memoryd.index.build;

import dev.boxmaker.memoryd.sentences.IndexSentences;
import dev.boxmaker.memoryd.index.sql.IndexRow;
import dev.boxmaker.memoryd.index.sql.IndexSchema;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.LogFormatException;
import dev.boxmaker.proto.log.LogPosition;
import dev.boxmaker.proto.log.LogRecord;
import dev.boxmaker.proto.log.SessionLogReader;
import dev.boxmaker.proto.log.SessionLogs;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * Reads session logs and notes.md (through {@link NotesCatchUp}) past {@code progress} into the
 * index, on one connection (the writer's, or a reindex's new file). Each transaction holds at most
 * {@link #RECORDS_PER_TRANSACTION_MAX} records' rows and the progress they reach, so the index and
 * its progress never disagree.
 */
public final class IndexBuilder {
    private static final Logger LOG = Logger.getLogger(IndexBuilder.class);

    /**
     * Records per transaction: large enough that commits and the term counts' updates cost little
     * and a term gets few segments, small enough that the two batches a catch-up holds at once (one
     * written, one prepared) stay well inside memoryd's heap (about 14 MB each at chat-like sizes).
     */
    public static final int RECORDS_PER_TRANSACTION_MAX = 25_000;

    /** The first batch of a catch-up's pipeline; each next one is twice as large, up to a transaction's most. */
    static final int FIRST_BATCH_RECORDS = 2_000;

    /**
     * During a build, the rows handed to the writing threads at a time, in parts of a transaction's
     * batch: whole batches (about 14 MB) filled the old generation, 1.2 s of pauses at a million
     * records against 0.5 s. A batch is still one transaction and one FTS5 segment, so the file built
     * is the same (docs/decisions.md).
     */
    static final int BUILD_PART_ROWS = 2_048;

    /** During a build, the parts handed over and not yet written, at most, so neither side waits at a hand-over. */
    static final int BUILD_PARTS_IN_FLIGHT = 4;

    /** What a catch-up read. */
    public record Counts(long logs, long records, long notes) {
        Counts plus(Counts o) {
            return new Counts(logs + o.logs, records + o.records, notes + o.notes);
        }
    }

    private final Connection c;
    private final IndexWrites writes;
    /** Rows read but not committed yet, and the progress they reach per log. */
    private final List<IndexRow> pendingRows = new ArrayList<>();
    private final Map<String, LogProgress> pendingProgress = new LinkedHashMap<>();
    private long pendingRecords;
    private final Path home;
    private final DataClass maxClass;
    private final int recordsPerTransaction;
    /** During a build: the rows of a part ({@link #BUILD_PART_ROWS}) and the parts in flight at most. */
    private final int partRows;
    private final int partsInFlight;
    /** Records the pending transaction takes before it is written (see {@link #FIRST_BATCH_RECORDS}). */
    private int batchRecords;
    private final CatchUpRounds.Limits roundLimits;
    /** The index file's and the side file's writing threads. */
    private final MemorydThreads threads;
    /** How batches are written: {@link #direct} but from the start to the end of a pipelined run. */
    private final BatchWriting direct;
    private BatchWriting writing;
    /** Records read so far, for the owner watching a reindex. */
    private final AtomicLong recordsRead;
    private final NotesCatchUp notes;
    /** Who else takes the batches a catch-up reads ({@link LogReadings}); a build hands none. */
    private LogReadings readings = LogReadings.NONE;

    /**
     * What a builder reads and how: the home whose logs and notes.md it reads, the most secret class it
     * keeps, the count of records read it adds to (for the owner watching a reindex), and the sizes of
     * its transactions, of a build's parts and of a catch-up's rounds. Only tests change the sizes, to
     * make many small ones.
     */
    public record Config(Path home, DataClass maxClass, AtomicLong recordsRead, int recordsPerTransaction,
            int partRows, int partsInFlight, CatchUpRounds.Limits rounds, MemorydThreads threads) {
        /** Reading {@code home} up to {@code maxClass}, with the default sizes, writing on {@code threads}. */
        public static Config of(Path home, DataClass maxClass, MemorydThreads threads) {
            return new Config(home, maxClass, new AtomicLong(), RECORDS_PER_TRANSACTION_MAX, BUILD_PART_ROWS,
                    BUILD_PARTS_IN_FLIGHT, CatchUpRounds.Limits.DEFAULT, threads);
        }

        /** Counting the records read in {@code counter}. */
        public Config countingIn(AtomicLong counter) {
            return new Config(home, maxClass, counter, recordsPerTransaction, partRows, partsInFlight, rounds, threads);
        }

        /** With transactions of {@code records} records at most. */
        public Config perTransaction(int records) {
            return new Config(home, maxClass, recordsRead, records, partRows, partsInFlight, rounds, threads);
        }

        /** With a build's parts of {@code rows} rows, {@code inFlight} at most. */
        public Config inParts(int rows, int inFlight) {
            return new Config(home, maxClass, recordsRead, recordsPerTransaction, rows, inFlight, rounds, threads);
        }

        /** With a catch-up's rounds of {@code limits} rather than {@link CatchUpRounds.Limits#DEFAULT}. */
        Config inRounds(CatchUpRounds.Limits limits) {
            return new Config(home, maxClass, recordsRead, recordsPerTransaction, partRows, partsInFlight, limits,
                    threads);
        }
    }

    public IndexBuilder(Connection c, Config config) throws SQLException {
        this.partRows = config.partRows();
        this.partsInFlight = config.partsInFlight();
        this.recordsPerTransaction = config.recordsPerTransaction();
        this.batchRecords = config.recordsPerTransaction();
        this.roundLimits = config.rounds();
        this.threads = config.threads();
        this.c = c;
        this.writes = new IndexWrites(c);
        this.home = config.home();
        this.maxClass = config.maxClass();
        this.recordsRead = config.recordsRead();
        this.notes = new NotesCatchUp(c, writes, maxClass, this::flush);
        this.direct = new BatchWriting.Direct(c, writes);
        this.writing = direct;
    }

    /** Hands each batch a catch-up reads from a session log to {@code readings} too. */
    public void handReadingsTo(LogReadings readings) {
        this.readings = readings;
    }

    /**
     * Every log under {@code sessions/} past its progress, then notes.md. A log that cannot be read
     * is skipped, named. Logs share transactions, so a start-up over many short logs commits rarely.
     */
    public Counts catchUpAll(Path notes) throws SQLException {
        return catchUpAll(notes, null);
    }

    /**
     * {@link #catchUpAll}; into the index at {@code indexFile}, which readers read, in rounds with a
     * side file ({@link CatchUpRounds}) when the logs hold at least {@link CatchUpRounds.Limits#fromBytes}
     * past their progress.
     */
    public Counts catchUpAll(Path notes, Path indexFile) throws SQLException {
        return sessionsPipelined((nextRowid, saved, logs) -> indexFile != null
                && CatchUpRounds.unreadBytes(home, logs, saved) >= roundLimits.fromBytes()
                ? new BatchWriting.Rounds(c, writes, nextRowid, saved, partsInFlight,
                        new CatchUpRounds(c, indexFile, writes, roundLimits), threads)
                : new BatchWriting.CatchUp(c, writes, nextRowid, saved, threads))
                .plus(new Counts(0, 0, catchUpNotes(notes)));
    }

    /**
     * {@link #catchUpAll} into a new, empty file that nobody reads until it is complete (a reindex,
     * a deleted index): the postings index is made once at the end, one sort instead of a random
     * insert per term per batch, and postings and term counts are held back and written in larger
     * pieces ({@link IndexWrites#startBuild}). Each batch's FTS5 rows go into the file while the rest
     * of it goes into {@code side} on a thread of its own ({@link BuildSide}), copied into the file at
     * the end. A build that fails leaves a file to throw away.
     */
    public Counts buildAll(Path notes, BuildSide side) throws SQLException {
        if (!IndexSchema.empty(c)) {
            throw new IllegalStateException("a build needs an empty file");
        }
        IndexSchema.dropPostingsIndex(c);
        writes.startBuild();
        LogReadings handing = readings;
        readings = LogReadings.NONE;
        Counts sessions;
        try {
            sessions = sessionsPipelined((nextRowid, saved, logs) ->
                    new BatchWriting.Build(c, writes, nextRowid, saved, partsInFlight, side, threads));
        } finally {
            readings = handing;
        }
        IndexWrites.Planned heldBack = writes.finishBuild();
        // The side file's last writes and its postings index, while FTS5 merges its segments.
        WritingThreads.alongside(threads.indexSide(), () -> side.finish(heldBack), () -> IndexSchema.mergeBuilt(c));
        side.copyInto(c);
        return sessions.plus(new Counts(0, 0, catchUpNotes(notes)));
    }

    /** The pipelined way a run writes its batches, chosen once the rowids and progress are read. */
    @FunctionalInterface
    private interface PipelinedWay {
        BatchWriting.Pipelined start(long nextRowid, Map<String, LogProgress> saved, List<String> logs)
                throws SQLException;
    }

    /**
     * Every log under {@code sessions/}, read on this thread while the last batch is written on
     * another ({@link BatchWriting.Pipelined}), the way {@code way} chooses.
     */
    private Counts sessionsPipelined(PipelinedWay way) throws SQLException {
        Counts total = new Counts(0, 0, 0);
        List<String> sessions = SessionDirs.sessions(home);
        long nextRowid = writes.nextRowid();
        Map<String, LogProgress> saved = LogProgress.readAll(c);
        batchRecords = Math.min(FIRST_BATCH_RECORDS, recordsPerTransaction);
        writing = way.start(nextRowid, saved, sessions);
        try {
            for (String session : sessions) {
                try {
                    total = total.plus(new Counts(1, readLog(SessionId.of(session)), 0));
                } catch (IOException e) {
                    LOG.warn(IndexSentences.logSkipped(SessionLogs.file(home, SessionId.of(session)), e.getMessage()));
                }
            }
            flush();
            writing.end();
        } catch (SQLException | RuntimeException | Error e) {
            // Kept, the next session_updated would commit this progress, past records whose rows were lost.
            discardPending();
            writing.abandon();
            throw e;
        } finally {
            try {
                writing.stop();
            } finally {
                writing = direct;
                batchRecords = recordsPerTransaction;
            }
        }
        return total;
    }

    /** Forgets the rows read and not committed, and the progress they would reach. */
    private void discardPending() {
        pendingRows.clear();
        pendingProgress.clear();
        pendingRecords = 0;
    }

    /** Reads one session's log past its progress and commits it; the number of records read. */
    public long catchUpLog(SessionId session) throws IOException, SQLException {
        try {
            return readLog(session);
        } finally {
            flush();
        }
    }

    /** Reads one session's log past its progress into the pending transaction. */
    private long readLog(SessionId session) throws IOException, SQLException {
        Path file = SessionLogs.file(home, session);
        String key = home.relativize(file).toString();
        LogProgress at = pendingProgress.containsKey(key) ? pendingProgress.get(key) : progress(key);
        SessionLogReader reader = new SessionLogReader(file);
        LogPosition from;
        try {
            from = at.bytes() != null ? new LogPosition(at.records(), at.bytes()) : reader.position(at.records());
        } catch (NoSuchFileException gone) {
            return 0;
        }
        long read = 0;
        Label label = at.label();
        while (true) {
            SessionLogReader.Batch batch;
            try {
                batch = reader.read(from);
            } catch (LogFormatException stale) {
                if (at.bytes() == null || read > 0) {
                    throw stale;
                }
                // The saved offset no longer starts a line; find the record by counting lines.
                from = reader.position(at.records());
                batch = reader.read(from);
            }
            if (!batch.records().isEmpty()) {
                readings.read(session, from, label, batch);
            }
            label = store(session.value(), key, from.records(), batch, label);
            read += batch.records().size();
            recordsRead.addAndGet(batch.records().size());
            from = batch.next();
            if (!batch.more()) {
                return read;
            }
        }
    }

    /** Adds a batch's rows to the pending transaction, committing each {@link #batchRecords} records. */
    private Label store(String session, String key, long first, SessionLogReader.Batch batch, Label label)
            throws SQLException {
        List<LogRecord> records = batch.records();
        for (int start = 0, end; start < records.size(); start = end) {
            // What the pending transaction has room for; at least a record, so the loop always moves on.
            end = (int) Math.min(records.size(), start + Math.max(1, batchRecords - pendingRecords));
            for (int i = start; i < end; i++) {
                if (label.dataClass().compareTo(maxClass) <= 0) {
                    LogRows.rows(session, first + i, records.get(i), label, pendingRows);
                    if (writing.inParts() && pendingRows.size() >= partRows) {
                        writePart();
                    }
                }
                label = LogRows.after(records.get(i), label);
            }
            Long bytes = end == records.size() ? batch.next().bytes() : null;
            pendingProgress.put(key, new LogProgress(first + end, label, bytes));
            pendingRecords += end - start;
            if (pendingRecords >= batchRecords) {
                flush();
                batchRecords = Math.min(recordsPerTransaction, batchRecords * 2);
            }
        }
        return label;
    }

    /** Commits the pending rows with the progress they reach; nothing pending, nothing done. */
    private void flush() throws SQLException {
        if (pendingProgress.isEmpty()) {
            return;
        }
        List<IndexRow> rows = new ArrayList<>(pendingRows);
        Map<String, LogProgress> progress = new LinkedHashMap<>(pendingProgress);
        long records = pendingRecords;
        discardPending();
        writing.flush(rows, progress, records);
    }

    /**
     * During a build or a round, hands the pending rows to the writing threads as part of the pending
     * batch ({@link #BUILD_PART_ROWS}): written in its transaction, which the batch's {@link #flush}
     * commits with the progress it reaches.
     */
    private void writePart() throws SQLException {
        List<IndexRow> rows = new ArrayList<>(pendingRows);
        pendingRows.clear();
        writing.writePart(rows);
    }

    /** Reads notes.md past its progress ({@link NotesCatchUp#catchUp}); the number of notes it added. */
    public long catchUpNotes(Path notesFile) throws SQLException {
        return notes.catchUp(notesFile);
    }

    private LogProgress progress(String key) throws SQLException {
        return writing.progress(key);
    }
}
