package dev.boxmaker.memoryd.tool;

import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.edits.PendingWrite;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.files.MemoryDir;
import dev.boxmaker.memoryd.files.NoteHeader;
import dev.boxmaker.memoryd.files.NotesFile;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.text.Sanitize;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Finishes the one edit a crash can have interrupted. Every edit is journalled first, then its
 * notes are appended, then its file is replaced, then it is marked finished (each step flushed),
 * and only then answered; so after a crash the journal's last line is the only edit that may be
 * partly applied, and the journal says exactly what it was. An edit marked finished is never
 * touched again: the files may since hold the owner's own changes, a deleted note or a file put
 * back as it was. An unmarked one is rolled forward: the notes it had not appended yet, then the
 * file. A file that holds neither the edit's before nor its after was changed by the owner since,
 * and is left alone. Either way the edit is then marked, so no later start looks at it again.
 */
final class Recovery {
    private static final Logger LOG = Logger.getLogger(Recovery.class);

    private final MemoryStore store;

    Recovery(MemoryStore store) {
        this.store = store;
    }

    /** Rolls the journal's last edit forward, unless it is marked finished, and marks it. */
    void finishLastEdit() throws IOException {
        List<Edit> last = store.journal.last(1);
        if (last.isEmpty() || last.get(0).to() == null) {
            return;
        }
        Edit edit = last.get(0);
        if (store.finished.last().filter(edit.id()::equals).isPresent()) {
            return;
        }
        if (edit.to().equals(MemoryDir.NOTES)) {
            finishNote(edit);
        } else {
            finishFile(edit);
        }
        store.finish(edit);
    }

    /** An edit of memory.md or user.md: its notes and file, when the file still holds its before. */
    private void finishFile(Edit edit) throws IOException {
        IdentityFile file = IdentityFile.ofFileName(edit.to()).orElseThrow(
                () -> new IllegalStateException("the journal names an unknown file: " + edit.to()));
        List<String> now = store.dir.read(file);
        if (now.equals(edit.after()) || !now.equals(edit.before())) {
            return;
        }
        appendMissing(expectedRemovals(edit, file));
        store.dir.write(file, edit.after());
        LOG.warnf("finished edit %s of %s, which a stop had interrupted", edit.id(), edit.to());
    }

    /** A note or a retraction: appended unless notes.md already ends with it. */
    private void finishNote(Edit edit) throws IOException {
        Instant at = Instant.parse(edit.time());
        NotesFile.Note note = Edit.UNDO.equals(edit.action())
                ? new NotesFile.Note(NoteHeader.retracted(at, edit.undoes()), edit.before().get(0))
                : new NotesFile.Note(NoteHeader.noted(at, edit.session(), DataClass.parse(edit.dataClass()),
                        edit.untrusted(), Sanitize.flag(edit.after().get(0)).orElse(null)), edit.after().get(0));
        if (appendMissing(List.of(note))) {
            LOG.warnf("finished note %s, which a stop had interrupted", edit.id());
        }
    }

    /**
     * The moved and dropped notes the edit appends, under the session that asked (for an accepted
     * write, the session that staged it). The journal keeps moved and dropped apart, so their order
     * here follows the file's entries before the edit.
     */
    private List<NotesFile.Note> expectedRemovals(Edit edit, IdentityFile file) throws IOException {
        String session = edit.session();
        if (edit.pending() != null) {
            Optional<PendingWrite> staged = store.pendingLog.readAll().stream()
                    .filter(w -> w.id().equals(edit.pending())).findFirst();
            session = staged.map(PendingWrite::session).orElse(session);
        }
        Instant at = Instant.parse(edit.time());
        List<NotesFile.Note> out = new ArrayList<>();
        for (String entry : edit.before()) {
            if (edit.moved().contains(entry)) {
                out.add(new NotesFile.Note(NoteHeader.moved(at, file, session), entry));
            } else if (edit.dropped().contains(entry)) {
                out.add(new NotesFile.Note(NoteHeader.dropped(at, file, session), entry));
            }
        }
        return out;
    }

    /**
     * Appends those of {@code notes} that notes.md does not already end with; whether it appended.
     * They went in one append, which a power cut can keep part of: the first of them whole, and
     * perhaps a piece of the next (kept, as any cut note is, with the whole one after it). Only the
     * notes not found whole at the end are appended, so none is there twice.
     */
    private boolean appendMissing(List<NotesFile.Note> notes) throws IOException {
        if (notes.isEmpty()) {
            return false;
        }
        NotesFile file = store.dir.notes();
        List<NotesFile.Note> all = file.read();
        if (notFoundAtEnd(notes, all, all.size()).isEmpty()) {
            return false;
        }
        // A piece of a note the cut left is none of them; whole ones may stand before it.
        store.appendNotes(notFoundAtEnd(notes, all, all.size() - (file.endsMidLine() ? 1 : 0)));
        return true;
    }

    /**
     * Those of {@code notes}, in their order, that are not in the run of them (in any order: the kind,
     * the session and the body of each) ending {@code all} at {@code end}.
     */
    private static List<NotesFile.Note> notFoundAtEnd(List<NotesFile.Note> notes, List<NotesFile.Note> all, int end) {
        Map<String, Integer> missing = new HashMap<>();
        for (NotesFile.Note n : notes) {
            missing.merge(key(n), 1, Integer::sum);
        }
        for (int i = end - 1; i >= 0 && missing.getOrDefault(key(all.get(i)), 0) > 0; i--) {
            missing.merge(key(all.get(i)), -1, Integer::sum);
        }
        List<NotesFile.Note> rest = new ArrayList<>();
        for (NotesFile.Note n : notes) {
            if (missing.getOrDefault(key(n), 0) > 0) {
                missing.merge(key(n), -1, Integer::sum);
                rest.add(n);
            }
        }
        return rest;
    }

    private static String key(NotesFile.Note note) {
        return note.header().line() + "\n" + note.body();
    }
}
