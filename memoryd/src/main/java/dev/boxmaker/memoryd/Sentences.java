package dev.boxmaker.memoryd;

import dev.boxmaker.proto.Numbers;
import dev.boxmaker.proto.text.Escape;

/**
 * Every sentence memoryd lets the model or the owner read, in one place (conventions.md), each
 * pinned by a test. Numbers are grouped with commas (memoryd.md, "Counting and numbers").
 */
public final class Sentences {
    private Sentences() {
    }

    // ---------------------------------------------------------------------------------------------
    // The memory store: files, the memory tool's actions, routing, journal, undo and review.
    // (memoryd.md, "Fixed sentences"; the spec, section 5.) Kept in one contiguous section.
    // ---------------------------------------------------------------------------------------------

    /** How much of an entry a sentence quotes back (memoryd.md: "cut to 80 characters"). */
    public static final int ENTRY_QUOTED_CHARS_MAX = 80;

    private static String quoted(String entry) {
        return "\"" + Escape.cut(entry, ENTRY_QUOTED_CHARS_MAX) + "\"";
    }

    private static String count(int chars, int limit) {
        return Numbers.grouped(chars) + " of " + Numbers.grouped(limit) + " characters";
    }

    private static final String NEXT_SESSION = "; it takes effect in the next session";

    public static String added(String file, int chars, int limit) {
        return "added to " + file + " (" + count(chars, limit) + ")" + NEXT_SESSION;
    }

    public static String replaced(String file, int chars, int limit) {
        return "replaced in " + file + " (" + count(chars, limit) + ")" + NEXT_SESSION;
    }

    /** The count is the file's new count, as in the other applied sentences. */
    public static String removed(String file, int chars, int limit) {
        return "removed from " + file + " and kept in notes.md as dropped (" + count(chars, limit) + ")" + NEXT_SESSION;
    }

    /** All five counts are always written, zeros included, so the sentence has one shape. */
    public static String consolidated(String file, int kept, int rewritten, int moved, int dropped, int added,
            int chars, int limit) {
        return "consolidated " + file + ": " + kept + " kept, " + rewritten + " rewritten, " + moved
                + " moved to notes, " + dropped + " dropped, " + added + " new (" + count(chars, limit) + ")"
                + NEXT_SESSION;
    }

    public static final String NOTED = "noted";

    public static final String NOTED_UNTRUSTED = "noted (untrusted)";

    public static final String SAVED_AS_UNTRUSTED_NOTE =
            "saved as a note (untrusted): this session has read untrusted content";

    public static String untrustedIdentityEdit(String file) {
        return "this session has read untrusted content; it can take notes but not change " + file;
    }

    public static String duplicate(String file) {
        return file + " already holds that entry";
    }

    public static String overLimit(String file, int chars, int limit) {
        return file + " would be " + count(chars, limit) + "; use consolidate to move entries to notes";
    }

    public static String noSuchEntry(String file, String old) {
        return "no entry of " + file + " is exactly " + quoted(old) + "; read the file as it is now";
    }

    public static String consolidateMissing(String file, String entry) {
        return "consolidate must name every entry of " + file + " once; missing: " + quoted(entry);
    }

    public static String consolidateTwice(String file, String entry) {
        return "consolidate names an entry of " + file + " twice: " + quoted(entry);
    }

    /** Two items of one consolidate would leave the same entry twice (e.g. two equal rewrites). */
    public static String consolidateDuplicate(String file, String entry) {
        return "consolidate would leave " + file + " holding an entry twice: " + quoted(entry);
    }

    /** {@code which} is "none" or the names given, e.g. "keep and move". */
    public static String consolidateItemChoice(int index, String which) {
        return "consolidate: entries[" + index + "] must have exactly one of keep, text, move, drop with its old; it has "
                + which;
    }

    public static String consolidateNewNeedsOnlyText(int index) {
        return "consolidate: entries[" + index + "] has no old, so it is a new entry and must have only text";
    }

    public static String noteLength(int chars, int max) {
        return "a note must be 1 to " + Numbers.grouped(max) + " characters; this one is " + Numbers.grouped(chars);
    }

    public static final String ENTRY_EMPTY = "the entry is empty; an entry needs at least one character besides white space";

    /**
     * The same text as the check's rule 0: a backstop so the file format holds even if the check
     * given to the store does not cover it.
     */
    public static final String SEPARATOR_LINE = "refused: the text holds a line that reads as an entry separator";

    // Argument shapes: memoryd checks them again, since it does not trust brokerd's parse.

    public static final String ACTION_INVALID =
            "\"action\" must be one of \"add\", \"replace\", \"remove\", \"note\", \"consolidate\"";

    public static final String FILE_INVALID = "\"file\" must be \"memory\" or \"user\"";

    public static String fieldNotString(String field) {
        return "\"" + field + "\" is missing or not a string";
    }

    public static String fieldNotTrue(String field) {
        return "\"" + field + "\" must be true when given";
    }

    public static final String ENTRIES_INVALID = "\"entries\" is missing or not an array of objects";

    public static String entriesTooMany(int max) {
        return "\"entries\" may hold at most " + Numbers.grouped(max) + " items";
    }

    // Review.

    public static String waitingForReview(String id) {
        return "waiting for the owner's review as " + id + "; if accepted it takes effect in a later session";
    }

    public static String noSuchPending(String id) {
        return "no write " + id + " is waiting for review; bxctl memory pending lists them";
    }

    public static String accepted(String pendingId, String applied) {
        return "accepted " + pendingId + ": " + applied;
    }

    public static String acceptRefused(String pendingId, String refusal) {
        return "accept " + pendingId + " refused, and it stays pending: " + refusal;
    }

    public static String rejected(String pendingId, String editId) {
        return "rejected " + pendingId + " as " + editId + "; it will not be applied";
    }

    public static final String NOTHING_PENDING = "no writes are waiting for review";

    // Undo.

    public static String undoNotLatest(String id, String file, String latest) {
        return id + " is not the latest edit of " + file + " (" + latest + " is); only the latest can be undone";
    }

    public static String undoChangedSince(String file, String id) {
        return file + " has changed since " + id + "; undo refused so that no later change is lost";
    }

    public static String undone(String id, String undoId, String file, int entries, int chars, int limit) {
        return "undid " + id + " as " + undoId + ": " + file + " is back to " + entries
                + (entries == 1 ? " entry" : " entries") + " (" + count(chars, limit) + ")";
    }

    public static String undoneNote(String id, String undoId) {
        return "undid " + id + " as " + undoId + ": the note is retracted in notes.md and recall no longer returns it";
    }

    public static String noSuchEdit(String id) {
        return "no edit has the id \"" + Escape.cut(id, ENTRY_QUOTED_CHARS_MAX) + "\"; bxctl memory log lists them";
    }

    public static String undoNothing(String id) {
        return id + " is a reject and changed no file; there is nothing to undo";
    }

    public static String undoRetraction(String id) {
        return id + " retracted a note; a retraction cannot be undone";
    }

    // The owner's listings and commands.

    public static final String NO_EDITS = "no edits yet";

    public static String logCountInvalid(String arg, int max) {
        return "log takes a number of edits from 1 to " + Numbers.grouped(max) + "; got \""
                + Escape.cut(arg, ENTRY_QUOTED_CHARS_MAX) + "\"";
    }

    public static String unknownCommand(String command) {
        return "unknown command \"" + Escape.cut(command, ENTRY_QUOTED_CHARS_MAX)
                + "\"; the commands are log, undo, pending, accept, reject";
    }

    public static String idInvalid(String arg) {
        return "\"" + Escape.cut(arg, ENTRY_QUOTED_CHARS_MAX) + "\" is not an edit id; ids look like 2026-09-24-0003";
    }
}
