package dev.boxmaker.memoryd.tool;

import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolResponse;

/** The memory tool's answer: ok, refused or failed, the text the model reads, and the result's label. */
public record Answer(Outcome outcome, String text, Label label) {
    public static Answer ok(String text, Label label) {
        return new Answer(Outcome.OK, text, label);
    }

    public static Answer refused(String text, Label label) {
        return new Answer(Outcome.REFUSED, text, label);
    }

    public static Answer failed(String text, Label label) {
        return new Answer(Outcome.FAILED, text, label);
    }

    /** The {@code tool_response} for {@code call}; brokerd fills in the grant. */
    public ToolResponse toResponse(String call) {
        return new ToolResponse(call, outcome, text, label.dataClass(), label.untrusted(), null);
    }
}
