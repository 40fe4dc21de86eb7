package dev.boxmaker.memoryd.index.build;

import dev.boxmaker.memoryd.index.postings.PostingCodec;
import dev.boxmaker.memoryd.index.postings.PostingWrites;
import dev.boxmaker.memoryd.index.postings.TermDeltas;
import dev.boxmaker.memoryd.index.postings.TermTable;
import dev.boxmaker.memoryd.index.sql.IndexRow;
import dev.boxmaker.memoryd.index.text.ScratchTokenizer;
import dev.boxmaker.memoryd.index.text.Tokens;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Rows in and out of the index on the writer's connection, keeping {@code sources}, {@code terms}
 * and {@code stats} in step with FTS5's own counts: the fast path's exactness rests on them. The
 * caller holds the transaction.
 */
public final class IndexWrites {
    private final Connection c;
    private final ScratchTokenizer scratch;
    private final PostingWrites postings;
    private final TermDeltas terms;
    private final PostingWrites.Shape shape;
    private final int buildTermsMax;
    /**
     * Between {@link #startBuild} and {@link #finishBuild}: the build's terms across its batches; null
     * otherwise. Read by {@link #prepare}, which in a catch-up runs on the thread that started the
     * build, before the writing thread is handed the batch.
     */
    private BuildTerms buildTerms;
    /** Rows bound before the driver runs them: sqlite-jdbc runs a batch faster than row by row. */
    static final int DRIVER_BATCH_ROWS = 1_000;
    /**
     * {@link #prepare}'s array of a batch's tokens, kept from batch to batch: made anew, it was the
     * largest thing a batch allocated (megabytes at a catch-up's batch size), so the collector
     * copied it while it was in use. Only {@link #prepare} touches it, on one thread at a time.
     */
    private int[] tokenScratch = new int[TOKEN_SCRATCH_MIN];
    private static final int TOKEN_SCRATCH_MIN = 1 << 12;
    /** The number of terms the last batch {@link #prepare}d had. */
    private int lastTerms;

    public IndexWrites(Connection c) throws SQLException {
        this(c, PostingWrites.Shape.DEFAULT);
    }

    public IndexWrites(Connection c, PostingWrites.Shape shape) throws SQLException {
        this(c, shape, BuildTerms.TERMS_MAX);
    }

    /** With {@code buildTermsMax} instead of {@link BuildTerms#TERMS_MAX}, so tests reach a build's every path. */
    public IndexWrites(Connection c, PostingWrites.Shape shape, int buildTermsMax) throws SQLException {
        this.c = c;
        this.scratch = ScratchTokenizer.shared();
        this.postings = new PostingWrites(c, shape);
        this.terms = new TermDeltas(c);
        this.shape = shape;
        this.buildTermsMax = buildTermsMax;
        Tokens.calibrateSoon();
    }

    /**
     * Adds {@code rows}: FTS5 text, sources with each row's token count, the postings, the term
     * counts and totals.
     */
    public void insert(List<IndexRow> rows) throws SQLException {
        if (!rows.isEmpty()) {
            apply(prepare(rows, nextRowid()));
        }
    }

    /**
     * A batch worked out and ready to write: rows numbered from {@code first}, tokens counted; during a
     * build, also the segments and term counts to write ({@code planned}), null otherwise.
     */
    record Prepared(List<IndexRow> rows, long first, int[] lengths, String[] storedTokens,
            Map<String, PostingCodec.Postings> byTerm, long tokenTotal, Planned planned) {
    }

    /** What a build writes of its postings and term counts for one batch, or at its end. */
    record Planned(List<PostingWrites.Segment> segments, List<TermDeltas.Row> terms) {
    }

    /** What a build's part of a batch writes of its postings and term counts: nothing, until the batch ends. */
    private static final Planned NOTHING_PLANNED = new Planned(List.of(), List.of());

    /**
     * Works out a batch without touching the index's connection, so a catch-up can prepare the next
     * batch while this one is written: each row's tokens folded into its terms' postings (a plain
     * text's tokens looked up in place, no string made per token; the rows each term is in counted
     * first, so its postings are made at their size, not grown), its token count, and the tokens
     * stored for the rows FTS5 splits itself. The terms come out in order ({@link TermTable#sorted}),
     * so their rows are written page after page. During a build, which sorts its own writes, the terms
     * are numbered once for all its batches and what the batch writes of them is planned here, off the
     * writing thread ({@link BuildTerms}).
     */
    Prepared prepare(List<IndexRow> rows, long first) throws SQLException {
        return prepare(rows, first, true);
    }

    /**
     * During a build, part of a batch, prepared as {@link #prepare} does but with nothing planned: its
     * postings are held back, and the segments of the whole batch are cut by the {@link #prepare} of
     * its last part ({@link BuildTerms#addRows}).
     */
    Prepared preparePart(List<IndexRow> rows, long first) throws SQLException {
        if (buildTerms == null) {
            throw new IllegalStateException("only a build prepares a batch in parts");
        }
        return prepare(rows, first, false);
    }

    private Prepared prepare(List<IndexRow> rows, long first, boolean endOfBatch) throws SQLException {
        // Which rows are plain is decided once here: a calibration ending meanwhile changes nothing.
        java.util.BitSet known = Tokens.known();
        List<List<String>> others = Tokens.others(rows.stream().map(IndexRow::text).toList(), known, Tokens.folds(), scratch);
        // Sized for as many terms as the last batch had (a catch-up's batches are alike), so the table
        // is not grown and rehashed step by step for each batch; at most a few per row, for a small batch.
        // A build numbers its terms once for all its batches.
        TermTable table = buildTerms != null ? buildTerms.table() : new TermTable((int) Math.min(lastTerms, 4L * rows.size()));
        int[] lengths = new int[rows.size()];
        String[] stored = new String[rows.size()];
        // The batch's tokens as term numbers, row after row (ends[r]: where row r's end), so each
        // term's postings are made at their final size before they are filled.
        int[] tokens = tokenScratch;
        int[] ends = new int[rows.size()];
        int n = 0;
        long tokenTotal = 0;
        long rowid = first;
        for (int r = 0; r < rows.size(); r++) {
            String text = rows.get(r).text();
            int length;
            List<String> rowTokens = others.get(r);
            if (rowTokens == null) {
                // A token and the character that ends it take two: a bound, so the text is read once here.
                tokens = room(tokens, n + text.length() / 2 + 1);
                int start = n;
                for (int from = Tokens.next(text, 0); from < text.length(); from = Tokens.next(text, from)) {
                    int to = Tokens.end(text, from);
                    tokens[n++] = table.plain(text, from, Tokens.cut(from, to), rowid);
                    from = to;
                }
                length = n - start;
            } else {
                length = rowTokens.size();
                stored[r] = String.join(" ", rowTokens);
                tokens = room(tokens, n + length);
                for (String t : rowTokens) {
                    tokens[n++] = table.term(t, rowid);
                }
            }
            ends[r] = n;
            lengths[r] = length;
            tokenTotal += length;
            rowid++;
        }
        tokenScratch = tokens;
        if (buildTerms != null) {
            // Written from the plan alone: the batch's postings are not kept while it waits to be written.
            Planned planned = NOTHING_PLANNED;
            if (endOfBatch) {
                planned = buildTerms.add(tokens, ends, rows.size(), first, lengths);
            } else {
                buildTerms.addRows(tokens, ends, rows.size(), first, lengths);
            }
            return new Prepared(rows, first, lengths, stored, Map.of(), tokenTotal, planned);
        }
        lastTerms = table.size();
        PostingCodec.Postings[] byId = table.postings();
        for (int r = 0, i = 0; r < rows.size(); r++) {
            for (; i < ends[r]; i++) {
                byId[tokens[i]].addOccurrence(first + r, lengths[r]);
            }
        }
        return new Prepared(rows, first, lengths, stored, table.sorted(), tokenTotal, null);
    }

    /** Lets go of a catch-up's large token array once its batches are prepared: an idle memoryd keeps a small one. */
    void batchesPrepared() {
        if (tokenScratch.length > TOKEN_SCRATCH_MIN) {
            tokenScratch = new int[TOKEN_SCRATCH_MIN];
        }
    }

    /** {@code a}, or a copy at least twice as long when it holds fewer than {@code needed}. */
    private static int[] room(int[] a, int needed) {
        return needed <= a.length ? a : Arrays.copyOf(a, Math.max(a.length * 2, needed));
    }

    /** Writes a prepared batch; its rowids must follow the highest in the index. */
    void apply(Prepared batch) throws SQLException {
        applyText(batch);
        applyRest(batch);
    }

    /** A prepared batch's FTS5 rows: what a build with a side file ({@link BuildSide}) writes into the file itself. */
    void applyText(Prepared batch) throws SQLException {
        List<IndexRow> rows = batch.rows();
        try (PreparedStatement hit = c.prepareStatement("INSERT INTO hits (rowid, text) VALUES (?, ?)")) {
            // In driver batches of a bounded size: a batch keeps every row's values, boxed, until it runs.
            for (int r = 0; r < rows.size(); r++) {
                hit.setLong(1, batch.first() + r);
                hit.setString(2, rows.get(r).text());
                hit.addBatch();
                if ((r + 1) % DRIVER_BATCH_ROWS == 0 || r == rows.size() - 1) {
                    hit.executeBatch();
                }
            }
        }
    }

    /**
     * The rest of a prepared batch: its sources rows, postings, term counts and totals; what a build
     * with a side file writes there, on a thread of its own.
     */
    void applyRest(Prepared batch) throws SQLException {
        applySources(batch);
        applyCounts(batch);
    }

    /** A prepared batch's sources rows: what a catch-up in rounds writes into the index with its FTS5 rows. */
    void applySources(Prepared batch) throws SQLException {
        List<IndexRow> rows = batch.rows();
        if (rows.isEmpty()) {
            return;
        }
        boolean sessions = rows.stream().allMatch(IndexWrites::sessionRow);
        try (PreparedStatement source = c.prepareStatement(sessions ? INSERT_SESSION_SOURCE : INSERT_SOURCE)) {
            for (int r = 0; r < rows.size(); r++) {
                long rowid = batch.first() + r;
                bindSource(source, sessions, rowid, rows.get(r), batch.lengths()[r], batch.storedTokens()[r]);
                source.addBatch();
                if ((r + 1) % DRIVER_BATCH_ROWS == 0 || r == rows.size() - 1) {
                    source.executeBatch();
                }
            }
        }
    }

    /** A prepared batch's postings, term counts and totals: what a catch-up in rounds writes into its side file. */
    void applyCounts(Prepared batch) throws SQLException {
        if (batch.planned() != null) {
            // A build's batch whose rows all went in earlier parts still has its segments to write.
            write(batch.planned());
        } else {
            terms.add(batch.byTerm());
            postings.add(batch.byTerm(), batch.rows().size());
        }
        if (!batch.rows().isEmpty()) {
            addStats(batch.rows().size(), batch.tokenTotal());
        }
    }

    /**
     * From here to {@link #finishBuild}, the file is being built and nobody reads it: postings and
     * term counts are held back and written in fewer, larger pieces (BuildTerms).
     */
    public void startBuild() {
        buildTerms = new BuildTerms(shape, buildTermsMax);
    }

    /**
     * What a build held back, to {@link #write} in its last transaction, before any other write
     * (here, or into its side file); the build is over.
     */
    public Planned finishBuild() {
        if (buildTerms == null) {
            return new Planned(List.of(), List.of());
        }
        Planned last = buildTerms.finish();
        buildTerms = null;
        return last;
    }

    /** Writes a build's planned segments and term counts. */
    public void write(Planned planned) throws SQLException {
        postings.write(planned.segments());
        terms.write(planned.terms());
    }

    /** Rows are numbered here, one past the highest, so hits and sources share each rowid. */
    long nextRowid() throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT coalesce(max(rowid), 0) + 1 FROM sources");
                ResultSet rs = q.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static final String INSERT_SOURCE = "INSERT INTO sources (rowid, kind, session, epoch, record,"
            + " time, role, class, untrusted, speaker, header, doclen, tokens, turn)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    /**
     * A session record's row, whose kind and (absent) header are the same for every one: two values
     * fewer to bind, each a call into the driver, for nearly every row a catch-up writes.
     */
    private static final String INSERT_SESSION_SOURCE = "INSERT INTO sources (rowid, kind, session, epoch, record,"
            + " time, role, class, untrusted, speaker, header, doclen, tokens, turn)"
            + " VALUES (?, '" + IndexRow.SESSION + "', ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)";

    private static boolean sessionRow(IndexRow row) {
        return row.kind().equals(IndexRow.SESSION) && row.header() == null && row.epoch() != null;
    }

    /**
     * Binds a row to {@link #INSERT_SOURCE}, or, for a session row ({@code sessionRow}), to
     * {@link #INSERT_SESSION_SOURCE}, which has no kind or header to bind.
     */
    private static void bindSource(PreparedStatement s, boolean sessionRow, long rowid, IndexRow row, int length,
            String tokens) throws SQLException {
        int i = 1;
        s.setLong(i++, rowid);
        if (!sessionRow) {
            s.setString(i++, row.kind());
        }
        s.setString(i++, row.session());
        s.setObject(i++, row.epoch());
        s.setLong(i++, row.record());
        s.setString(i++, row.time());
        s.setString(i++, row.role());
        s.setString(i++, row.dataClass().wire());
        s.setInt(i++, row.untrusted() ? 1 : 0);
        s.setString(i++, row.speaker());
        if (!sessionRow) {
            s.setString(i++, row.header());
        }
        s.setLong(i++, length);
        s.setString(i++, tokens);
        s.setObject(i, row.turn());
    }

    private void addStats(long rows, long tokens) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE stats SET rows = rows + ?, tokens = tokens + ? WHERE id = 1")) {
            s.setLong(1, rows);
            s.setLong(2, tokens);
            s.executeUpdate();
        }
    }

    /**
     * Removes one row. Its terms' row counts go down; their score bounds stay, which only makes
     * them looser, never wrong.
     */
    public void delete(long rowid) throws SQLException {
        String text;
        String stored;
        try (PreparedStatement q = c.prepareStatement(
                "SELECT hits.text, sources.tokens FROM hits JOIN sources ON sources.rowid = hits.rowid WHERE hits.rowid = ?")) {
            q.setLong(1, rowid);
            try (ResultSet rs = q.executeQuery()) {
                if (!rs.next()) {
                    return;
                }
                text = rs.getString(1);
                stored = rs.getString(2);
            }
        }
        List<String> tokens = stored == null ? Tokens.split(text)
                : stored.isEmpty() ? List.of() : List.of(stored.split(" "));
        java.util.Set<String> distinct = new java.util.HashSet<>(tokens);
        postings.remove(rowid, distinct);
        try (PreparedStatement down = c.prepareStatement("UPDATE terms SET docs = docs - 1 WHERE term = ?")) {
            for (String t : distinct) {
                down.setString(1, t);
                down.addBatch();
            }
            down.executeBatch();
        }
        try (PreparedStatement d = c.prepareStatement("DELETE FROM hits WHERE rowid = ?");
                PreparedStatement s = c.prepareStatement("DELETE FROM sources WHERE rowid = ?")) {
            d.setLong(1, rowid);
            d.executeUpdate();
            s.setLong(1, rowid);
            s.executeUpdate();
        }
        addStats(-1, -tokens.size());
    }
}
