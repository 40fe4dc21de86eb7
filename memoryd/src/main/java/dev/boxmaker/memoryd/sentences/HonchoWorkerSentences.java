package dev.boxmaker.memoryd.sentences;

import dev.boxmaker.proto.Numbers;

/**
 * What the Honcho worker logs: outages, refusals, and a workspace's pauses (busy, or an answer to a
 * write it could not read).
 */
public final class HonchoWorkerSentences {
    private HonchoWorkerSentences() {
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

    // A workspace's pauses.

    public static String busy(String workspace, int status, long waitSeconds) {
        return "Honcho workspace " + workspace + " is busy (busy " + status + "); its items wait "
                + Numbers.grouped(waitSeconds) + " s, longer each time it stays busy, and are looked up in Honcho"
                + " before they are sent again (runbook honcho-unreachable)";
    }

    public static String unreadable(String item, String workspace, int status, long waitSeconds) {
        return "Honcho's answer to " + item + " for workspace " + workspace + " could not be read (bad-answer"
                + (status > 0 ? " " + status : "") + "); Honcho may hold it, so the workspace's items wait "
                + Numbers.grouped(waitSeconds) + " s and are looked up before they are sent again"
                + " (runbook honcho-unreachable)";
    }
}
