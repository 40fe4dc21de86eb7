package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.Sentences;
import dev.boxmaker.memoryd.files.NoteHeader;
import dev.boxmaker.memoryd.files.NotesFile;
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
final class NotesCatchUp {
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
                LOG.info(Sentences.notesReadAgain(notesFile));
            } else if (tail.isEmpty()) {
                tail = file.readFrom(0).orElseThrow().pastFirst(read.records());
            }
        } catch (IOException e) {
            LOG.warn(Sentences.notesUnreadable(notesFile, e.getMessage()));
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
                    retract(note.body());
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

    /** Takes out the latest noted entry with this text: the note a retraction names (memoryd.md). */
    private void retract(String body) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT sources.rowid FROM sources JOIN hits ON hits.rowid = sources.rowid"
                + " WHERE sources.kind = 'note' AND sources.role = 'noted' AND hits.text = ? ORDER BY sources.rowid DESC LIMIT 1")) {
            q.setString(1, body);
            try (ResultSet rs = q.executeQuery()) {
                if (rs.next()) {
                    writes.delete(rs.getLong(1));
                }
            }
        }
    }

    /** The number of notes in the index on {@code c} now, for {@code reindexed}. */
    static long rows(Connection c) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT count(*) FROM sources WHERE kind = 'note'");
                ResultSet rs = q.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
