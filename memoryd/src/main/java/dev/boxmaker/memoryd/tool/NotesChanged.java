package dev.boxmaker.memoryd.tool;

/**
 * Told by the store that notes.md changed: a note appended, entries moved or dropped to it, a note
 * retracted, an interrupted edit finished, or a failed write cut back what it had appended. Called
 * once per store operation that changed it, after the operation is durable and outside the store's
 * lock, so a slow listener never holds up the next write. memoryd's index listens (it reads notes.md
 * past its progress), wired where the daemon is assembled.
 */
@FunctionalInterface
public interface NotesChanged {
    void notesChanged();
}
