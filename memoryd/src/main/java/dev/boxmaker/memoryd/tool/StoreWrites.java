package dev.boxmaker.memoryd.tool;

import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.edits.PendingWrite;
import dev.boxmaker.memoryd.files.Entries;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.files.Invariants;
import dev.boxmaker.memoryd.files.MemoryDir;
import dev.boxmaker.memoryd.files.NoteHeader;
import dev.boxmaker.memoryd.files.NotesFile;
import dev.boxmaker.memoryd.sentences.ReviewSentences;
import dev.boxmaker.memoryd.sentences.StoreSentences;
import dev.boxmaker.proto.text.Sanitize;
import java.io.IOException;
import java.time.Instant;
import java.util.List;

/**
 * Where a {@code memory} call's write goes, by the session's state (the spec, section 5, "Where a
 * write goes"): a note to notes.md, an untrusted session's add to a note, a clean session's identity
 * write to its file or, with review on, to pending.jsonl; and how a planned edit is written, a
 * call's or an accepted write's. Run under the store's lock.
 */
final class StoreWrites {
    private final MemoryStore store;

    StoreWrites(MemoryStore store) {
        this.store = store;
    }

    /** Runs {@code request}'s write where the session's state sends it, or refuses it. */
    Answer route(Caller caller, Request request) throws IOException {
        store.finishUnfinished();
        try {
            if (request instanceof Request.Note n) {
                writeNote(caller, n.text(), n.action(), null);
                return Answer.ok(caller.untrusted() ? StoreSentences.NOTED_UNTRUSTED : StoreSentences.NOTED, caller.label());
            }
            IdentityFile file = Request.fileOf(request);
            if (caller.untrusted() && request instanceof Request.Add a) {
                // Identity is written only by sessions that have not read untrusted content.
                writeNote(caller, a.text(), a.action(), file.arg());
                return Answer.ok(StoreSentences.SAVED_AS_UNTRUSTED_NOTE, caller.label());
            }
            if (caller.untrusted()) {
                return Answer.refused(StoreSentences.untrustedIdentityEdit(file.fileName()), caller.label());
            }
            Plan plan = store.rules.plan(request, store.dir.read(file));
            if (store.review) {
                return Answer.ok(ReviewSentences.waitingForReview(stage(caller, request)), caller.label());
            }
            apply(plan, request.action(), caller.session().value(), caller, null);
            return Answer.ok(plan.sentence(), caller.label());
        } catch (Refused refused) {
            return Answer.refused(refused.sentence(), caller.label());
        }
    }

    /** Appends a note labelled by the session, then journals it (to notes.md, after = the note). */
    private void writeNote(Caller caller, String text, String action, String fileArg) throws Refused, IOException {
        String body = store.rules.note(text);
        Instant now = store.now();
        String id = store.state.ids.next(now);
        var label = caller.label();
        // A note a flag rule matches is kept local (sanitize.md): its header says so and names the rule.
        var header = NoteHeader.noted(now, caller.session().value(), label.dataClass(), label.untrusted(),
                Sanitize.flag(body).orElse(null));
        Edit edit = store.journalAppend(new Edit(id, now.toString(), caller.session().value(), caller.call(),
                caller.turn(), action, fileArg,
                MemoryDir.NOTES, List.of(), List.of(body), List.of(), List.of(), caller.untrusted(),
                label.dataClass().wire(), null, null));
        store.appendNotes(List.of(new NotesFile.Note(header, body)));
        store.finish(edit);
    }

    /** Appends a clean session's identity write to pending.jsonl; notes are never staged. */
    private String stage(Caller caller, Request request) throws IOException {
        Instant now = store.now();
        String id = store.state.ids.next(now);
        store.attempting(WriteAttempt.ofStaged(store));
        store.pendingLog.append(new PendingWrite(id, now.toString(), caller.session().value(), caller.call(), caller.turn(),
                request.toArgs(), caller.label().dataClass(), caller.untrusted()));
        store.attempting(null);
        return id;
    }

    /**
     * Writes a planned edit: the journal line first, then moved and dropped entries to notes.md (in
     * the order given, with their headers, under the session that asked), then the file, then its
     * finished mark, each flushed before the next and all before the answer; {@link Recovery}
     * finishes an edit a crash interrupted, from its journal line.
     */
    Edit apply(Plan plan, String action, String journalSession, Caller asker, String pendingId) throws IOException {
        Instant now = store.now();
        String id = store.state.ids.next(now);
        String session = asker.session().value();
        List<NotesFile.Note> out = plan.removals().stream()
                .map(r -> new NotesFile.Note(r.moved()
                        ? NoteHeader.moved(now, plan.file(), session)
                        : NoteHeader.dropped(now, plan.file(), session), r.entry()))
                .toList();
        Edit edit = new Edit(id, now.toString(), journalSession, asker.call(), asker.turn(), action,
                plan.file().arg(), plan.file().fileName(), plan.before(), plan.after(), plan.moved(), plan.dropped(), asker.untrusted(),
                asker.label().dataClass().wire(), null, pendingId);
        writable(plan.file(), plan.after(), out);
        store.journalAppend(edit);
        store.appendNotes(out);
        store.dir.write(plan.file(), plan.after());
        store.finish(edit);
        return edit;
    }

    /**
     * Throws unless the file and notes.md can hold what an edit is about to write. Checked before its
     * journal line: an edit journalled but not writable would be retried, and fail, before every
     * later write and at every start. The rules refuse all such edits with a sentence first.
     */
    static void writable(IdentityFile file, List<String> after, List<NotesFile.Note> notes) {
        Entries.checkInvariants(file, after);
        for (NotesFile.Note note : notes) {
            Invariants.check(NotesFile.storable(note.body()), "a note body would not read back as written");
        }
    }
}
