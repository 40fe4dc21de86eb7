package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.SessionId;

/**
 * A tool call the model made: {@code call} is the model's tool-call id (at most 128 characters),
 * {@code args} the JSON object it gave. Kind {@code tool_request} (wire.md).
 */
public record ToolRequest(
        @JsonProperty(value = "session", required = true) SessionId session,
        @JsonProperty(value = "call", required = true) String call,
        @JsonProperty(value = "tool", required = true) String tool,
        @JsonProperty(value = "args", required = true) ObjectNode args) implements Message {
    public static final String KIND = "tool_request";

    /** The longest tool-call id. */
    public static final int CALL_CHARS_MAX = 128;

    /** The longest tool name. */
    public static final int TOOL_CHARS_MAX = 128;

    public ToolRequest {
        Fields.require(session, "session");
        Fields.require(call, "call");
        Fields.require(tool, "tool");
        Fields.require(args, "args");
        Fields.maxChars(call, CALL_CHARS_MAX, "call");
        Fields.maxChars(tool, TOOL_CHARS_MAX, "tool");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
