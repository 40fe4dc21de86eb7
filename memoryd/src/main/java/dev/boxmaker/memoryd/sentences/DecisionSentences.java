package dev.boxmaker.memoryd.sentences;

import static dev.boxmaker.memoryd.sentences.StoreSentences.quote;

import dev.boxmaker.proto.Numbers;

/**
 * brokerd's session state for the Honcho turn decisions, the decisions' ledger appends, and the
 * start of the Honcho sync
 */
public final class DecisionSentences {
    private DecisionSentences() {
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

    /** brokerd answered {@code session_state} with another kind: the turn waits undecided. */
    public static String brokerStateUnexpected(String kind) {
        return "brokerd answered session_state with \"" + quote(kind)
                + "\"; the turn waits undecided (runbook broker-state-unavailable)";
    }
}
