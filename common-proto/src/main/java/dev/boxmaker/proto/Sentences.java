package dev.boxmaker.proto;

import dev.boxmaker.proto.limits.FrameLimits;
import dev.boxmaker.proto.text.Escape;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Every sentence common-proto lets a person or a model read, in one place (conventions.md). Each
 * one says what failed, the state now, and what to do next where there is a next step.
 */
public final class Sentences {
    /** How much of a value a sentence quotes back, so a sentence stays short. */
    public static final int QUOTED_CHARS_MAX = 80;

    private Sentences() {
    }

    /**
     * What a rebuild of memoryd's index read, as bxctl's {@code reindexed:} line and memoryd's log of
     * a build both say it: {@code 42 logs, 1,208 records, 7 notes}.
     */
    public static String rebuildRead(long logs, long records, long notes) {
        return Numbers.grouped(logs) + (logs == 1 ? " log, " : " logs, ")
                + Numbers.grouped(records) + (records == 1 ? " record, " : " records, ")
                + Numbers.grouped(notes) + (notes == 1 ? " note" : " notes");
    }

    /** How the last line of a log listing memoryd cut to fit one answer starts: bxctl's {@code --all} asks on. */
    public static final String LOG_CUT_PREFIX = "(cut to fit one answer: ";

    /**
     * The last line of a log listing cut to fit one answer: {@code shown} of {@code listed} edits, the
     * oldest shown being {@code oldestShown}.
     */
    public static String logCut(int shown, int listed, String oldestShown) {
        return LOG_CUT_PREFIX + Numbers.grouped(shown) + " of " + Numbers.grouped(listed)
                + " edits shown; bxctl memory log --before " + oldestShown + " lists on)";
    }

    // Frames and envelopes (wire.md, "Frames").

    public static String frameTooLarge(long bytes) {
        return "frame too large: " + Numbers.grouped(bytes) + " bytes; the limit is "
                + Numbers.grouped(FrameLimits.FRAME_BYTES_MAX);
    }

    public static final String FRAME_EMPTY = "empty frame";

    public static final String FRAME_NOT_UTF8 = "the frame is not valid UTF-8";

    public static final String FRAME_NOT_JSON = "the frame is not valid JSON";

    public static final String FRAME_NOT_ENVELOPE =
            "the frame is not an envelope: it must be one JSON object with a string \"kind\" and an object \"body\"";

    public static final String FRAME_TRUNCATED = "the connection closed before the whole frame arrived";

    public static final String REQUEST_TIMED_OUT = "the request did not arrive within 10 seconds; the connection is closed";

    public static String unknownKind(String kind) {
        return "unknown kind \"" + quote(kind) + "\"";
    }

    public static String kindNotServed(String kind) {
        return "this socket does not serve \"" + quote(kind) + "\"";
    }

    public static String bodyMissing(String kind) {
        return "the body of " + kind + " is missing";
    }

    public static String fieldMissing(String kind, String field) {
        return fieldInvalid(kind, field, FIELD_MISSING);
    }

    public static String fieldInvalid(String kind, String field, String why) {
        return "the body of " + kind + " is not valid: \"" + field + "\" " + why;
    }

    /** Why a field is refused, after its name. */
    public static final String FIELD_MISSING = "is missing";

    public static final String FIELD_WRONG_TYPE = "has the wrong type or value";

    /** A value's own sentence, after the field's name. */
    public static String fieldWrong(String sentence) {
        return "is wrong: " + sentence;
    }

    /** Why a count is refused, after the field's name. */
    public static final String FIELD_NEGATIVE = "must not be negative";

    /** Why a text is refused, after the field's name. */
    public static String fieldTooLong(int charsMax) {
        return "is longer than " + Numbers.grouped(charsMax) + " characters";
    }

    public static final String SERVER_FAILED = "the request failed inside the daemon; nothing was changed; see the daemon's log";

    public static final String SERVER_BUSY = "the daemon is busy; try again in a moment";

    // Starting a socket server (each names the path; nothing at the path is removed unless it is a
    // socket nobody answers on).

    public static final String NATIVE_TRANSPORT_MISSING =
            "the native transport (epoll) is not available, so Unix sockets cannot be served; "
            + "run on Linux x86_64 with netty-transport-native-epoll and prefer-native-transport set";

    public static String socketInUse(Path socket) {
        return "another process is answering on " + socket + "; stop it or give this daemon another socket path";
    }

    public static String socketNotASocket(Path socket) {
        return "the file at " + socket + " is not a socket and was left alone; move it away or give this daemon another socket path";
    }

    public static String socketUnchecked(Path socket) {
        return "could not check the socket at " + socket + ", so it was left alone; remove it if no daemon uses it";
    }

    public static String socketDirFailed(Path dir) {
        return "could not create the socket directory " + dir + ": a file is in the way or a parent is not writable";
    }

    public static String listenFailed(Path socket) {
        return "could not listen on " + socket + "; nothing is served; see the daemon's log";
    }

    // A daemon's start.

    /**
     * The line a daemon that stops at start prints, with its runbook entry ({@code DAEMON-start-failed}),
     * unless {@code why} ends with an entry of its own (brokerd's damaged audit log), which is the one to read.
     */
    public static String startFailed(String daemon, String why) {
        String line = daemon + " could not start: " + why;
        return OWN_RUNBOOK.matcher(line).find() ? line : line + " (runbook " + daemon + "-start-failed)";
    }

    private static final Pattern OWN_RUNBOOK = Pattern.compile("\\(runbook [a-z0-9-]+\\)$");

    // The modes of what a daemon owns (daemon.OwnPaths).

    /** A path a daemon owns that another user owns: the start stops. */
    public static String pathOfAnotherUser(Path path, String owner, int uid) {
        return path + " belongs to the user " + owner + ", not to this daemon's user (uid " + uid
                + "), so another user could change it; give it to this user (chown) or remove it";
    }

    /** A path a daemon owns that it could not close to group and other. */
    public static String pathNotTightened(Path path, String why) {
        return path + " is writable or readable by other users and could not be made private (" + why
                + "); make it 0700 (a directory) or 0600 (a file)";
    }

    public static String pathUnreadable(Path path, String why) {
        return path + " could not be checked (" + why + "); fix its permissions";
    }

    public static String tooManyPaths(Path tree, int max) {
        return tree + " holds more than " + Numbers.grouped(max) + " files and directories; clear it out";
    }

    /** The log line of a path whose group and other permissions were taken away at start. */
    public static String pathTightened(Path path, String from, String to) {
        return "made " + path + " private: its mode was " + from + ", now " + to;
    }

    // A daemon's lock on its part of the home (daemon.HomeLock).

    public static String homeInUse(String daemon, Path lock) {
        return "another " + daemon + " is running on this home (it holds " + lock + "); stop it first";
    }

    public static String homeLockFailed(String daemon, Path lock, String why) {
        return lock + " cannot be locked (" + why + "); " + daemon + " runs only while it holds it";
    }

    // Values.

    public static String invalidSessionId(String value) {
        return "invalid session id \"" + quote(value) + "\": it must be a lower-case prefix, a dash, "
                + "and 1 to 128 letters, digits, '_' or '-'";
    }

    public static String unknownDataClass(String word) {
        return "unknown data class \"" + quote(word) + "\": it must be public, private or secret";
    }

    public static String unknownOutcome(String word) {
        return "unknown outcome \"" + quote(word) + "\": it must be ok, refused, denied or failed";
    }

    // The blocking client (each names the socket and the runbook entry).

    public static String noDaemon(Path socket, String runbook) {
        return "nothing answers on " + socket + " (is the daemon running?); see runbook " + runbook;
    }

    /** The socket is there (or its folder is), but this user may not open it: {@code EACCES}, not a daemon down. */
    public static String notPermitted(Path socket, String runbook) {
        return "the socket " + socket + " exists, but this user may not open it (permission denied); run this"
                + " as the user the daemons run as; see runbook " + runbook;
    }

    public static String noReply(Path socket, long seconds, String runbook) {
        return "no reply from " + socket + " within " + Numbers.grouped(seconds) + " seconds; see runbook " + runbook;
    }

    public static String connectTimedOut(Path socket, long millis, String runbook) {
        return "could not connect to " + socket + " within " + Numbers.grouped(millis) + " ms; see runbook " + runbook;
    }

    public static String badReply(Path socket, String why, String runbook) {
        return "the reply from " + socket + " could not be read (" + why + "); see runbook " + runbook;
    }

    public static String connectionLost(Path socket, String runbook) {
        return "the connection to " + socket + " closed before a reply came; see runbook " + runbook;
    }

    // Session logs (home.md)

    /** The runbook entry every session-log sentence names. */
    public static final String LOG_RUNBOOK = "session-log-invalid";

    /**
     * A line of a session log that cannot be read. Records count from 0 (home.md); the editor's
     * line number is given too, since that is what an owner opening the file sees.
     */
    public static String logLineInvalid(Path file, long record, String why) {
        return "the session log " + file + " is not valid at record " + Numbers.grouped(record)
                + " (line " + Numbers.grouped(record + 1) + " in an editor): " + why
                + "; the records before it were read and none after it; see runbook " + LOG_RUNBOOK;
    }

    public static final String LOG_LINE_NOT_UTF8 = "it is not valid UTF-8";

    public static final String LOG_LINE_NOT_JSON = "it is not one JSON object";

    public static String logLineTooLong(int bytesMax) {
        return "it is longer than " + Numbers.grouped(bytesMax) + " bytes";
    }

    public static final String LOG_TYPE_MISSING = "\"type\" is missing";

    public static String logTypeUnknown(String type) {
        return "unknown type \"" + quote(type) + "\": it must be user, assistant or tool_result";
    }

    /** A field of a log record at fault, as {@code FieldFault} names it. */
    public static String logField(String field, String why) {
        return "\"" + field + "\" " + why;
    }

    public static String logEndsBeforeRecord(Path file, long records) {
        return "the session log " + file + " holds fewer than the " + Numbers.grouped(records)
                + " records already read; a session log is never rewritten, so something else changed it"
                + "; see runbook " + LOG_RUNBOOK;
    }

    public static String logEndsBeforeByte(Path file, long bytes) {
        return "the session log " + file + " is shorter than the " + Numbers.grouped(bytes)
                + " bytes already read; a session log is never rewritten, so something else changed it"
                + "; see runbook " + LOG_RUNBOOK;
    }

    public static String logNotALineStart(Path file, long bytes) {
        return "byte " + Numbers.grouped(bytes) + " of the session log " + file + " is not the start of a line"
                + "; resume from a position the reader returned, or from the record count alone";
    }

    /** A symbolic link where a session's folder or file must be (issue 27): refused, never followed. */
    public static String linkRefused(Path path) {
        return "refused " + path + ": it is a symbolic link, and nothing under sessions/ is followed;"
                + " a session's folder and files must be its own";
    }

    public static String logPositionInvalid(long records, long bytes) {
        return "a session log position needs 0 <= records <= bytes, not " + Numbers.grouped(records)
                + " records at byte " + Numbers.grouped(bytes);
    }

    public static String logRecordTooLong(Path file, long bytes, int bytesMax) {
        return "a record of " + Numbers.grouped(bytes) + " bytes is over the session log's limit of "
                + Numbers.grouped(bytesMax) + " bytes; nothing was written to " + file;
    }

    public static String logRecordDoesNotReadBack(Class<?> type) {
        return "a " + type.getSimpleName() + " would not read back equal from its line, so it was not written"
                + "; this is a bug in common-proto";
    }

    public static String logBusy(Path file) {
        return "the session log " + file + " is already open for writing; a session has one writer at a time";
    }

    public static String logWriterBroken(Path file) {
        return "a write to the session log " + file + " failed and could not be undone; nothing more is written"
                + " through this writer; open the log again, which drops the unfinished line";
    }

    public static String logUnfinishedLineDropped(Path file, long bytes) {
        return "dropped an unfinished last line of " + Numbers.grouped(bytes) + " bytes from the session log "
                + file + ", left by a write that never completed";
    }

    public static String invalidTime(String text) {
        return "invalid time \"" + quote(text) + "\": it must be a UTC time to the second, like 2026-09-20T14:02:11Z";
    }

    public static String timeOutOfRange(java.time.Instant time) {
        return "the time " + time + " is outside the years 0000 to 9999, which a session log can hold";
    }

    // The memory tools' arguments (the M5a spec, section 5; dev.boxmaker.proto.tools), as brokerd and
    // memoryd both refuse them.

    public static String toolTextOutOfRange(String tool, String field, int min, int max) {
        return tool + ": \"" + field + "\" must be a string of " + Numbers.grouped(min) + " to " + Numbers.grouped(max)
                + " characters";
    }

    public static String toolIntegerOutOfRange(String tool, String field, int min, int max) {
        return tool + ": \"" + field + "\" must be a whole number from " + min + " to " + max;
    }

    public static final String MEMORY_ACTION_INVALID =
            "memory: \"action\" must be one of \"add\", \"replace\", \"remove\", \"note\" and \"consolidate\"";
    public static final String MEMORY_FILE_INVALID = "memory: \"file\" must be \"memory\" or \"user\"";

    public static String consolidateEntriesInvalid(int max) {
        return "memory: \"entries\" must be a list of 1 to " + Numbers.grouped(max) + " objects";
    }

    public static String consolidateFlagNotTrue(String at) {
        return "memory: \"" + at + "\" must be true when it is given";
    }

    public static String consolidateItemChoice(int index, String which) {
        return "consolidate: entries[" + index + "] must have exactly one of keep, text, move, drop with its old; it has "
                + which;
    }

    public static String consolidateNewNeedsOnlyText(int index) {
        return "consolidate: entries[" + index + "] has no old, so it is a new entry and must have only text";
    }

    public static String askWorkspacesInvalid(int max) {
        return "ask_memory: \"workspaces\" must be a list of 1 to " + max
                + " names, each own, untrusted, fleet or another agent's name";
    }

    public static String askWorkspaceNameInvalid(int index) {
        return "ask_memory: workspaces[" + index + "] must be own, untrusted, fleet or another agent's name"
                + " (letters, digits, _ and -)";
    }

    public static String askWorkspaceTwice(int index) {
        return "ask_memory: workspaces[" + index + "] names a workspace already in the list; name each once";
    }

    public static final String ASK_REASONING_INVALID = "ask_memory: \"reasoning\" must be \"minimal\" or \"low\"";

    /** {@code codePoint} as {@code U+D83C}: a surrogate has no UTF-8 form, so it is named, not quoted. */
    public static String loneSurrogate(String field, int codePoint) {
        return "\"" + field + "\" is not valid Unicode: it holds " + String.format(java.util.Locale.ROOT, "U+%04X", codePoint)
                + " without its pair; write the character whole";
    }

    /**
     * A value quoted into a one-line sentence: escaped (newlines and tabs too, so it stays one line,
     * and markup made inert), then cut. Escaping first is what keeps the cap: an escape writes one
     * hidden character as up to ten visible ones, so text cut first could come out ten times longer.
     * Cutting last can end inside an escape (<code>&#92;u{20…</code>); that is still only visible characters.
     */
    public static String quote(String value) {
        if (value == null) {
            return "null";
        }
        return Escape.cut(Escape.escapeLine(value), QUOTED_CHARS_MAX);
    }
}
