package dev.boxmaker.memoryd.index.build;

import dev.boxmaker.memoryd.index.sql.IndexSchema;
import dev.boxmaker.memoryd.index.sql.SqlWork;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.SessionLogs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A large catch-up into the index that readers read (many records written while memoryd was down),
 * in rounds, each one transaction of the index. As in a build, each batch's FTS5 and sources rows go
 * into the index on one thread while its postings and term counts go into a side file
 * ({@code memory.sqlite3.side}, postings in term order) on another, postings held back from batch to
 * batch ({@link BuildTerms}), and FTS5 merges nothing as it goes; at the round's end the side file's
 * postings and counts are added to the index's, with the progress reached, and the round commits.
 * Recall reads the index as it was until then. A failure or a crash in a round leaves the index as
 * the last round left it, and the next start reads the round again.
 *
 * <p>Written batch by batch into the index, a catch-up of a million records into an index of a
 * million read about 35,000 records a second: each batch wrote a segment and a count for nearly every
 * term it touched, into every page of the postings index and the terms table, and FTS5 merged its
 * segments as it went (docs/benchmarks.md).
 */
public final class CatchUpRounds {
    /** Below this many bytes of logs past their progress, a catch-up writes its batches as they come. */
    public static final long FROM_BYTES = 8L << 20;

    /**
     * The most records a round reads: its transaction and the side file grow with it (at chat-like
     * sizes about 100 MB of the index's log for 250,000 records), and a term gets a segment of its
     * rare postings once per round.
     */
    static final int RECORDS_MAX = 250_000;

    /**
     * FTS5's pending data inside a round, half a build's ({@link IndexSchema#FTS5_HASH_BYTES}): a
     * round fills it to its limit, with the side file's connection writing beside it, where a batch
     * written as it comes commits it at about a third of a build's. memoryd's peak during a catch-up
     * was about 20 MB lower with it (medians of eight launches), and no slower (docs/benchmarks.md,
     * "Catch-up past progress").
     */
    static final int HASH_BYTES = 8 << 20;

    /**
     * When a catch-up goes in rounds, how large they are, and what runs in each round's transaction
     * before its rows are merged (nothing; tests make rounds small, and fail one with it).
     */
    record Limits(long fromBytes, int recordsMax, SqlWork atMerge) {
        static final Limits DEFAULT = new Limits(FROM_BYTES, RECORDS_MAX, () -> { });
    }

    private final Connection c;
    private final Path indexFile;
    private final IndexWrites writes;
    private final Limits limits;
    /** The progress the round reaches per log, written with its rows. */
    private final Map<String, LogProgress> progress = new LinkedHashMap<>();
    private long records;
    /** The round's side file, attached to {@code c} as {@code side}; null between rounds. */
    private BuildSide side;
    /** FTS5's merge and pending-data settings before the round, its own defaults where the file has none. */
    private long automergeBefore;
    private long hashBefore;

    CatchUpRounds(Connection c, Path indexFile, IndexWrites writes, Limits limits) {
        this.c = c;
        this.indexFile = indexFile;
        this.writes = writes;
        this.limits = limits;
    }

    /**
     * The bytes of the logs of {@code sessions} past their progress in {@code saved}: a log read
     * from its start when its progress has no offset. A log that cannot be seen counts nothing.
     */
    public static long unreadBytes(Path home, List<String> sessions, Map<String, LogProgress> saved) {
        long unread = 0;
        for (String session : sessions) {
            Path file = SessionLogs.file(home, SessionId.of(session));
            LogProgress at = saved.get(home.relativize(file).toString());
            try {
                long size = Files.size(file);
                long read = at == null || at.bytes() == null ? 0 : at.bytes();
                unread += Math.max(0, size - read);
            } catch (IOException e) {
                // Read, and named if it cannot be, by the catch-up itself.
            }
        }
        return unread;
    }

    /**
     * The round's side file; the first time, starts the round: a new side file, attached to the
     * index's connection before the round's transaction opens (SQLite attaches no file inside one),
     * and postings held back from here.
     */
    BuildSide side() throws SQLException {
        if (side != null) {
            return side;
        }
        try {
            side = BuildSide.openForRound(indexFile);
        } catch (IOException e) {
            throw new SQLException(e.getMessage(), e);
        }
        try (PreparedStatement attach = c.prepareStatement("ATTACH DATABASE ? AS side")) {
            attach.setString(1, side.file().toString());
            attach.execute();
        } catch (SQLException e) {
            closeSide();
            throw e;
        }
        writes.startBuild();
        // The round's transaction opens here, and in it FTS5 merges nothing as it goes, as in a build
        // (its segments are merged once a level holds CRISIS_MERGE of them), and holds half a build's
        // pending data; both settings are as they were when the round commits, or rolls back.
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            automergeBefore = IndexSchema.fts5Setting(s, "automerge", IndexSchema.AUTOMERGE);
            hashBefore = IndexSchema.fts5Setting(s, "hashsize", IndexSchema.FTS5_DEFAULT_HASH_BYTES);
            IndexSchema.setFts5(s, "automerge", 0);
            IndexSchema.setFts5(s, "hashsize", HASH_BYTES);
        } catch (SQLException e) {
            abandon();
            throw e;
        }
        return side;
    }

    /** Counts a batch handed to the writing threads; whether the round is full. */
    boolean add(Map<String, LogProgress> reached, long batchRecords) {
        progress.putAll(reached);
        records += batchRecords;
        return records >= limits.recordsMax();
    }

    /**
     * Ends the round, if one is started, once every batch is written: the side file's held-back
     * postings, then its postings and counts added to the index's, with the progress reached, in the
     * round's transaction.
     */
    void end(WritingThreads writing) throws SQLException {
        if (side == null) {
            return;
        }
        // The side file's last writes on its own thread, while FTS5's last rows are written.
        IndexWrites.Planned heldBack = writes.finishBuild();
        BuildSide finishing = side;
        writing.write(() -> { }, () -> finishing.finish(heldBack));
        writing.await();
        LogProgress.transaction(c, this::merge, progress);
        progress.clear();
        records = 0;
        detach();
        closeSide();
    }

    /**
     * FTS5's settings as they were before the round, and the side file's rows added to the index's:
     * segments under new ids, in term order, term counts and totals summed.
     */
    private void merge() throws SQLException {
        limits.atMerge().run();
        try (Statement s = c.createStatement()) {
            IndexSchema.setFts5(s, "automerge", automergeBefore);
            IndexSchema.setFts5(s, "hashsize", hashBefore);
            s.execute("INSERT INTO main.postings (term, first, last, n, data)"
                    + " SELECT term, first, last, n, data FROM side.postings ORDER BY term, first");
            s.execute("INSERT INTO main.terms (term, docs, tf_max, len_min)"
                    + " SELECT term, docs, tf_max, len_min FROM side.terms WHERE true"
                    + " ON CONFLICT (term) DO UPDATE SET docs = docs + excluded.docs,"
                    + " tf_max = max(tf_max, excluded.tf_max), len_min = min(len_min, excluded.len_min)");
            s.execute("UPDATE main.stats SET rows = rows + (SELECT rows FROM side.stats WHERE id = 1),"
                    + " tokens = tokens + (SELECT tokens FROM side.stats WHERE id = 1) WHERE id = 1");
        }
    }

    /**
     * After a failure: the round's transaction rolled back (if a write left it open), the side file
     * detached and deleted, and postings no longer held back, so the connection is as before the round.
     */
    void abandon() {
        try {
            if (!c.getAutoCommit()) {
                c.rollback();
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            // The failure that led here is the one reported.
        }
        writes.finishBuild();
        if (side != null) {
            try {
                detach();
            } catch (SQLException e) {
                // As above.
            }
            closeSide();
        }
    }

    private void detach() throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DETACH DATABASE side");
        }
    }

    private void closeSide() {
        try {
            side.close();
        } catch (IOException e) {
            // A side file left behind is deleted by the next round or the next start.
        }
        side = null;
    }
}
