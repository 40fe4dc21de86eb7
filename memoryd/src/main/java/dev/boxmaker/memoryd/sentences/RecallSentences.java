package dev.boxmaker.memoryd.sentences;

/**
 * recall's answers and its Honcho sources
 */
public final class RecallSentences {
    private RecallSentences() {
    }

    // recall (the spec, sections 5 and 6; memoryd.md, "Recall"); what the index logs is in IndexSentences.

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
}
