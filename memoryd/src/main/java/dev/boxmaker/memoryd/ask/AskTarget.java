package dev.boxmaker.memoryd.ask;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Label;

/**
 * One workspace ask_memory asks, as the model named it: the Honcho workspace, the tag its reply
 * carries (the M5c spec, section 9: {@code memory} for the agent's own trusted workspace and for
 * another agent's the owner labelled trusted, {@code memory-tainted} otherwise) and its class.
 */
record AskTarget(String name, String workspace, String tag, DataClass dataClass) {
    /** The label a reply from here gives the session. */
    Label label() {
        return new Label(dataClass, AskText.MEMORY_TAINTED.equals(tag));
    }
}
