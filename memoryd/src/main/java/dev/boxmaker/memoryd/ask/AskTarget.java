package dev.boxmaker.memoryd.ask;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Label;

/**
 * One workspace ask_memory asks, as the model named it: the Honcho workspace, the tag its reply
 * carries (the M5c spec, section 9: {@code memory} for the agent's own trusted workspace and for
 * another agent's the owner labelled trusted, {@code memory-tainted} otherwise), its class, how it is
 * asked, and for another agent's workspace that agent's peer.
 */
record AskTarget(String name, String workspace, String tag, DataClass dataClass, Kind kind, String agentPeer) {
    /** How a workspace is asked (docs/decisions.md, "ask_memory without workspace chat"). */
    enum Kind {
        /** The agent's own trusted or untrusted workspace: the owner's peer and the agent's. */
        OWN,
        /** Another agent's workspace: as that agent's peer ({@link #agentPeer}). */
        AGENT,
        /** The fleet: a search of its notes (its reasoning is off, so no chat has anything). */
        FLEET
    }

    /** The label a reply from here gives the session. */
    Label label() {
        return new Label(dataClass, AskText.MEMORY_TAINTED.equals(tag));
    }
}
