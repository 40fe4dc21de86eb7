package dev.boxmaker.memoryd.sentences;

import dev.boxmaker.proto.Numbers;
import dev.boxmaker.proto.text.Escape;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Every sentence memoryd lets the model or the owner read, in one place (conventions.md); a test
 * pins each one's exact text.
 */
public final class Sentences {
    private Sentences() {
    }

    // brokerd's session state, for the Honcho turn decisions (the M5c spec, sections 5 and 7).

    /** brokerd answered {@code session_state} with an error frame: the turn waits undecided. */
    public static String brokerStateRefused(String message) {
        return "brokerd refused session_state (" + quote(message)
                + "); the turn waits undecided (runbook broker-state-unavailable)";
    }

    /** The fleet message that retracts an untrusted note (the M5c spec, section 4). */
    public static String fleetRetraction(String note) {
        return "retracted: " + note;
    }

    /** A turn named by session_updated that the session's log does not hold finished (yet). */
    public static String turnNotFinished(String session, long turn) {
        return "turn " + turn + " of session " + session + " is not finished in its log; it waits undecided";
    }

    /** Logged once when an outage of brokerd's state socket starts; {@code why} names the runbook entry. */
    public static String turnsWaitUndecided(String why) {
        return "turns wait undecided until brokerd answers session_state: " + why;
    }

    /** Logged once when brokerd's state socket answers again after {@link #turnsWaitUndecided}. */
    public static final String BROKER_STATE_BACK = "brokerd answers session_state again; the turns that waited are"
            + " being decided";

    /** A turn's log cannot be read for its decision: it is left undecided until its session's next update. */
    public static String turnUnreadable(String session, long turn, String why) {
        return "turn " + turn + " of session " + session + " could not be read for its Honcho decision (" + why
                + "); it is tried again at the session's next update";
    }

    /** A decision could not be appended to the ledger: the turn or edit is tried again. */
    public static String ledgerAppendFailed(String item, String why) {
        return "could not record the Honcho decision of " + item + " in memory/honcho.jsonl (" + why + ")";
    }

    /** Logged at start with {@code [honcho]}. */
    public static String honchoSyncStarted(String url, String trusted, String untrusted, String fleet, long waiting) {
        return "memoryd syncs to Honcho at " + url + " (workspaces " + trusted + ", " + untrusted + ", " + fleet + "); "
                + Numbers.grouped(waiting) + " item" + (waiting == 1 ? "" : "s") + " wait in memory/honcho.jsonl";
    }

    // bxctl memory sync (the M5c spec, sections 5 and 12): the Honcho ledger's state, from memory.

    /** {@code sync} on a memoryd without {@code [honcho]}. */
    public static final String FLEET_MEMORY_NOT_CONFIGURED = "fleet memory is not configured: memoryd.toml has no"
            + " [honcho] section, so nothing is synced to Honcho";

    /** A workspace's line: its counts, and how long the oldest waiting item has waited. */
    public static String syncWorkspace(String workspace, String role, long sent, long waiting, Long oldestSeconds,
            long failed) {
        return workspace + " (" + role + "): " + Numbers.grouped(sent) + " sent, " + Numbers.grouped(waiting)
                + " waiting" + (oldestSeconds == null ? "" : " (the oldest for " + Numbers.grouped(oldestSeconds) + " s)")
                + ", " + Numbers.grouped(failed) + " failed";
    }

    public static String syncOutage(String since) {
        return "  Honcho is unreachable since " + since + "; the outbox waits (runbook honcho-unreachable)";
    }

    public static String syncKeyRefused(String workspace) {
        return "  Honcho refused the key of " + workspace + "; its sends are stopped until memoryd restarts with a"
                + " key Honcho accepts (runbook honcho-key-refused)";
    }

    /** One failed item; {@code status} 0 is none. */
    public static String syncFailed(String item, int status, String kind, String at) {
        return "  failed " + item + ": " + kind + (status > 0 ? " " + status : "") + " at " + at
                + " (runbook honcho-send-refused)";
    }

    public static String syncFailedMore(long more) {
        return "  and " + Numbers.grouped(more) + " more failed";
    }

    public static String syncSpeakerless(long turns) {
        return Numbers.grouped(turns) + (turns == 1 ? " turn" : " turns") + " had no speaker, or one that cannot be a"
                + " Honcho peer name, and went nowhere";
    }

    /** {@code sync}'s argument is neither empty nor {@code json}. */
    public static String syncArgInvalid(String arg) {
        return "sync takes no argument but json; it was given \"" + quote(arg) + "\"";
    }

    /** brokerd answered {@code session_state} with another kind: the turn waits undecided. */
    public static String brokerStateUnexpected(String kind) {
        return "brokerd answered session_state with \"" + quote(kind)
                + "\"; the turn waits undecided (runbook broker-state-unavailable)";
    }

    // Start-up and the memory block (the M5a spec, sections 3 and 4).

    public static String overLimit(Path file, long chars, long max) {
        return file + " is " + Numbers.grouped(chars) + " of " + Numbers.grouped(max)
                + " characters, over its limit; shorten it with an editor";
    }

    public static String unreadable(Path file, String why) {
        return file + " cannot be read (" + why + "); fix or restore it";
    }

    public static String soulStarterMissing(Path starter) {
        return "the soul.md starter " + starter + " does not exist; fix [memory] soul_starter or create the file";
    }

    public static String startFailed(String why) {
        return dev.boxmaker.proto.Sentences.startFailed("memoryd", why);
    }

    public static final String USAGE = "usage: memoryd serve [--config FILE]";

    /**
     * An append to the journal, pending.jsonl or the recall log that a stop interrupted, cut off
     * before the file is appended to again.
     */
    public static String unfinishedLineDropped(Path file, long bytes) {
        return "dropped an unfinished last line of " + Numbers.grouped(bytes) + " bytes from " + file
                + ", left by a write that a stop interrupted and that was never answered";
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

    // The check (memoryd.md, "The check")

    /** Rule 0: a line holding only {@code §}, or a line that reads as a notes.md header. */
    public static final String REFUSED_ENTRY_SEPARATOR =
            "refused: the text holds a line that reads as an entry separator";

    /** Rule 0, a line imitating the memory block's headings, quoted (cut as rule 3's markup is). */
    public static String refusedBlockHeading(String line) {
        return "refused: the text holds a line that reads as a heading of the memory block ("
                + Escape.cut(line.strip(), MARKUP_QUOTE_CHARS_MAX) + ")";
    }

    /**
     * Rule 3 names the matched markup; a tag with long attributes is cut to this many characters
     * (code points) and an ellipsis, as memoryd.md cuts every quoted text, so that a refusal stays
     * short whatever the text held.
     */
    public static final int MARKUP_QUOTE_CHARS_MAX = 80;

    /** Rule 1, naming the code point as {@code U+0007}. */
    public static String refusedControlCharacter(int codePoint) {
        return "refused: the text holds a control character (" + codePointName(codePoint) + ")";
    }

    /** Rule 2, naming the code point as {@code U+200B}. */
    public static String refusedInvisibleCharacter(int codePoint) {
        return "refused: the text holds an invisible or direction-changing character ("
                + codePointName(codePoint) + ")";
    }

    /**
     * Rule 3, quoting the markup as it appears in the text, a line break in it written {@code \n}
     * (or {@code \r}) so that the sentence stays one line.
     */
    public static String refusedChatTemplateMarkup(String matched) {
        return "refused: the text holds chat-template markup ("
                + Escape.cut(matched.replace("\r", "\\r").replace("\n", "\\n"), MARKUP_QUOTE_CHARS_MAX) + ")";
    }

    /** Rule 4, quoting the phrase as memoryd.md lists it. */
    public static String refusedInstruction(String phrase) {
        return "refused: the text holds an instruction to the model (" + phrase + ")";
    }

    /** {@code U+} and at least four upper-case hex digits: U+0007, U+200B, U+E0041. */
    private static String codePointName(int codePoint) {
        return String.format(Locale.ROOT, "U+%04X", codePoint);
    }

    // ---------------------------------------------------------------------------------------------
    // The memory store: files, the memory tool's actions, routing, journal, undo and review.
    // (memoryd.md, "Fixed sentences"; the spec, section 5.) Kept in one contiguous section.
    // ---------------------------------------------------------------------------------------------

    /** How much of an entry a sentence quotes back (memoryd.md: "cut to 80 characters"). */
    public static final int ENTRY_QUOTED_CHARS_MAX = 80;

    /**
     * A value from a request quoted back on one line (a tool's name, a command, an id): the project's
     * one quote, escaped then cut. Entries keep their lines: {@link #quoted} only cuts them.
     */
    private static String quote(String value) {
        return dev.boxmaker.proto.Sentences.quote(value);
    }

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

    // ---------------------------------------------------------------------------------------------
    // The index and recall (the spec, sections 5 and 6; memoryd.md, "Recall"). One contiguous section.
    // ---------------------------------------------------------------------------------------------

    /** The runbook entry for a damaged index. */
    public static final String INDEX_DAMAGED_RUNBOOK = "memory-index-damaged";

    /** recall's answer while the index is damaged; memory writes and the block go on working. */
    public static final String RECALL_INDEX_DAMAGED = "recall is unavailable: the memory index is damaged; "
            + "the owner can rebuild it with bxctl reindex (runbook memory-index-damaged)";

    /** recall's answer when the index fails for another reason; nothing was changed. */
    public static final String RECALL_FAILED = "recall could not search the index; nothing was changed; see memoryd's log";

    public static String noMatches(String query) {
        return "(no matches for \"" + query + "\")";
    }

    public static final String SEARCH_USAGE = "search takes a query, and may end with -k N (N from "
            + dev.boxmaker.proto.tools.ToolContract.K_MIN + " to " + dev.boxmaker.proto.tools.ToolContract.K_MAX + ")";

    // recall's Honcho sources (the M5c spec, section 8; docs/decisions.md, "recall's Honcho sources").
    // A source's name is the same in its hits' headers and in its unavailable line.

    /** The fleet workspace as a source of recall. */
    public static final String FLEET_SOURCE = "fleet";

    /** Another agent's workspace, of {@code [[honcho.read]]}, as a source of recall. */
    public static String agentSource(String agent) {
        return "agent " + agent;
    }

    /** The one line of a Honcho source that failed or did not answer within its limit. */
    public static String sourceUnavailable(String source) {
        return source + ": unavailable";
    }

    /** How a Honcho hit's header names the owner's peer. */
    public static final String THE_OWNER = "the owner";

    /** A message in another agent's workspace (a turn): who said it. */
    public static String peerSaid(String peer) {
        return peer + " said";
    }

    /** A message in the fleet workspace (a note, or its retraction): who wrote it. */
    public static String peerNoted(String peer) {
        return peer + " noted";
    }

    /** A conclusion in another agent's workspace: whose picture of the peer it is. */
    public static String conclusionAbout(String peer) {
        return "conclusion about " + peer;
    }

    /** A Honcho hit whose time did not parse. */
    public static final String TIME_UNKNOWN = "time unknown";

    /** Logged at start for a {@code [[honcho.read]]} naming one of this agent's own workspaces. */
    public static String readWorkspaceIsOwn(String agent, String workspace) {
        return "[[honcho.read]] agent " + agent + " (workspace " + workspace + ") is this agent, or names one of its"
                + " own workspaces; recall does not search it, since the local index holds what it holds";
    }

    /**
     * One log line: a session log is read up to a line that cannot be read (the records before it
     * are indexed) and no further; loopd reports damage itself.
     */
    public static String logSkipped(Path log, String why) {
        return "the index reads no further in " + log + ": " + why;
    }

    /** One log line per record whose text is longer than the index keeps of it. */
    public static String recordTextCut(String session, long record, long bytes, long kept) {
        return "the index keeps the first " + Numbers.grouped(kept) + " bytes of record " + Numbers.grouped(record)
                + " of session " + session + ", which is " + Numbers.grouped(bytes) + " bytes; recall finds it by"
                + " those";
    }

    public static String sessionsUnreadable(Path dir, String why) {
        return "the index could not list " + dir + ": " + why;
    }

    public static String notesReadAgain(Path notes) {
        return "the index reads " + notes + " again whole: it no longer goes on from where the index had read it"
                + " (edited, or an append cut short)";
    }

    public static String notesUnreadable(Path notes, String why) {
        return "the index could not read " + notes + ": " + why;
    }

    /** The log line for a recall-log file the background flush could not flush; its lines are in the file. */
    public static String recallLogNotFlushed(java.nio.file.Path file, String why) {
        return "the recall log " + file + " could not be flushed to disk: " + why;
    }

    public static String indexWriteFailed(String why) {
        return "the index could not be updated: " + why + "; it catches up at the next update or start";
    }

    public static String indexDamagedLog(Path file, String why) {
        return "the index " + file + " is damaged (" + why + "); recall is unavailable until bxctl reindex "
                + "(runbook memory-index-damaged)";
    }

    public static String indexRebuilding(Path file, int found, int wanted) {
        return "the index " + file + " has layout " + found + " and this memoryd writes layout " + wanted
                + "; rebuilding it (recall answers from the old file meanwhile)";
    }

    /** {@code the index /home/index/memory.sqlite3 was built: 42 logs, 1,208 records, 7 notes, in 3.2 s}. */
    public static String indexBuilt(Path file, long logs, long records, long notes, long millis) {
        return "the index " + file + " was built: " + dev.boxmaker.proto.Sentences.rebuildRead(logs, records, notes)
                + ", in " + millis / 1000 + "." + millis % 1000 / 100 + " s";
    }

    public static String indexOtherLayout(int found, int wanted) {
        return "the index has layout " + found + ", not " + wanted + "; bxctl reindex rebuilds it";
    }

    public static String reindexFailed(String why) {
        return "reindex failed: " + why + "; the index is as it was";
    }

    // Honcho's configuration (the M5c spec, section 10; runbook honcho-config-invalid).

    /** The end of every sentence about an invalid {@code [honcho]} section or secret. */
    public static final String HONCHO_CONFIG_INVALID = " (runbook honcho-config-invalid)";

    public static String honchoUnknownKey(String key) {
        return "memoryd.toml has the key " + configValue(key) + ", which [honcho], [[honcho.read]] and"
                + " [secrets.NAME] do not know; fix its spelling or remove it" + HONCHO_CONFIG_INVALID;
    }

    public static String honchoKeyMissing(String key) {
        return key + " is missing; [honcho] needs url, agent, owner, trusted, untrusted and fleet"
                + HONCHO_CONFIG_INVALID;
    }

    public static String honchoNotAnId(String key, String value) {
        return key + " is " + configValue(value) + ", which Honcho does not accept as a name: use 1 to 512"
                + " letters, digits, _ or -" + HONCHO_CONFIG_INVALID;
    }

    public static String honchoUrlNotHttp(String value) {
        return "[honcho] url is " + configValue(value) + ", which is not an http:// or https:// address"
                + HONCHO_CONFIG_INVALID;
    }

    /** Without the URL: it holds a password. */
    public static final String HONCHO_URL_CREDENTIALS = "[honcho] url must not hold a user name or password;"
            + " put each workspace's key in a [secrets.NAME] file" + HONCHO_CONFIG_INVALID;

    public static String honchoSameName(String key, String otherKey) {
        return key + " and " + otherKey + " name the same peer or workspace; each must have its own"
                + HONCHO_CONFIG_INVALID;
    }

    public static String honchoTrust(String key, String value) {
        return key + " is " + configValue(value) + "; it must be \"untrusted\" (the default) or \"trusted\""
                + HONCHO_CONFIG_INVALID;
    }

    public static String honchoClass(String key, String value) {
        return key + " is " + configValue(value) + "; it must be public, private or secret" + HONCHO_CONFIG_INVALID;
    }

    /** {@code why} names the file and the mode or owner, never the content. */
    public static String secretUnusable(String name, Path file, String why) {
        return "[secrets." + configValue(name).replace("\"", "") + "] file " + file + " " + why
                + HONCHO_CONFIG_INVALID;
    }

    /** Why a key cannot be sent: the end of {@link #secretUnusable}'s sentence. */
    public static final String SECRET_NOT_ONE_LINE = "holds a character a bearer token cannot carry (a carriage"
            + " return, a second line, or one outside printable ASCII); write the key alone on one line";

    public static String secretNoFile(String name) {
        return "[secrets." + configValue(name).replace("\"", "") + "] has no file = \"…\"" + HONCHO_CONFIG_INVALID;
    }

    public static String ledgerLinesSkipped(Path file, long lines) {
        return "skipped " + Numbers.grouped(lines) + " lines of " + file + " that are not ledger lines (damaged or"
                + " written by hand); every other line was read";
    }

    private static String configValue(String value) {
        return "\"" + quote(value) + "\"";
    }

    // The Honcho worker (the M5c spec, section 5; runbook honcho-unreachable, honcho-send-refused,
    // honcho-key-refused). Each names the item and the workspace, the status and the kind; never a text
    // sent, an answer's body or a key.

    public static String honchoUnreachable(long waitMaxSeconds) {
        return "Honcho is unreachable; the outbox waits and the worker tries again, waiting longer each time up to "
                + Numbers.grouped(waitMaxSeconds) + " s (runbook honcho-unreachable)";
    }

    public static String honchoReachable(long downSeconds) {
        return "Honcho answers again after " + Numbers.grouped(downSeconds) + " s unreachable; the outbox drains"
                + " (runbook honcho-unreachable)";
    }

    public static String honchoSendRefused(String item, String workspace, int status, String kind) {
        return "Honcho refused " + item + " for workspace " + workspace + ": " + kind
                + (status > 0 ? " " + status : "") + "; it is marked failed and the worker goes on"
                + " (runbook honcho-send-refused)";
    }

    public static String honchoKeyRefused(String workspace, int status) {
        return "Honcho refused the key of workspace " + workspace + " (" + status + "); its sends stop until memoryd"
                + " restarts with a key Honcho accepts, and the other workspaces go on (runbook honcho-key-refused)";
    }

    public static String honchoItemGone(String item, String workspace, String kind) {
        return "the worker cannot send " + item + " to workspace " + workspace + ": " + kind
                + "; it is marked failed and the worker goes on (runbook honcho-send-refused)";
    }

    public static String honchoLedgerUnwritable(String item, String exception) {
        return "the worker could not record " + item + " in the ledger (" + exception + "); it looks the item up"
                + " in Honcho and records it at the next try";
    }

    public static String honchoWorkerError(String item, String exception) {
        return "the worker failed on " + item + " (" + exception + "); it is marked failed and the worker goes on";
    }

    // ask_memory (the M5c spec, section 9) and the owner's bxctl memory ask.

    public static final String ASK_MEMORY_NOT_CONFIGURED = "fleet memory is not configured: memoryd.toml has no"
            + " [honcho] section, so ask_memory has nothing to ask; use recall to search this agent's own memory";

    public static final String ASK_USAGE = "ask takes ask_memory's arguments as a JSON object:"
            + " {\"question\": \"...\", \"workspaces\": [\"own\"]}";

    /** {@code name} is a valid Honcho id (brokerd and memoryd checked its shape), so it is quoted as it is. */
    public static String askUnknownWorkspace(String name, java.util.List<String> names) {
        return "ask_memory: \"" + name + "\" is not a workspace this agent reads; name one of "
                + String.join(", ", names);
    }

    public static String askUnavailable(String name) {
        return name + ": unavailable";
    }

    public static String askNothingFound(String name) {
        return name + ": no answer";
    }
}
