package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.index.build.IndexWrites;
import dev.boxmaker.memoryd.index.postings.PostingCodec;
import dev.boxmaker.memoryd.index.postings.PostingWrites;
import dev.boxmaker.memoryd.index.sql.IndexFile;
import dev.boxmaker.memoryd.index.sql.IndexRow;
import dev.boxmaker.memoryd.index.sql.IndexSchema;
import dev.boxmaker.memoryd.index.text.ScratchTokenizer;
import dev.boxmaker.memoryd.index.text.Tokens;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

/** Test helper: an index file filled straight from texts, without session logs, for search tests. */
public final class TestIndexes {
    private TestIndexes() {
    }

    /** Measures SQLite's separators and folds now (memoryd does it on a thread of its own). */
    public static void calibrate() throws Exception {
        Tokens.calibrate(ScratchTokenizer.shared());
    }

    /** Whether {@code text}, not plain, is split by the measured folds rather than by FTS5. */
    public static boolean foldedHere(String text) {
        return !Tokens.plain(text) && Tokens.folds() != null && Tokens.folds().split(text) != null;
    }

    /** A connection to a new index at {@code file} holding one row per text, with the given times. */
    public static Connection build(Path file, List<String> texts, List<String> times) throws Exception {
        IndexFile.createPrivate(file);
        Connection c = IndexFile.open(file, true);
        IndexSchema.create(c);
        List<IndexRow> rows = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            rows.add(new IndexRow(IndexRow.SESSION, "mm-test", 0L, i, null, times.get(i), IndexRow.USER, DataClass.PRIVATE,
                    false, null, null, texts.get(i)));
        }
        c.setAutoCommit(false);
        new IndexWrites(c).insert(rows);
        c.commit();
        c.setAutoCommit(true);
        return c;
    }

    /**
     * As {@link #build(Path, List, List)}, but written in batches of random sizes with small, random
     * posting blocks and segments and a random merge threshold, so a search meets many segments, many
     * blocks, merged and unmerged tails; or, half the time, as a build (IndexWrites.startBuild) that
     * holds back a random number of postings and terms. The shape drawn is described in the result.
     */
    public static Built build(Path file, List<String> texts, List<String> times, java.util.Random random)
            throws Exception {
        IndexFile.createPrivate(file);
        Connection c = IndexFile.open(file, true);
        IndexSchema.create(c);
        PostingWrites.Shape shape = new PostingWrites.Shape(1 + random.nextInt(6), 1 + random.nextInt(20),
                random.nextInt(3) == 0 ? 0 : 1 + random.nextInt(40), 1 + random.nextInt(30));
        int heldTerms = 1 + random.nextInt(8);
        boolean build = random.nextBoolean();
        IndexWrites writes = new IndexWrites(c, shape, heldTerms);
        List<IndexRow> rows = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            rows.add(new IndexRow(IndexRow.SESSION, "mm-test", 0L, i, null, times.get(i), IndexRow.USER, DataClass.PRIVATE,
                    false, null, null, texts.get(i)));
        }
        c.setAutoCommit(false);
        if (build) {
            writes.startBuild();
        }
        for (int from = 0; from < rows.size(); ) {
            int to = Math.min(rows.size(), from + 1 + random.nextInt(random.nextBoolean() ? 3 : 60));
            writes.insert(rows.subList(from, to));
            from = to;
        }
        if (build) {
            writes.write(writes.finishBuild());
        }
        c.commit();
        c.setAutoCommit(true);
        return new Built(c, shape + (build ? " built, terms held " + heldTerms : " caught up"));
    }

    /** memoryd's index of {@code home}, as memoryd opens it: notes in memory/notes.md, max_class private. */
    public static MemoryIndex open(Path home) throws Exception {
        java.nio.file.Files.createDirectories(home.resolve("memory"));
        return MemoryIndex.open(new MemoryIndex.Config(home, home.resolve("index"), home.resolve("memory/notes.md"),
                DataClass.PRIVATE), MemorydThreads.start());
    }

    /** A built index's connection, and the shape of its postings. */
    public record Built(Connection connection, String shape) {
    }

    /** Deletes row {@code rowid} as a retraction would. */
    public static void delete(Connection c, long rowid) throws Exception {
        new IndexWrites(c).delete(rowid);
    }

    /**
     * Every posting as {@code term row count length}, sorted: from the postings table, or, with
     * {@code fromFts5}, from FTS5's own instances ({@code fts5vocab}) and the rows' token counts, so
     * a test can hold the table to what FTS5 itself has.
     */
    public static List<String> postings(Connection c, boolean fromFts5) throws Exception {
        List<String> out = new ArrayList<>();
        try (java.sql.Statement s = c.createStatement()) {
            if (fromFts5) {
                s.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.instances USING fts5vocab(main, hits, instance)");
                try (java.sql.ResultSet rs = s.executeQuery("SELECT term, doc, count(*), sources.doclen FROM temp.instances"
                        + " JOIN sources ON sources.rowid = doc GROUP BY term, doc")) {
                    while (rs.next()) {
                        out.add(rs.getString(1) + " " + rs.getLong(2) + " " + rs.getInt(3) + " " + rs.getInt(4));
                    }
                }
            } else {
                try (java.sql.ResultSet rs = s.executeQuery("SELECT term, first, last, n, data FROM postings")) {
                    while (rs.next()) {
                        PostingCodec.Postings p = new PostingCodec.Postings(1);
                        PostingCodec.decodeAll(rs.getBytes(5), rs.getLong(2), p);
                        if (p.size != rs.getInt(4) || p.rows[0] != rs.getLong(2) || p.rows[p.size - 1] != rs.getLong(3)) {
                            out.add("segment " + rs.getString(1) + " " + rs.getLong(2) + " does not match its columns");
                        }
                        for (int i = 0; i < p.size; i++) {
                            out.add(rs.getString(1) + " " + p.rows[i] + " " + p.counts[i] + " " + p.lengths[i]);
                        }
                    }
                }
            }
        }
        out.sort(null);
        return out;
    }

    /** Every row {@code sql} answers, each as its columns' values followed by {@code |}, in its order. */
    public static List<String> table(Connection c, String sql) throws java.sql.SQLException {
        List<String> out = new ArrayList<>();
        try (java.sql.ResultSet rs = c.createStatement().executeQuery(sql)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= columns; i++) {
                    row.append(rs.getString(i)).append('|');
                }
                out.add(row.toString());
            }
        }
        return out;
    }
}
