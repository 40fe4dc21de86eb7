package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.boxmaker.proto.DataClass;

/** The answer to a tool call; {@code text} is what the model sees. Kind {@code tool_response} (wire.md). */
public record ToolResponse(
        @JsonProperty(value = "call", required = true) String call,
        @JsonProperty(value = "outcome", required = true) Outcome outcome,
        @JsonProperty(value = "text", required = true) String text,
        @JsonProperty(value = "class", required = true) DataClass dataClass,
        @JsonProperty(value = "untrusted", required = true) boolean untrusted,
        @JsonProperty("grant") String grant) implements Message {
    public static final String KIND = "tool_response";

    public ToolResponse {
        Fields.require(call, "call");
        Fields.require(outcome, "outcome");
        Fields.require(text, "text");
        Fields.require(dataClass, "class");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
