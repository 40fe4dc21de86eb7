package dev.boxmaker.proto.log;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.wire.msg.Fields;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.time.Instant;

/**
 * The answer to one tool call, with the label brokerd gave it, written as it came (wire.md,
 * {@code tool_response}): a session's taint at any record is the combination of the labels before
 * it, so the log alone tells what a later record may have been shaped by.
 */
@JsonTypeName(ToolResultRecord.TYPE)
public record ToolResultRecord(
        @JsonProperty(value = "time", required = true)
        @JsonSerialize(using = LogTime.Writer.class) @JsonDeserialize(using = LogTime.Reader.class) Instant time,
        @JsonProperty(value = "turn", required = true) long turn,
        @JsonProperty(value = "call", required = true) String call,
        @JsonProperty(value = "tool", required = true) String tool,
        @JsonProperty(value = "outcome", required = true) Outcome outcome,
        @JsonProperty(value = "content", required = true) String content,
        @JsonProperty(value = "class", required = true) DataClass dataClass,
        @JsonProperty(value = "untrusted", required = true) boolean untrusted) implements LogRecord {
    public static final String TYPE = "tool_result";

    /** Checks every field; {@code time} is kept to the second, as the log holds it. */
    public ToolResultRecord {
        time = LogTime.seconds(time);
        Fields.notNegative(turn, "turn");
        Fields.require(call, "call");
        Fields.require(tool, "tool");
        Fields.require(outcome, "outcome");
        Fields.require(content, "content");
        Fields.require(dataClass, "class");
    }

    /** The result's label, to combine into the session's taint. */
    public Label label() {
        return new Label(dataClass, untrusted);
    }
}
