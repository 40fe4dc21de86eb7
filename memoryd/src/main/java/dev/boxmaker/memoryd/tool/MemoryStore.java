package dev.boxmaker.memoryd.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.sentences.ReviewSentences;
import dev.boxmaker.memoryd.sentences.StoreSentences;
import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.edits.FinishedMarks;
import dev.boxmaker.memoryd.edits.Journal;
import dev.boxmaker.memoryd.edits.PendingLog;
import dev.boxmaker.memoryd.edits.PendingWrite;
import dev.boxmaker.memoryd.files.Disk;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.files.MemoryDir;
import dev.boxmaker.memoryd.files.NotesFile;
import dev.boxmaker.proto.daemon.RepeatedLines;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The memory store: the {@code memory} tool's actions, routed by the session's state (the spec,
 * section 5), and the owner's commands (undo, review, listings). One lock covers every operation,
 * so writes to {@code memory/} happen one at a time and two calls can never both see room for
 * their entry (memoryd.md). Create one store per directory: two stores on one directory do not
 * share the lock.
 */
public final class MemoryStore {
    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(MemoryStore.class);
    /** Failed writes, one line each, counted when they repeat (a runaway writer on a full disk). */
    private final RepeatedLines failures = new RepeatedLines(LOG::error);

    final Object lock = new Object();
    final MemoryDir dir;
    final Journal journal;
    /** The edits whose notes and file are written: recovery never replays one of them. */
    final FinishedMarks finished;
    final PendingLog pendingLog;
    /** The ids, the latest edit of each file, the resolved pending writes. */
    final JournalState state = new JournalState();
    final Rules rules;
    final Clock clock;
    final boolean review;
    /** An edit is journalled but its notes or file may not be written yet. */
    private boolean unfinished;
    /** The write between its first append and its answer, which a failure takes back; else null. */
    private WriteAttempt attempt;
    private final OwnerCommands owner;
    /** Where a call's write goes, and how a planned edit is written (an accept's too). */
    final StoreWrites writes = new StoreWrites(this);
    private final StoreListeners listeners = new StoreListeners();

    /**
     * Opens the store on {@code memoryDir}, creating what is missing, cuts off what a stop left
     * unfinished at the end of the journal and pending.jsonl, and reads them back so ids continue and
     * resolved pending writes stay resolved.
     *
     * @param check the check of every new or rewritten entry and every note: the refusal sentence, if any
     * @param clock the source of times and ids
     * @param review whether writes to memory.md and user.md wait for the owner (off by default)
     */
    public MemoryStore(Path memoryDir, Function<String, Optional<String>> check, Clock clock, boolean review)
            throws IOException {
        this(memoryDir, check, clock, review, Disk.REAL);
    }

    /** {@link #MemoryStore(Path, Function, Clock, boolean)}, its file writes going through {@code disk}. */
    MemoryStore(Path memoryDir, Function<String, Optional<String>> check, Clock clock, boolean review, Disk disk)
            throws IOException {
        this.dir = new MemoryDir(memoryDir, disk);
        this.journal = new Journal(dir.editsDir(), disk);
        this.finished = new FinishedMarks(dir.editsDir(), disk);
        this.pendingLog = new PendingLog(dir.pendingPath(), disk);
        this.rules = new Rules(check);
        this.clock = clock;
        this.review = review;
        journal.dropUnfinishedLines();
        finished.dropUnfinishedLine();
        pendingLog.dropUnfinishedLine();
        for (Edit edit : journal.readAll()) {
            state.remember(edit);
        }
        for (PendingWrite write : pendingLog.readAll()) {
            state.ids.observe(write.id());
        }
        this.owner = new OwnerCommands(this);
        new Recovery(this).finishLastEdit();
        unfinished = false;
    }

    /** A store with review off, the default. */
    public MemoryStore(Path memoryDir, Function<String, Optional<String>> check, Clock clock) throws IOException {
        this(memoryDir, check, clock, false);
    }

    /** Tells {@code listener} of every edit from now on (the Honcho mirror: the M5c spec, section 5.4). */
    public void onJournalled(Journalled listener) {
        listeners.onJournalled(listener);
    }

    /** Tells {@code listener} after every operation from now on that changed notes.md (memoryd's index). */
    public void onNotesChanged(NotesChanged listener) {
        listeners.onNotesChanged(listener);
    }

    /** The journalled edit {@code id}, read under the store's lock. */
    public Optional<Edit> findEdit(String id) throws IOException {
        synchronized (lock) {
            return journal.find(id);
        }
    }

    /** The session that staged pending write {@code id}, read under the store's lock. */
    public Optional<String> pendingSession(String id) throws IOException {
        synchronized (lock) {
            return pendingLog.readAll().stream().filter(w -> w.id().equals(id)).map(PendingWrite::session).findFirst();
        }
    }

    public MemoryDir files() {
        return dir;
    }

    public Journal journal() {
        return journal;
    }

    // The memory tool.

    /** Answers a decided {@code memory_call} whose turn is not known ({@link #call(MemoryCall, Long)}). */
    public ToolResponse call(MemoryCall memoryCall) {
        return call(memoryCall, null);
    }

    /**
     * Answers a decided {@code memory_call} made in {@code turn} of its session (null: not known), which
     * its edit or pending write keeps; a failed write answers {@code failed} with its sentence.
     */
    public ToolResponse call(MemoryCall memoryCall, Long turn) {
        Caller caller = Caller.of(memoryCall, turn);
        try {
            return call(caller, memoryCall.request().args()).toResponse(memoryCall.request().call());
        } catch (StoreFailure failure) {
            return Answer.failed(failure.sentence(), caller.label()).toResponse(memoryCall.request().call());
        }
    }

    /** Parses {@code args} (refusing a wrong shape) and runs the action. */
    public Answer call(Caller caller, ObjectNode args) throws StoreFailure {
        Request request;
        try {
            request = RequestParser.parse(args);
        } catch (Refused refused) {
            return Answer.refused(refused.sentence(), caller.label());
        }
        return handle(caller, request);
    }

    public Answer add(Caller caller, IdentityFile file, String text) throws IOException {
        return handle(caller, new Request.Add(file, text));
    }

    public Answer replace(Caller caller, IdentityFile file, String old, String text) throws IOException {
        return handle(caller, new Request.Replace(file, old, text));
    }

    public Answer remove(Caller caller, IdentityFile file, String old) throws IOException {
        return handle(caller, new Request.Remove(file, old));
    }

    public Answer note(Caller caller, String text) throws IOException {
        return handle(caller, new Request.Note(text));
    }

    public Answer consolidate(Caller caller, IdentityFile file, List<Request.Item> items) throws IOException {
        return handle(caller, new Request.Consolidate(file, items));
    }

    /**
     * Routing by the session's state (the spec, section 5, "Where a write goes"). A failure throws
     * {@link StoreFailure}, after taking back what the write had done (docs/decisions.md).
     */
    public Answer handle(Caller caller, Request request) throws StoreFailure {
        try {
            synchronized (lock) {
                try {
                    return writes.route(caller, request);
                } catch (IOException | RuntimeException e) {
                    throw settle(e);
                }
            }
        } finally {
            listeners.announceNotes();
        }
    }

    /** The write from its first append to its answer, which a failure takes back; null: none. */
    void attempting(WriteAttempt write) {
        attempt = write;
    }

    /** Appends {@code notes} to notes.md, durably, and remembers to announce it once the operation ends. */
    void appendNotes(List<NotesFile.Note> notes) throws IOException {
        if (notes.isEmpty()) {
            return;
        }
        dir.notes().append(notes);
        listeners.notesWritten();
    }

    Edit journalAppend(Edit edit) throws IOException {
        attempt = WriteAttempt.ofEdit(this, edit);
        journal.append(edit);
        state.remember(edit);
        // Until its notes and file are written too, the edit is unfinished: a failure from here on
        // leaves the journal ahead of the files, and no other write may start from them.
        unfinished = true;
        return edit;
    }

    /**
     * Marks a journalled edit finished, once its notes and file are written: from here on no
     * recovery replays it, whatever the owner does to the files. A failure leaves it unfinished.
     */
    void finish(Edit edit) throws IOException {
        finished.mark(edit.id());
        unfinished = false;
        attempt = null;
        listeners.journalled(edit);
    }

    /**
     * After a failure: takes back the write it interrupted, so that its answer, failed, stays true,
     * and returns the failure to throw. When that fails too, the write stays unfinished, for recovery
     * to finish from its journal line at the next write or start, and the answer says so.
     */
    private StoreFailure settle(Exception failure) {
        WriteAttempt interrupted = attempt;
        attempt = null;
        // The write may have appended to notes.md, and cut it back, while the index read it.
        listeners.notesWritten();
        if (interrupted == null) {
            failures.log("a memory write failed before it wrote anything: " + RepeatedLines.describe(failure));
            return new StoreFailure(StoreSentences.STORE_FAILED, failure);
        }
        try {
            interrupted.takeBack();
        } catch (IOException | RuntimeException e) {
            failures.log("a memory write failed (" + RepeatedLines.describe(failure) + ") and could not be taken back ("
                    + RepeatedLines.describe(e) + ")");
            return new StoreFailure(interrupted.edit() == null ? StoreSentences.STORE_FAILED_MAY_BE_PENDING
                    : StoreSentences.STORE_FAILED_MAY_BE_APPLIED, failure);
        }
        failures.log("a memory write failed and was taken back: " + RepeatedLines.describe(failure));
        if (interrupted.edit() != null) {
            state.forget(interrupted.edit(), interrupted.latestBefore());
        }
        unfinished = false;
        return new StoreFailure(StoreSentences.STORE_FAILED, failure);
    }

    /** Tells the listener of an edit that writes no file (a reject), once it is journalled. */
    void journalledOnly(Edit edit) {
        listeners.journalled(edit);
    }

    /**
     * Called at the start of every write: finishes an edit a failed write left behind (from its
     * journal line), or fails the call so nothing is planned against half-written files.
     */
    void finishUnfinished() throws IOException {
        if (unfinished) {
            new Recovery(this).finishLastEdit();
            unfinished = false;
        }
    }

    /** Journal times are UTC to the second, as in the session logs: {@code 2026-09-20T14:02:11Z}. */
    Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.SECONDS);
    }

    // The owner's commands (memory_admin), journalled with session "owner".

    public OwnerAnswer undo(String id) throws IOException {
        return asOwner(owner::undo, id);
    }

    public OwnerAnswer accept(String id) throws IOException {
        return asOwner(owner::accept, id);
    }

    public OwnerAnswer reject(String id) throws IOException {
        return asOwner(owner::reject, id);
    }

    /** An owner's write on {@code id}: under the lock, after finishing any edit a failure left unfinished. */
    private OwnerAnswer asOwner(OwnerWrite write, String id) throws StoreFailure {
        try {
            synchronized (lock) {
                try {
                    finishUnfinished();
                    OwnerAnswer answer = write.apply(id);
                    unfinished = false;
                    attempt = null;
                    return answer;
                } catch (IOException | RuntimeException e) {
                    throw settle(e);
                }
            }
        } finally {
            listeners.announceNotes();
        }
    }

    @FunctionalInterface
    private interface OwnerWrite {
        OwnerAnswer apply(String id) throws IOException;
    }

    /** The last {@code n} edits as text, newest first. */
    public String log(int n) throws IOException {
        synchronized (lock) {
            return Listings.log(journal.last(n));
        }
    }

    /**
     * At most {@code n} edits journalled before {@code id} as text, newest first (a page of the whole
     * log); empty when no edit has that id.
     */
    public Optional<String> logBefore(String id, int n) throws IOException {
        synchronized (lock) {
            return journal.before(id, n).map(page -> page.isEmpty() ? ReviewSentences.noEditsBefore(id) : Listings.log(page));
        }
    }

    /** The writes waiting for review as text, oldest first. */
    public String pending() throws IOException {
        synchronized (lock) {
            return Listings.pending(owner.waiting());
        }
    }

    /** {@link #log} for {@code --json}: the edits as {@link ListingsJson#log} writes them. */
    public String logJson(int n) throws IOException {
        synchronized (lock) {
            return ListingsJson.log(journal.last(n));
        }
    }

    /** {@link #logBefore} for {@code --json}; an empty page is a document with no edits. */
    public Optional<String> logBeforeJson(String id, int n) throws IOException {
        synchronized (lock) {
            return journal.before(id, n).map(ListingsJson::log);
        }
    }

    /** {@link #pending} for {@code --json}. */
    public String pendingJson() throws IOException {
        synchronized (lock) {
            return ListingsJson.pending(owner.waiting());
        }
    }
}
