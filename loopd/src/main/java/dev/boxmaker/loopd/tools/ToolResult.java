package dev.boxmaker.loopd.tools;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolResponse;

/** What one tool call answered, with its label, as the session log records it. */
public record ToolResult(Outcome outcome, String text, DataClass dataClass, boolean untrusted) {
    /** A local answer: loopd's own text, which holds nothing of the owner's. */
    public static ToolResult local(Outcome outcome, String text) {
        return new ToolResult(outcome, text, DataClass.PUBLIC, false);
    }

    public static ToolResult of(ToolResponse response) {
        return new ToolResult(response.outcome(), response.text(), response.dataClass(), response.untrusted());
    }
}
