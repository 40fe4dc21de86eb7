package dev.boxmaker.memoryd.tool;

import dev.boxmaker.memoryd.edits.Edit;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Who the store tells of what it wrote: each edit once it is journalled and done ({@link Journalled},
 * the Honcho mirror), and notes.md's changes once per operation ({@link NotesChanged}, the index).
 * None is told until one is set.
 */
final class StoreListeners {
    private volatile Journalled journalled = edit -> { };
    private volatile NotesChanged notesChanged = () -> { };
    /** notes.md changed since the last announcement; set under the store's lock, taken after it. */
    private final AtomicBoolean notesWritten = new AtomicBoolean();

    void onJournalled(Journalled listener) {
        journalled = Objects.requireNonNull(listener, "listener");
    }

    void onNotesChanged(NotesChanged listener) {
        notesChanged = Objects.requireNonNull(listener, "listener");
    }

    void journalled(Edit edit) {
        journalled.journalled(edit);
    }

    /** notes.md changed, or may have (a failed write cut back what it appended); told at the operation's end. */
    void notesWritten() {
        notesWritten.set(true);
    }

    /** At an operation's end, outside the store's lock: tells of notes.md's change since the last time, if any. */
    void announceNotes() {
        if (notesWritten.getAndSet(false)) {
            notesChanged.notesChanged();
        }
    }
}
