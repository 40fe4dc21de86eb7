package dev.boxmaker.proto.log;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.boxmaker.proto.wire.msg.Fields;

/**
 * One tool call an assistant record made. {@code arguments} is the model's argument string exactly
 * as it came, valid JSON or not (home.md): the log records what the model said, and loopd answers a
 * call whose arguments are not a JSON object itself.
 */
public record ToolCall(
        @JsonProperty(value = "id", required = true) String id,
        @JsonProperty(value = "name", required = true) String name,
        @JsonProperty(value = "arguments", required = true) String arguments) {
    public ToolCall {
        Fields.require(id, "id");
        Fields.require(name, "name");
        Fields.require(arguments, "arguments");
    }
}
