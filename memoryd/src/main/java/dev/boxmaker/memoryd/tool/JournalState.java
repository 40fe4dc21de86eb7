package dev.boxmaker.memoryd.tool;

import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.edits.Ids;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the store keeps in memory of its journal: the ids handed out (so they continue after a
 * restart), the latest edit of each file (undo reverts only that one), and the pending writes
 * already accepted or rejected (never applied twice). Read back from the journal at start; used
 * under the store's lock.
 */
final class JournalState {
    final Ids ids = new Ids();
    /** The id of the latest edit per {@code to} file (memory.md, user.md, notes.md). */
    private final Map<String, String> latestByTo = new HashMap<>();
    /** Pending writes already accepted or rejected, from the journal. */
    private final Set<String> resolvedPending = new HashSet<>();

    /** Counts {@code edit} in, once it is journalled (or read back from the journal). */
    void remember(Edit edit) {
        ids.observe(edit.id());
        if (edit.to() != null) {
            latestByTo.put(edit.to(), edit.id());
        }
        if (edit.pending() != null) {
            resolvedPending.add(edit.pending());
        }
    }

    /** Undoes {@link #remember} for an edit taken back: the latest edit of its file is {@code latestBefore} again. */
    void forget(Edit edit, Optional<String> latestBefore) {
        if (edit.pending() != null) {
            resolvedPending.remove(edit.pending());
        }
        if (edit.to() != null) {
            latestBefore.ifPresentOrElse(id -> latestByTo.put(edit.to(), id), () -> latestByTo.remove(edit.to()));
        }
    }

    /** The latest edit of {@code to}; null when none. */
    String latest(String to) {
        return latestByTo.get(to);
    }

    /** Whether pending write {@code id} was accepted or rejected. */
    boolean resolved(String id) {
        return resolvedPending.contains(id);
    }
}
