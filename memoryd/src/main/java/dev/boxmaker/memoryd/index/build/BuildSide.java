package dev.boxmaker.memoryd.index.build;

import dev.boxmaker.memoryd.index.sql.IndexFile;
import dev.boxmaker.memoryd.index.sql.IndexSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A build's second file, {@code memory.sqlite3.new.side}: while a build writes FTS5's rows into its
 * file, the rest of each batch (sources, postings, term counts, totals) goes here, on a second thread
 * with a connection of its own, since SQLite lets one connection write a file at a time. At the end
 * its tables are copied into the built file in one statement each (SQLite copies a table whole, with
 * its indexes, into an empty one of the same shape) and the side file is deleted.
 *
 * <p>At a million records the sources rows, postings and term counts took a third of the thread
 * writing batches, the slowest of a build's two (docs/benchmarks.md). A build that fails deletes the
 * side file with its own; one left by a crash is deleted by the next build.
 *
 * <p>A large catch-up into the index readers read has one of its own per round
 * ({@link #openForRound}, {@link CatchUpRounds}), which adds its postings and counts to the index's.
 */
public final class BuildSide implements AutoCloseable {
    public static final String SUFFIX = ".side";

    /** The tables the side file fills, copied in this order. */
    private static final String[] TABLES = {"sources", "postings", "terms"};

    /**
     * A catch-up round's side file (CatchUpRounds) holds no sources rows, which the round writes into
     * the index, and keeps its postings in order of term and first row: they are added to the index's
     * in that order, read page after page rather than row by row through an index (0.15 to 0.2 s a
     * round of 250,000 records, against 0.6 through an index; docs/benchmarks.md, "Catch-up past
     * progress"), and no postings index is made at the end.
     */
    private static final String POSTINGS_IN_TERM_ORDER = "CREATE TABLE postings (term TEXT NOT NULL,"
            + " first INTEGER NOT NULL, last INTEGER NOT NULL, n INTEGER NOT NULL, data BLOB NOT NULL,"
            + " PRIMARY KEY (term, first)) WITHOUT ROWID";

    private final Path file;
    private final Connection c;
    private final IndexWrites writes;
    private final boolean termOrder;

    private BuildSide(Path file, Connection c, boolean termOrder) throws SQLException {
        this.file = file;
        this.c = c;
        this.writes = new IndexWrites(c);
        this.termOrder = termOrder;
    }

    /** The side file of the build of {@code built}, made new and empty. */
    public static BuildSide open(Path built) throws IOException, SQLException {
        return open(built, false);
    }

    /**
     * The side file of {@code indexFile} for a catch-up's round, made new and empty, its postings in
     * term order ({@link #POSTINGS_IN_TERM_ORDER}).
     */
    static BuildSide openForRound(Path indexFile) throws IOException, SQLException {
        return open(indexFile, true);
    }

    /**
     * The side file beside {@code built}: a build's beside its new file, a catch-up round's beside the
     * index. One a crash left is deleted by the next build, and a round's at memoryd's start.
     */
    public static Path fileFor(Path built) {
        return built.resolveSibling(built.getFileName() + SUFFIX);
    }

    private static BuildSide open(Path built, boolean termOrder) throws IOException, SQLException {
        Path file = fileFor(built);
        // One left by a crashed build goes first.
        IndexFile.deleteWithSidecars(file);
        Connection c = IndexFile.openForBuild(file);
        try {
            // The same tables as the built file's, so each is copied whole; the postings index is made
            // at the end, as a build makes it.
            IndexSchema.create(c);
            IndexSchema.dropPostingsIndex(c);
            if (termOrder) {
                try (Statement s = c.createStatement()) {
                    s.execute("DROP TABLE postings");
                    s.execute(POSTINGS_IN_TERM_ORDER);
                }
            }
            return new BuildSide(file, c, termOrder);
        } catch (SQLException e) {
            IndexFile.closeQuietly(c);
            IndexFile.deleteWithSidecars(file);
            throw e;
        }
    }

    /** Where the side file is. */
    Path file() {
        return file;
    }

    /**
     * Writes {@code batch}'s sources (not a round's: it writes them into the index), postings, term
     * counts and totals, in a transaction of its own.
     */
    void apply(IndexWrites.Prepared batch) throws SQLException {
        IndexFile.inTransaction(c, () -> rest(batch));
    }

    /** Writes part of a batch ({@link IndexWrites#preparePart}) in the transaction its batch's {@link #apply} commits. */
    void applyPart(IndexWrites.Prepared part) throws SQLException {
        IndexFile.partOfTransaction(c, () -> rest(part));
    }

    private void rest(IndexWrites.Prepared batch) throws SQLException {
        if (termOrder) {
            writes.applyCounts(batch);
        } else {
            writes.applyRest(batch);
        }
    }

    /** The end of the build's batches: what was held back, then the postings index (a round's needs none). */
    void finish(IndexWrites.Planned heldBack) throws SQLException {
        IndexFile.inTransaction(c, () -> writes.write(heldBack));
        if (!termOrder) {
            IndexSchema.createPostingsIndex(c);
        }
    }

    /**
     * Copies the side file's tables into {@code built}, whose own are empty, and its totals into
     * {@code built}'s stats row (which keeps its own file id), in one transaction.
     */
    void copyInto(Connection built) throws SQLException {
        try (PreparedStatement attach = built.prepareStatement("ATTACH DATABASE ? AS side")) {
            attach.setString(1, file.toString());
            attach.execute();
        }
        try {
            IndexFile.inTransaction(built, () -> {
                try (Statement s = built.createStatement()) {
                    IndexSchema.createPostingsIndex(built);
                    for (String table : TABLES) {
                        s.execute("INSERT INTO main." + table + " SELECT * FROM side." + table);
                    }
                    s.execute("UPDATE main.stats SET rows = (SELECT rows FROM side.stats WHERE id = 1),"
                            + " tokens = (SELECT tokens FROM side.stats WHERE id = 1) WHERE id = 1");
                }
            });
        } finally {
            try (Statement s = built.createStatement()) {
                s.execute("DETACH DATABASE side");
            }
        }
    }

    /** Closes the side file and deletes it. */
    @Override
    public void close() throws IOException {
        IndexFile.closeQuietly(c);
        IndexFile.deleteWithSidecars(file);
    }
}
