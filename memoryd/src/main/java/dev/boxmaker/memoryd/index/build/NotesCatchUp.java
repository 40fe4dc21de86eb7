package dev.boxmaker.memoryd.index.build;

import dev.boxmaker.memoryd.sentences.IndexSentences;
import dev.boxmaker.memoryd.files.NoteHeader;
import dev.boxmaker.memoryd.files.NotesFile;
import dev.boxmaker.memoryd.index.sql.IndexRow;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Label;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Keeps the index up with notes.md: the notes added since its progress become rows, and a
 * retraction takes out the note it names. It writes on the connection of the {@link IndexBuilder}
 * that holds it, which commits the log rows it holds before a notes transaction.
 */
public final class NotesCatchUp {
    /** IndexBuilder's category, which these lines had before this class was split out of it. */
    private static final Logger LOG = Logger.getLogger(IndexBuilder.class);

    /** notes.md's name in {@code progress} (memoryd.md). */
    static final String NOTES_LOG = "notes.md";

    /** Commits the rows the caller has read but not committed yet. */
    interface Flush {
        void run() throws SQLException;
    }

    private final Connection c;
    private final IndexWrites writes;
    private final DataClass maxClass;
    private final Flush flush;

    NotesCatchUp(Connection c, IndexWrites writes, DataClass maxClass, Flush flush) {
        this.c = c;
        this.writes = writes;
        this.maxClass = maxClass;
        this.flush = flush;
    }

    /**
     * Reads notes.md past its progress: notes added, retracted notes taken out. It reads from the
     * byte offset in {@code progress}, so a catch-up after an edit reads that edit's notes, not the
     * whole file. An offset that no longer starts a note (the owner edited the file) has every
     * note read again; one that is missing (an index from before offsets were kept) falls back to
     * counting notes from the start.
     */
    long catchUp(Path notesFile) throws SQLException {
        LogProgress read = LogProgress.read(c, NOTES_LOG);
        NotesFile file = new NotesFile(notesFile);
        Optional<NotesFile.Tail> tail;
        boolean again = false;
        try {
            tail = read.bytes() == null ? Optional.empty() : file.readFrom(read.bytes());
            if (tail.isEmpty() && read.bytes() != null) {
                // The file no longer goes on from where the index read it: the owner edited it. A count
                // of notes would skip as many new notes as the owner deleted, or read a note again for
                // each one written in the middle; its notes are read again whole, as a reindex reads them.
                tail = file.readFrom(0);
                again = true;
                LOG.info(IndexSentences.notesReadAgain(notesFile));
            } else if (tail.isEmpty()) {
                tail = file.readFrom(0).orElseThrow().pastFirst(read.records());
            }
        } catch (IOException e) {
            LOG.warn(IndexSentences.notesUnreadable(notesFile, e.getMessage()));
            return 0;
        }
        if (tail.isEmpty()) {
            return 0;
        }
        LogProgress at = again ? LogProgress.START : read;
        List<NotesFile.Note> notes = tail.get().notes();
        long next = tail.get().next();
        if (notes.isEmpty() && !again && at.bytes() != null && next == at.bytes()) {
            return 0;
        }
        long[] retracted;
        try {
            retracted = retracted(file, at.records(), notes);
        } catch (IOException e) {
            LOG.warn(IndexSentences.notesUnreadable(notesFile, e.getMessage()));
            return 0;
        }
        flush.run();
        long[] added = {0};
        boolean readAgain = again;
        LogProgress.transaction(c, () -> {
            if (readAgain) {
                deleteAll();
            }
            List<IndexRow> rows = new ArrayList<>();
            for (int i = 0; i < notes.size(); i++) {
                NotesFile.Note note = notes.get(i);
                if (note.header().kind() == NoteHeader.Kind.RETRACTED) {
                    writes.insert(rows);
                    added[0] += rows.size();
                    rows.clear();
                    retract(retracted[i], note.body());
                } else {
                    IndexRow row = NoteRows.row(at.records() + i, note);
                    if (row.dataClass().compareTo(maxClass) <= 0) {
                        rows.add(row);
                    }
                }
            }
            writes.insert(rows);
            added[0] += rows.size();
        }, Map.of(NOTES_LOG, new LogProgress(at.records() + notes.size(), Label.SESSION_START, next)));
        return added[0];
    }

    /** Takes every note's row out, before notes.md is read again whole. */
    private void deleteAll() throws SQLException {
        List<Long> rowids = new ArrayList<>();
        try (PreparedStatement q = c.prepareStatement("SELECT rowid FROM sources WHERE kind = 'note'");
                ResultSet rs = q.executeQuery()) {
            while (rs.next()) {
                rowids.add(rs.getLong(1));
            }
        }
        for (long rowid : rowids) {
            writes.delete(rowid);
        }
    }

    /**
     * For each retraction among {@code notes} (entries from number {@code first} on), the number of the
     * entry it names, -1 for none: the latest noted entry before it in notes.md with its text that no
     * earlier retraction named (memoryd.md). Looked for in the file, not among the index's rows: a note
     * above {@code max_class} has no row, and the row with its text would be another note's. The entries
     * before {@code first} are read, with what their own retractions named, only when a retraction
     * names none of those after it.
     */
    private static long[] retracted(NotesFile file, long first, List<NotesFile.Note> notes) throws IOException {
        long[] out = new long[notes.size()];
        java.util.Set<Long> named = new java.util.HashSet<>();
        List<NotesFile.Note> before = null;
        for (int i = 0; i < notes.size(); i++) {
            out[i] = -1;
            if (notes.get(i).header().kind() != NoteHeader.Kind.RETRACTED) {
                continue;
            }
            out[i] = latestNamed(notes, first, i, named);
            if (out[i] < 0 && first > 0) {
                if (before == null) {
                    List<NotesFile.Note> whole = file.readFrom(0).orElseThrow().notes();
                    before = whole.subList(0, (int) Math.min(first, whole.size()));
                    for (int j = 0; j < before.size(); j++) {
                        if (before.get(j).header().kind() == NoteHeader.Kind.RETRACTED) {
                            named.add(latestNamed(before, 0, j, named)); // -1 (none) names nothing
                        }
                    }
                }
                out[i] = latestNamed(before, 0, before.size(), notes.get(i).body(), named);
            }
            named.add(out[i]);
        }
        return out;
    }

    /** The entry the retraction {@code list[at]} names among {@code list[0, at)}, numbered from {@code first}; -1 for none. */
    private static long latestNamed(List<NotesFile.Note> list, long first, int at, java.util.Set<Long> named) {
        return latestNamed(list, first, at, list.get(at).body(), named);
    }

    /** The latest noted entry of {@code list[0, end)} with text {@code body} not in {@code named}, numbered from {@code first}; -1 for none. */
    private static long latestNamed(List<NotesFile.Note> list, long first, int end, String body, java.util.Set<Long> named) {
        for (int j = end - 1; j >= 0; j--) {
            if (namedBy(list.get(j), body) && !named.contains(first + j)) {
                return first + j;
            }
        }
        return -1;
    }

    private static boolean namedBy(NotesFile.Note note, String retractionBody) {
        return note.header().kind() == NoteHeader.Kind.NOTED && note.body().equals(retractionBody);
    }

    /** Takes out the row of entry {@code entry}, if it has one: the note a retraction names. */
    private void retract(long entry, String body) throws SQLException {
        if (entry < 0) {
            return;
        }
        try (PreparedStatement q = c.prepareStatement("SELECT sources.rowid FROM sources JOIN hits ON hits.rowid = sources.rowid"
                + " WHERE sources.kind = 'note' AND sources.role = 'noted' AND sources.record = ? AND hits.text = ?")) {
            q.setLong(1, entry);
            q.setString(2, body);
            try (ResultSet rs = q.executeQuery()) {
                if (rs.next()) {
                    writes.delete(rs.getLong(1));
                }
            }
        }
    }

    /** The number of notes in the index on {@code c} now, for {@code reindexed}. */
    public static long rows(Connection c) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT count(*) FROM sources WHERE kind = 'note'");
                ResultSet rs = q.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
