package dev.boxmaker.bxctl;

import java.nio.file.Path;

/** Every sentence bxctl itself prints, in one place; the daemons' own sentences pass through as they are. */
public final class BxctlSentences {
    private BxctlSentences() {
    }

    public static final String NO_COMMAND = "say what to do: bxctl chat, bxctl memory show, bxctl status (bxctl --help lists every command)";

    public static String answering(String daemon, Path socket) {
        return daemon + ": answering on " + socket;
    }

    public static String notAnswering(String daemon, Path socket, String runbook) {
        return daemon + ": not answering on " + socket + " (runbook " + runbook + ")";
    }

    /** A daemon that accepted the connection, or did not, but sent no answer within the limit: hung, or stopped. */
    public static String notAnsweringWithin(String daemon, Path socket, long millis, String runbook) {
        return daemon + ": not answering within " + dev.boxmaker.proto.Numbers.grouped(millis) + " ms on " + socket
                + " (runbook " + runbook + ")";
    }

    /** A daemon the client could not ask for another reason, in the client's own sentence. */
    public static String notAnsweringBecause(String daemon, String clientSentence) {
        return daemon + ": " + clientSentence;
    }

    /** A daemon that closed the connection without a whole answer, or answered something that is not a frame. */
    public static String noUsableAnswer(String daemon, Path socket, String runbook) {
        return daemon + ": no usable answer on " + socket + " (runbook " + runbook + ")";
    }

    /** A daemon that answered the stats request with something else: an older one, or an error it names. */
    public static String noFigures(String why) {
        return "  no figures: " + why;
    }

    /**
     * A daemon's refusal with the runbook entry its error frame names. A sentence that already ends
     * with that entry, as {@code (runbook E)} (loopd's model and memory sentences, as loopd.md writes
     * them) or {@code ; see runbook E} (common-proto's session-log sentences), is printed as it is, so
     * the owner does not read the entry twice.
     */
    public static String refusedWithRunbook(String sentence, String runbook) {
        if (runbook == null || sentence.endsWith(" (runbook " + runbook + ")")
                || sentence.endsWith("; see runbook " + runbook)) {
            return sentence;
        }
        return sentence + " (runbook " + runbook + ")";
    }

    /** A request bxctl could not send: {@code why} is common-proto's sentence (frame too large). */
    public static String notSent(String why) {
        return "this request cannot be sent: " + why;
    }

    public static String unexpectedReply(String kind) {
        return "the daemon answered with an unexpected \"" + dev.boxmaker.proto.Sentences.quote(kind) + "\"";
    }

    /**
     * An unexpected exception in bxctl: named by its class alone, since its message and stack trace
     * can hold anything (a path, a reply's text), and a stack trace is for a log, not the owner.
     */
    public static String internalError(Throwable e) {
        return "bxctl stopped on an unexpected error of its own (" + e.getClass().getSimpleName() + "), not a"
                + " daemon's refusal; what it did before that stays done; run it again, and report it if it happens again";
    }

    /** After one turn in a new session. */
    public static String chatContinue(String session) {
        return "session " + session + "; go on with: bxctl chat --session " + session + " MESSAGE";
    }

    public static String chatStarted(String session) {
        return "session " + session + "; type a message and press Enter; end with Ctrl-D";
    }

    public static final String LOG_ALL_OR_N = "give a number of edits or --all, not both";

    /** On standard error, once per call of the turn's session that waits for the owner. */
    public static String turnWaitsForApproval(String call, String tool) {
        return "this turn waits for your approval of call " + call + " (" + tool + "): bxctl approvals " + call
                + " shows it, bxctl approve " + call + " runs it, bxctl deny " + call + " refuses it";
    }

    /** On Ctrl-C while a turn runs: loopd goes on with it. */
    public static String turnLeftRunning(String session) {
        return "bxctl stopped waiting, but the turn goes on in loopd; read its answer later with:"
                + " bxctl chat --session " + session + " --last";
    }

    public static final String LAST_NEEDS_SESSION = "--last needs --session ID (the session whose last answer to"
            + " show) and no message";

    public static String reindexProgress(long records, long perSecond) {
        return "reindexing: " + dev.boxmaker.proto.Numbers.grouped(records) + " records read ("
                + dev.boxmaker.proto.Numbers.grouped(perSecond) + " a second)";
    }

    /** After the configuration's own sentence, when {@code bxctl.toml} cannot be used. */
    public static String chatConfigInvalid(Path file) {
        return "bxctl chat sent nothing; fix " + file + ", or name the speaker with --speaker NAME";
    }

    /** memoryd's answer to a {@code --json} command that is not the JSON document asked for (an older memoryd). */
    public static String notJson() {
        return "memoryd answered with text, not the JSON document --json asks for; is it older than this bxctl?";
    }
}
