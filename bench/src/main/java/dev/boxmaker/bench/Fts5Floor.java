package dev.boxmaker.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * The floor under catch-up and reindex: the index's own texts inserted into a bare FTS5 table of the
 * spec's schema, in this process, with the settings a build writes its new file with (no journal, no
 * sync, 16 KiB pages, FTS5's pending-data limit at 16 MB, no merging until one merge at the end,
 * which is timed too: MemoryIndex and IndexSchema) and 25,000 rows a transaction. Nothing else: no
 * logs read, no metadata, no term counts, no postings. {@code -Dfloor.mergeAsTheyCome=true} leaves
 * FTS5 merging segments as they come, as the build did before, for comparison.
 */
public final class Fts5Floor {
    record Result(long rows, double seconds) {
    }

    private static final boolean MERGE_AS_THEY_COME = Boolean.getBoolean("floor.mergeAsTheyCome");

    private Fts5Floor() {
    }

    /** Usage: Fts5Floor INDEX_FILE: the floor alone, on an index already built. */
    public static void main(String[] args) throws Exception {
        Result r = run(Path.of(args[0]));
        System.out.printf("bare FTS5: %,d rows in %.1f s, %,.0f rows/s%n", r.rows(), r.seconds(), r.rows() / r.seconds());
    }

    static Result run(Path index) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("/tmp"), "bxfts");
        Path file = dir.resolve("floor.sqlite3");
        long rows = 0;
        long t0;
        try (Connection from = IndexWork.open(index); Connection to = IndexWork.open(file)) {
            try (Statement s = to.createStatement()) {
                s.execute("PRAGMA journal_mode = OFF");
                s.execute("PRAGMA synchronous = OFF");
                s.execute("PRAGMA page_size = 16384");
                s.execute("CREATE VIRTUAL TABLE hits USING fts5(text, tokenize = 'unicode61')");
                s.execute("INSERT INTO hits (hits, rank) VALUES ('hashsize', 16777216)");
                if (!MERGE_AS_THEY_COME) {
                    s.execute("INSERT INTO hits (hits, rank) VALUES ('automerge', 0)");
                    s.execute("INSERT INTO hits (hits, rank) VALUES ('crisismerge', 1000)");
                }
            }
            to.setAutoCommit(false);
            t0 = System.nanoTime();
            try (Statement q = from.createStatement();
                    ResultSet rs = q.executeQuery("SELECT rowid, text FROM hits ORDER BY rowid");
                    PreparedStatement insert = to.prepareStatement("INSERT INTO hits (rowid, text) VALUES (?, ?)")) {
                while (rs.next()) {
                    insert.setLong(1, rs.getLong(1));
                    insert.setString(2, rs.getString(2));
                    insert.addBatch();
                    if (++rows % 1_000 == 0) {
                        insert.executeBatch();
                    }
                    if (rows % 25_000 == 0) {
                        to.commit();
                    }
                }
                insert.executeBatch();
            }
            to.commit();
            if (!MERGE_AS_THEY_COME) {
                to.createStatement().execute("INSERT INTO hits (hits) VALUES ('optimize')");
                to.commit();
            }
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
        return new Result(rows, (System.nanoTime() - t0) / 1e9);
    }
}
