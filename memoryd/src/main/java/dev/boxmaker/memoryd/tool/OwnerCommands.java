package dev.boxmaker.memoryd.tool;

import dev.boxmaker.memoryd.sentences.ReviewSentences;
import dev.boxmaker.memoryd.sentences.StoreSentences;
import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.edits.Ids;
import dev.boxmaker.memoryd.edits.PendingWrite;
import dev.boxmaker.memoryd.files.Entries;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.files.MemoryDir;
import dev.boxmaker.memoryd.files.NoteHeader;
import dev.boxmaker.memoryd.files.NotesFile;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.owner.OwnerJson;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The owner's commands: undo of the latest edit of a file, and review's accept and reject (the
 * spec, section 5; memoryd.md). Each is journalled with session {@code owner}. The store holds its
 * lock around every call.
 */
final class OwnerCommands {
    private final MemoryStore store;

    OwnerCommands(MemoryStore store) {
        this.store = store;
    }

    /**
     * Reverts an edit if it is the latest edit of its {@code to} file and the file still holds
     * exactly what it left; a note is retracted instead, since notes.md is append-only.
     */
    OwnerAnswer undo(String id) throws IOException {
        if (!Ids.isId(id)) {
            return OwnerAnswer.refused(ReviewSentences.idInvalid(id));
        }
        Optional<Edit> found = store.journal.find(id);
        if (found.isEmpty()) {
            return OwnerAnswer.refused(ReviewSentences.noSuchEdit(id));
        }
        Edit edit = found.get();
        if (edit.to() == null) {
            return OwnerAnswer.refused(ReviewSentences.undoNothing(id));
        }
        if (edit.to().equals(MemoryDir.NOTES) && Edit.UNDO.equals(edit.action())) {
            return OwnerAnswer.refused(ReviewSentences.undoRetraction(id));
        }
        String latest = store.state.latest(edit.to());
        if (!id.equals(latest)) {
            return OwnerAnswer.refused(ReviewSentences.undoNotLatest(id, edit.to(), latest));
        }
        return edit.to().equals(MemoryDir.NOTES) ? retract(edit) : revert(edit);
    }

    /** A note cannot be taken out of notes.md; a retraction entry holding its text is appended. */
    private OwnerAnswer retract(Edit note) throws IOException {
        Instant now = store.now();
        String undoId = store.state.ids.next(now);
        String text = note.after().get(0);
        Edit undo = store.journalAppend(new Edit(undoId, now.toString(), Edit.OWNER, null, null, Edit.UNDO, note.file(),
                MemoryDir.NOTES, List.of(text), List.of(), List.of(), List.of(), false, note.dataClass(),
                note.id(), null));
        store.appendNotes(List.of(new NotesFile.Note(NoteHeader.retracted(now, note.id()), text)));
        store.finish(undo);
        String sentence = ReviewSentences.undoneNote(note.id(), undoId);
        return OwnerAnswer.ok(sentence, OwnerJson.outcome("undone", note.id(), undoId, sentence));
    }

    /** The file gets the edit's before back; entries it moved to notes.md stay there (append-only). */
    private OwnerAnswer revert(Edit edit) throws IOException {
        IdentityFile file = IdentityFile.ofFileName(edit.to()).orElseThrow(
                () -> new IllegalStateException("the journal names an unknown file: " + edit.to()));
        List<String> now = store.dir.read(file);
        if (!now.equals(edit.after())) {
            return OwnerAnswer.refused(ReviewSentences.undoChangedSince(file.fileName(), edit.id()));
        }
        int chars = Entries.chars(edit.before());
        if (chars > file.charsMax()) {
            // The owner had edited the file over its limit before this edit: never write that back.
            return OwnerAnswer.refused(StoreSentences.overLimit(file.fileName(), chars, file.charsMax()));
        }
        Optional<String> twice = Entries.firstTwice(edit.before());
        if (twice.isPresent()) {
            // The owner's editor had left an entry twice, which memoryd never writes back.
            return OwnerAnswer.refused(ReviewSentences.undoWouldRepeat(edit.id(), file.fileName(), twice.get()));
        }
        StoreWrites.writable(file, edit.before(), List.of());
        Instant at = store.now();
        String undoId = store.state.ids.next(at);
        Edit undo = store.journalAppend(new Edit(undoId, at.toString(), Edit.OWNER, null, null, Edit.UNDO, edit.file(),
                edit.to(), now, edit.before(), List.of(), List.of(), false, edit.dataClass(), edit.id(), null));
        store.dir.write(file, edit.before());
        store.finish(undo);
        String sentence = ReviewSentences.undone(edit.id(), undoId, file.fileName(), edit.before().size(), chars,
                file.charsMax());
        return OwnerAnswer.ok(sentence, OwnerJson.outcome("undone", edit.id(), undoId, sentence));
    }

    /** The pending writes not yet accepted or rejected, oldest first. */
    List<PendingWrite> waiting() throws IOException {
        return store.pendingLog.readAll().stream().filter(w -> !store.state.resolved(w.id())).toList();
    }

    private Optional<PendingWrite> waiting(String id) throws IOException {
        return waiting().stream().filter(w -> w.id().equals(id)).findFirst();
    }

    /**
     * Applies a pending write as if the call came now: the same rules against the files as they
     * are now. A refused accept leaves the write pending, so the owner can reject it.
     */
    OwnerAnswer accept(String id) throws IOException {
        if (!Ids.isId(id)) {
            return OwnerAnswer.refused(ReviewSentences.idInvalid(id));
        }
        Optional<PendingWrite> found = waiting(id);
        if (found.isEmpty()) {
            return OwnerAnswer.refused(ReviewSentences.noSuchPending(id));
        }
        PendingWrite write = found.get();
        Caller asker = new Caller(SessionId.of(write.session()), write.call(), write.turn(), write.taint(),
                write.untrusted());
        try {
            Request request = RequestParser.parse(write.request());
            IdentityFile file = Request.fileOf(request);
            if (file == null) {
                throw new IllegalStateException("a note was staged for review: " + id);
            }
            if (asker.untrusted()) {
                throw new Refused(StoreSentences.untrustedIdentityEdit(file.fileName()));
            }
            Plan plan = store.rules.plan(request, store.dir.read(file));
            Edit done = store.writes.apply(plan, request.action(), Edit.OWNER, asker, id);
            String sentence = ReviewSentences.accepted(id, plan.sentence());
            return OwnerAnswer.ok(sentence, OwnerJson.outcome("accepted", id, done == null ? null : done.id(), sentence));
        } catch (Refused refused) {
            return OwnerAnswer.refused(ReviewSentences.acceptRefused(id, refused.sentence()));
        }
    }

    /** Discards a pending write; the reject is journalled, changes no file, and resolves the write for good. */
    OwnerAnswer reject(String id) throws IOException {
        if (!Ids.isId(id)) {
            return OwnerAnswer.refused(ReviewSentences.idInvalid(id));
        }
        Optional<PendingWrite> found = waiting(id);
        if (found.isEmpty()) {
            return OwnerAnswer.refused(ReviewSentences.noSuchPending(id));
        }
        PendingWrite write = found.get();
        Instant now = store.now();
        String rejectId = store.state.ids.next(now);
        String file = write.request().path("file").isTextual() ? write.request().get("file").asText() : null;
        Edit reject = store.journalAppend(new Edit(rejectId, now.toString(), Edit.OWNER, write.call(), write.turn(), Edit.REJECT,
                file, null, List.of(), List.of(), List.of(), List.of(), write.untrusted(), write.taint().wire(), null, id));
        store.journalledOnly(reject);
        String sentence = ReviewSentences.rejected(id, rejectId);
        return OwnerAnswer.ok(sentence, OwnerJson.outcome("rejected", id, rejectId, sentence));
    }
}
