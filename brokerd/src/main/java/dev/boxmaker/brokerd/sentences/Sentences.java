package dev.boxmaker.brokerd.sentences;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.text.Escape;

/**
 * Every sentence brokerd says to the model or the owner (conventions.md: fixed sentences in one
 * place). Tests pin each one. Values quoted back are escaped and cut.
 */
public final class Sentences {
    public static final String USAGE = "usage: brokerd serve [--config FILE]";

    public static String startFailed(String why) {
        return dev.boxmaker.proto.Sentences.startFailed("brokerd", why);
    }

    public static String runtimeKindUnknown(String kind) {
        return "[runtime] kind is \"" + quote(kind) + "\"; it must be \"refusing\" or \"exec\"";
    }

    public static String execCommandInvalid(String tool) {
        return "[runtime.exec." + quote(tool) + "] needs a command of at least one word and a timeout above zero";
    }

    public static String approvalTimeoutInvalid(long hoursMax) {
        return "[approvals] timeout must be above zero and at most " + hoursMax + "h";
    }

    // Grants (brokerd.md, "Grants"; the M5a spec, section 8).

    /** The spec's sentence, with ask_memory, for a grant file naming a tool whose policy is built in. */
    public static final String GRANT_NAMES_MEMORY_TOOL = "the policy of recall, memory and ask_memory is built in; remove this grant";
    public static final String GRANT_ID_RESERVED = "grant ids starting \"builtin-\" are reserved; rename the file";
    public static final String GRANT_ID_INVALID =
            "the file's name must be 1 to 64 of a-z, 0-9, \"_\" and \"-\", starting with a letter or digit, then .toml";
    public static final String GRANT_NOT_TOML = "the file is not valid TOML";
    public static final String GRANT_TOOL_INVALID = "\"tool\" must be a tool's name: a-z, 0-9 and \"_\", starting with a letter";
    public static final String GRANT_MODE_INVALID = "\"mode\" must be \"auto\", \"ask\" or \"deny\"";
    public static final String GRANT_UNREADABLE = "the file cannot be read";
    public static final String GRANTS_UNREADABLE = "the grants folder cannot be read";

    public static String grantKeyUnknown(String key) {
        return "unknown key \"" + quote(key) + "\"";
    }

    public static String grantKeyNotString(String key) {
        return "\"" + key + "\" must be a string";
    }

    public static String grantKeyNotBoolean(String key) {
        return "\"" + key + "\" must be true or false";
    }

    public static String grantClassInvalid(String key) {
        return "\"" + key + "\" must be \"public\", \"private\" or \"secret\"";
    }

    public static String grantListInvalid(String key, int max, int charsMax) {
        return "\"" + key + "\" must be a list of at most " + count(max) + " strings, each of 1 to " + count(charsMax)
                + " characters";
    }

    public static String grantListItemInvalid(String key, String item) {
        return "\"" + key + "\" holds \"" + quote(item) + "\", which does not compile";
    }

    public static String grantTimeoutInvalid(long secondsMax) {
        return "\"timeout\" must be a duration such as \"30s\", above zero and at most " + count(secondsMax) + " seconds";
    }

    public static String grantFileTooLarge(int bytesMax) {
        return "the file is not a regular file of at most " + count(bytesMax) + " bytes";
    }

    public static String grantsTooMany(int max) {
        return "the grants folder holds more than " + count(max) + " files";
    }

    public static String grantFileInvalid(String file, String problem) {
        return "grants/" + quote(file) + ": " + problem;
    }

    public static String grantsInvalid(String problem) {
        return "the grants are invalid, so every call is denied until the owner fixes them: " + problem
                + " (runbook grants-invalid)";
    }

    // Decisions.

    public static final String NO_GRANT_NAMES_TOOL = "no grant names it";
    public static final String NO_GRANT_AT_CLASS = "every grant for it needs a lower class";
    public static final String NO_GRANT_ARGS = "its arguments meet no grant's hosts, paths or patterns";

    /** brokerd.md's sentence, then the session's class and which of the three things failed. */
    public static String noGrant(String tool, DataClass sessionClass, String reason) {
        return "no grant allows " + quote(tool) + " for this session (its class is " + sessionClass.wire() + "; " + reason + ")";
    }

    public static String grantDenies(String grant, String tool) {
        return "grant " + grant + " denies " + quote(tool);
    }

    public static String argsTooLongForPatterns(String grant, String tool) {
        return "the arguments are too long for grant " + grant + "'s patterns to be checked, so " + quote(tool)
                + " is denied; shorten them";
    }

    public static String auditUnwritable(String tool) {
        return quote(tool) + " was run, but brokerd could not write its audit line, so its answer is withheld;"
                + " do not run it again before the owner has read brokerd's log";
    }

    public static final String OWNER_DENIED = "the owner denied this call";

    public static final String STOPPED_WHILE_WAITING = "brokerd is stopping, so this call, still waiting for the owner,"
            + " is denied; it can be made again once brokerd is back";

    /** The wait in whole minutes when it is whole minutes (the default, 10), else in seconds. */
    public static String ownerTimedOut(java.time.Duration wait) {
        return "the owner did not answer within " + span(wait) + ", so the call is denied";
    }

    /** A wait as words: whole minutes when it is whole minutes, else seconds (at least 1). */
    static String span(java.time.Duration wait) {
        long seconds = Math.max(1, wait.toSeconds());
        return seconds % 60 == 0 ? count(seconds / 60) + (seconds == 60 ? " minute" : " minutes")
                : count(seconds) + (seconds == 1 ? " second" : " seconds");
    }

    public static String argsTooLongToAsk(String tool, long chars, int max) {
        return "the arguments of " + quote(tool) + " are " + count(chars) + " characters when escaped, more than the "
                + count(max) + " the owner can be shown whole, so this call is denied without asking; shorten them";
    }

    // What changed while an approved call waited (its second decision; docs/decisions.md).

    public static String grantsTurnedInvalid(String problem) {
        return "the grants turned invalid while it waited: " + problem + " (runbook grants-invalid)";
    }

    public static String grantRemoved(String grant) {
        return "grant " + grant + " was removed while it waited";
    }

    public static String grantChanged(String grant) {
        return "grant " + grant + " was changed while it waited";
    }

    public static String taintRose(DataClass now, String grant, DataClass maxTaint) {
        return "the session's class rose to " + now.wire() + " while it waited, above grant " + grant + "'s max_taint "
                + maxTaint.wire();
    }

    public static String nowDenied(String sentence) {
        return "the grants in force now deny it: " + sentence;
    }

    /** What the model reads of an approved call its grant no longer allows. */
    public static String approvedButDenied(String why) {
        return "the owner approved this call, but " + why + ", so it is denied";
    }

    public static String approvalsFull(int max) {
        return count(max) + " calls are already waiting for the owner, so this one is denied; try again later";
    }

    // Runtimes.

    public static final String MEMORYD_UNREACHABLE =
            "memoryd did not answer in 30 seconds; memory calls fail until it is back (runbook memoryd-unreachable)";
    public static final String MEMORYD_ASK_UNREACHABLE = "memoryd did not answer ask_memory in 170 seconds;"
            + " ask again later, or use recall (runbook memoryd-unreachable)";

    public static String memorydRefused(String message) {
        return "memoryd refused the call: " + quote(message);
    }

    public static String noRuntime(String tool) {
        return "no tool runtime is configured; " + quote(tool) + " cannot run";
    }

    public static final String EXEC_MEMORY_TOOL = "the exec runtime does not run recall, memory or ask_memory; memoryd does";

    public static String execNoCommand(String tool) {
        return "no command is configured for " + quote(tool) + " under [runtime.exec]; it cannot run";
    }

    public static String execTimedOut(String tool, java.time.Duration limit) {
        return quote(tool) + " did not finish within " + span(limit) + " and was stopped";
    }

    public static String execFailed(String tool, int code, String firstErrorLine) {
        return quote(tool) + " failed with exit code " + code + ": " + Escape.cut(Escape.escapeLine(firstErrorLine), 200);
    }

    public static String execStartFailed(String tool) {
        return "the command for " + quote(tool) + " could not be started; check [runtime.exec] in brokerd.toml";
    }

    public static String outputCut(long bytes) {
        return "\n[output cut at " + count(bytes) + " bytes]";
    }

    // The owner's commands.

    public static final String NO_APPROVALS = "(no calls are waiting)";
    public static final String NO_SESSIONS = "(no sessions yet)";
    public static final String NO_AUDIT = "(no audit lines this month)";

    /** After the part of a waiting call's arguments the list shows, when that is not all of them. */
    public static String argsCut(long hidden, String id) {
        return " [the arguments are cut here, " + count(hidden) + (hidden == 1 ? " character" : " characters")
                + " hidden; bxctl approvals " + id + " shows them whole]";
    }

    /** Before a waiting call's whole arguments, which follow on the next line. */
    public static String argsWhole(long chars) {
        return "arguments, whole (" + count(chars) + " characters, escaped):";
    }

    public static String approvalUnknown(String id) {
        return "no call \"" + quote(id) + "\" is waiting; bxctl approvals lists those that are";
    }

    public static String approved(String id) {
        return "approved " + id + "; it runs now";
    }

    /** The owner's {@code approve} of a call its grant no longer allows. */
    public static String approvalNotRun(String id, String why) {
        return id + " was not run: " + why + "; it is denied, and the session is told why";
    }

    public static String denied(String id) {
        return "denied " + id;
    }

    public static String adminCommandUnknown(String command) {
        return "unknown command \"" + quote(command) + "\"; the commands are approvals, approve, deny, grants, audit and sessions";
    }

    public static String auditCountInvalid(int max) {
        return "the count must be a whole number from 1 to " + count(max);
    }

    public static String auditUnreadable(String why) {
        return "the audit log could not be read: " + quote(why);
    }

    public static String auditBroken(String file, long line) {
        return "audit/" + file + " line " + count(line) + " is not an audit record; brokerd will not guess the sessions' taint"
                + " (runbook brokerd-audit-damaged)";
    }

    private Sentences() {
    }

    /** A value quoted back: the one quote of the project, escaped then cut (common-proto's Sentences). */
    static String quote(String value) {
        return dev.boxmaker.proto.Sentences.quote(value);
    }

    /** Thousands separated by commas, as the specs write numbers. */
    static String count(long n) {
        return String.format(java.util.Locale.ROOT, "%,d", n);
    }
}
