package dev.boxmaker.loopd.sentences;

import dev.boxmaker.loopd.limits.TurnLimits;
import java.nio.file.Path;

/**
 * Every sentence loopd says to the model or the owner (conventions.md: fixed sentences in one place).
 * Tests pin each one. Values quoted back are escaped and cut.
 */
public final class Sentences {
    public static final String USAGE = "usage: loopd serve [--config FILE] | loopd self-test";

    /** The runbook entry for every failure of the model. */
    public static final String RUNBOOK_MODEL = "model-unavailable";
    /** The runbook entry for a new session that memoryd will not serve. */
    public static final String RUNBOOK_MEMORY = "memory-unavailable";

    /** A turn when {@code [model] url} is not set: loopd starts without one so {@code make run} can. */
    public static final String NO_MODEL = "no model is configured, so loopd cannot answer; set [model] url in"
            + " loopd.toml and restart loopd";

    /** loopd.md, step 4. */
    public static final String TOO_MANY_CALLS = "this turn made 16 model calls without an answer; ask again";

    /** loopd.md, step 3. */
    public static final String ARGUMENTS_NOT_OBJECT = "the arguments are not a JSON object";

    /** The answer to a call cut off by loopd stopping, given at the session's next turn. */
    public static final String CALL_CUT_OFF = "no answer: loopd stopped while this call ran, so it may or may not"
            + " have run; check before calling it again";

    public static final String SESSION_BUSY = "this session already has turns waiting; wait for the answer and"
            + " send again";

    public static final String LOOPD_STOPPING = "loopd is stopping, so the turn was not taken; send it again"
            + " when loopd is back";

    /** A turn still waiting behind an earlier turn of its session when loopd stops: it never started. */
    public static final String TURN_NOT_RUN = "loopd is stopping, so this turn, which was waiting for an earlier"
            + " turn of its session, was not run; send it again when loopd is back";

    /**
     * A turn that failed inside loopd after it had written to the session's log: the daemons' common
     * failure sentence says nothing was changed, which is false then.
     */
    public static final String TURN_FAILED_PARTWAY = "the turn failed partway inside loopd: the session's log keeps"
            + " what it did so far (the message, and any answers and tool calls of the model), so a tool may have"
            + " run; see loopd's log, and check before sending it again";

    /** A running turn that loopd interrupted as it stopped, after it had written to the session's log. */
    public static final String TURN_STOPPED_PARTWAY = "loopd stopped while this turn ran: the session's log keeps"
            + " what it did so far (the message, and any answers and tool calls of the model), so a tool may have"
            + " run; check before sending it again when loopd is back";

    /** A turn's text past {@code TurnLimits.TURN_TEXT_CHARS_MAX}: refused before anything is read or written. */
    public static final String TURN_TEXT_TOO_LONG = "the message is longer than a turn may be (at most "
            + count(TurnLimits.TURN_TEXT_CHARS_MAX) + " characters); nothing was written; send a shorter one";

    private Sentences() {
    }

    /**
     * A refusal after the turn's {@code user} record is in the session's log (the model failed, the
     * session filled up with tool results, a later record could not be written): sending the message
     * again would put it in the log twice. {@code why} keeps its runbook entry at its end.
     */
    public static String messageLogged(String why) {
        return "your message is already in the session's log, so do not send it again: " + why;
    }

    /** A refusal before the turn's {@code user} record was written: the message can be sent again. */
    public static String messageNotLogged(String why) {
        return "your message was not written to the session's log: " + why;
    }

    public static String startFailed(String why) {
        return dev.boxmaker.proto.Sentences.startFailed("loopd", why);
    }

    /** loopd.md, "Sessions". */
    public static String memoryUnavailable(String reason) {
        return "memory is unavailable, so no new session can start: " + reason + " (runbook memory-unavailable)";
    }

    /** loopd.md, "A turn" (the spec's {@code SessionFull}). */
    public static String sessionFull(long tokens, long tokensMax) {
        return "this session is full (" + count(tokens) + " of " + count(tokensMax) + " tokens); start a new session";
    }

    /** Appended to a tool's answer cut to {@code kept} of its {@code chars} characters. */
    public static String toolResultCut(long chars, long kept) {
        return "\n[cut: this answer was " + count(chars) + " characters; the first " + count(kept)
                + " are kept; ask for a smaller part]";
    }

    public static String modelDown(String url, String why) {
        return "the model at " + url + " did not answer after 3 tries (" + why + "); check that it runs"
                + " (runbook model-unavailable)";
    }

    /** A model call that took the whole {@code [model] timeout}; not tried again. */
    public static String modelTimedOut(String url, long seconds) {
        return "the model at " + url + " did not answer within its timeout of " + count(seconds) + " s; check that"
                + " it runs, or raise [model] timeout (runbook model-unavailable)";
    }

    public static String modelRefused(String url, int status) {
        return "the model at " + url + " refused the request with HTTP " + status
                + "; check [model] name and api_key (runbook model-unavailable)";
    }

    public static String modelFailed(String url, int status) {
        return "the model at " + url + " failed with HTTP " + status + " after 3 tries; check its log"
                + " (runbook model-unavailable)";
    }

    public static String modelReplyInvalid(String url, String why) {
        return "the model at " + url + " answered something that is not a chat completion (" + quote(why)
                + "); check that it is OpenAI-compatible (runbook model-unavailable)";
    }

    public static String baselineUnreadable(String session, String why) {
        return "the baseline of session " + session + " cannot be read (" + quote(why)
                + "); the session cannot go on: start a new one (runbook session-log-invalid)";
    }

    public static String logUnreadable(String session, String why) {
        return "the log of session " + session + " cannot be read (" + quote(why)
                + "); the session cannot go on: start a new one (runbook session-log-invalid)";
    }

    /** A log the reader refused: {@code readerSentence} is its own fixed sentence, naming the record. */
    public static String logInvalid(String session, String readerSentence) {
        return "session " + session + " cannot go on; start a new one: " + readerSentence;
    }

    public static String logWriteFailed(String session, String why) {
        return "the log of session " + session + " could not be written (" + quote(why)
                + "); the turn stopped; check the disk";
    }

    // What the model reads as a tool's answer.

    public static String unknownTool(String name) {
        return "there is no tool called \"" + quote(name) + "\"; use find_tool to look for one and call_tool to run it";
    }

    public static String callIdTooLong(int charsMax) {
        return "the tool-call id is longer than " + charsMax + " characters";
    }

    public static String tooManyToolCalls(int max) {
        return "not run: one answer may make at most " + max + " tool calls";
    }

    public static String brokerUnavailable(String why) {
        return "the tool did not run: " + why;
    }

    public static String callToolName() {
        return "call_tool: \"name\" must be the name of a tool find_tool listed";
    }

    public static String callToolArguments() {
        return "call_tool: \"arguments\" must be a JSON object";
    }

    public static String findToolQuery(int charsMax) {
        return dev.boxmaker.proto.Sentences.toolTextOutOfRange("find_tool", "query", 1, charsMax);
    }

    public static String noToolsMatch(String query) {
        return "(no tools match \"" + quote(query) + "\")";
    }

    public static String catalogUnreadable() {
        return "the tool catalog cannot be read; no tools can be found now";
    }

    // loop_admin.

    public static String adminUnknown(String command) {
        return "unknown command \"" + quote(command) + "\"; the commands are sessions, show and last";
    }

    /** {@code last ID} for a session whose log has no record yet. */
    public static String noTurns(String session) {
        return "session " + session + " has no turns yet";
    }

    /** {@code last ID} while the session's last turn has no answer: it runs still, or stopped partway. */
    public static String noAnswerYet(String session, long turn) {
        return "turn " + turn + " of session " + session + " has no answer yet: it is still running (a call may wait"
                + " for your approval: bxctl approvals), or it stopped partway (bxctl chat --session " + session
                + " MESSAGE goes on)";
    }

    public static String noSessions() {
        return "(no sessions)";
    }

    public static String noSuchSession(String session) {
        return "there is no session \"" + quote(session) + "\"";
    }

    public static String showCut(long charsMax) {
        return "(cut at " + count(charsMax) + " characters)";
    }

    // Configuration.

    public static String secretUnreadable(Path file, String why) {
        return "the secret file " + file + " " + why;
    }

    /** Why a model key cannot be sent: the end of {@link #secretUnreadable}'s sentence. */
    public static final String KEY_NOT_ONE_LINE = "holds a character a bearer token cannot carry (a carriage return,"
            + " a second line, or one outside printable ASCII); write the key alone on one line";

    /** {@code [model] url} with a user or password in it. */
    public static final String MODEL_URL_CREDENTIALS = "[model] url must not hold a user name or password; put the"
            + " key in a [secrets.NAME] file and name it in [model] api_key";

    public static String secretUnknown(String name) {
        return "[model] api_key names the secret \"" + quote(name) + "\", which has no file";
    }

    public static String positive(String key) {
        return key + " must be above zero";
    }

    public static String replyOverContext() {
        return "[model] max_reply_tokens must be below [model] context_tokens";
    }

    public static String systemUnreadable(Path file, String why) {
        return "[system] file " + file + " cannot be read: " + why;
    }

    /** A value quoted back: the one quote of the project, escaped then cut (common-proto's Sentences). */
    static String quote(String value) {
        return dev.boxmaker.proto.Sentences.quote(value);
    }

    /** A count as the specs write it: with thousands separators. */
    public static String count(long n) {
        return String.format(java.util.Locale.ROOT, "%,d", n);
    }
}
