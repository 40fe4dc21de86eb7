package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.boxmaker.proto.DataClass;

/** A decided memory tool call, with the session's state when brokerd decided it. Kind {@code memory_call} (wire.md). */
public record MemoryCall(
        @JsonProperty(value = "request", required = true) ToolRequest request,
        @JsonProperty(value = "taint", required = true) DataClass taint,
        @JsonProperty(value = "untrusted", required = true) boolean untrusted) implements Message {
    public static final String KIND = "memory_call";

    public MemoryCall {
        Fields.require(request, "request");
        Fields.require(taint, "taint");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
