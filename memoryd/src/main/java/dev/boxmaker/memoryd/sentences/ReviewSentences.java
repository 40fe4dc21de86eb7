package dev.boxmaker.memoryd.sentences;

import static dev.boxmaker.memoryd.sentences.StoreSentences.count;
import static dev.boxmaker.memoryd.sentences.StoreSentences.quote;
import static dev.boxmaker.memoryd.sentences.StoreSentences.quoted;

import dev.boxmaker.proto.Numbers;

/**
 * Review, undo and the owner's other listings and commands
 */
public final class ReviewSentences {
    private ReviewSentences() {
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

    public static String undoWouldRepeat(String id, String file, String entry) {
        return "undo of " + id + " would put an entry back twice in " + file + ": " + quoted(entry)
                + "; edit the file instead";
    }

    public static String undoneNote(String id, String undoId) {
        return "undid " + id + " as " + undoId + ": the note is retracted in notes.md and recall no longer returns it";
    }

    public static String noSuchEdit(String id) {
        return "no edit has the id \"" + quote(id) + "\"; bxctl memory log lists them";
    }

    public static String undoNothing(String id) {
        return id + " is a reject and changed no file; there is nothing to undo";
    }

    public static String undoRetraction(String id) {
        return id + " retracted a note; a retraction cannot be undone";
    }

    // The owner's listings and commands.

    public static final String NO_EDITS = "no edits yet";

    /** A page of the log past its oldest edit: {@code id} is a valid id the journal holds. */
    public static String noEditsBefore(String id) {
        return "no edits before " + id;
    }

    public static String logCountInvalid(String arg, int max) {
        return "log takes a number of edits from 1 to " + Numbers.grouped(max) + "; got \""
                + quote(arg) + "\"";
    }

    public static String unknownCommand(String command) {
        return "unknown command \"" + quote(command)
                + "\"; the commands are log, undo, pending, accept, reject, show, search, sync";
    }

    public static String idInvalid(String arg) {
        return "\"" + quote(arg) + "\" is not an edit id; ids look like 2026-09-24-0003";
    }
}
