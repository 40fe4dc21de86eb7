package dev.boxmaker.memoryd.sentences;

import static dev.boxmaker.memoryd.sentences.StoreSentences.quote;

import dev.boxmaker.proto.Numbers;

/**
 * {@code bxctl memory sync}: the Honcho ledger's state, from memory
 */
public final class SyncSentences {
    private SyncSentences() {
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
}
