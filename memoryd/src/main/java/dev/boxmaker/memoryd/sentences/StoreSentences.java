package dev.boxmaker.memoryd.sentences;

import dev.boxmaker.proto.Numbers;
import dev.boxmaker.proto.text.Escape;

/**
 * The memory store's sentences: memory_call's failures, the session write limit, the memory tool's
 * actions and its entries' refusals (memoryd.md, "Fixed sentences")
 */
public final class StoreSentences {
    private StoreSentences() {
    }

    // memory_call (brokerd's socket).

    /** A write that failed and was taken back whole (or never began): it is never applied later. */
    public static final String STORE_FAILED = "memory could not complete the call: a file operation failed "
            + "and the call was not applied; see memoryd's log";

    /**
     * A write that failed after its journal line, whose taking back failed too: recovery finishes it
     * from the line (or drops it, when the line did not go in whole) at the next write or start.
     */
    public static final String STORE_FAILED_MAY_BE_APPLIED = "memory could not complete the call: a file "
            + "operation failed and the call may have been applied; it will be finished or dropped at the next "
            + "write or restart; see `bxctl memory log`";

    /** A write for review whose pending.jsonl line could not be taken back after a failure. */
    public static final String STORE_FAILED_MAY_BE_PENDING = "memory could not complete the call: a file "
            + "operation failed and the write may be waiting for the owner's review; see `bxctl memory pending`";

    /** A session past its limit of memory calls; nothing was written, and other sessions go on. */
    public static String sessionWriteLimit(int max, long seconds) {
        return "this session has made " + Numbers.grouped(max) + " memory calls in the last " + seconds
                + " seconds, the most one session may; nothing was written; wait before the next call, and put"
                + " more in each note instead of many small ones";
    }

    public static String toolNotServed(String tool) {
        return "memoryd does not serve the tool \"" + quote(tool) + "\"";
    }

    // The memory store: files, the memory tool's actions, routing and journal (memoryd.md, "Fixed sentences";
    // the spec, section 5). quote, quoted and count serve the package's other catalogues too.

    /** How much of an entry a sentence quotes back (memoryd.md: "cut to 80 characters"). */
    public static final int ENTRY_QUOTED_CHARS_MAX = 80;

    /**
     * A value from a request quoted back on one line (a tool's name, a command, an id): the project's
     * one quote, escaped then cut. Entries keep their lines: {@link #quoted} only cuts them.
     */
    static String quote(String value) {
        return dev.boxmaker.proto.Sentences.quote(value);
    }

    static String quoted(String entry) {
        return "\"" + Escape.cut(entry, ENTRY_QUOTED_CHARS_MAX) + "\"";
    }

    static String count(int chars, int limit) {
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

    /** The owner's editor left an entry twice in the file; consolidate naming it once mends it. */
    public static String ownersDuplicate(String file, String entry) {
        return file + " holds an entry twice: " + quoted(entry) + "; use consolidate to name it once, with keep";
    }

    /** An entry leaving its file for notes.md holds a line (the owner's) that notes.md reads as a header. */
    public static String notStorableInNotes(String entry) {
        return "the entry " + quoted(entry) + " holds a line that reads as a notes.md header, so it cannot go to "
                + "notes.md; replace it with its text without that line first";
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

    // Argument shapes: memoryd checks them again, since it does not trust brokerd's parse, with the
    // sentences of the one tool contract (common-proto's Sentences, dev.boxmaker.proto.tools).
}
