package dev.boxmaker.proto.log;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.boxmaker.proto.wire.msg.Fields;
import java.time.Instant;
import java.util.List;

/**
 * What the model answered: text, its reasoning, and the tool calls it made. {@code content} and
 * {@code reasoningContent} are null when the model gave none; {@code toolCalls} is never null, and
 * an empty list closes the turn (home.md).
 */
@JsonTypeName(AssistantRecord.TYPE)
public record AssistantRecord(
        @JsonProperty(value = "time", required = true)
        @JsonSerialize(using = LogTime.Writer.class) @JsonDeserialize(using = LogTime.Reader.class) Instant time,
        @JsonProperty(value = "turn", required = true) long turn,
        @JsonProperty("content") String content,
        @JsonProperty("reasoning_content") String reasoningContent,
        @JsonProperty(value = "tool_calls", required = true) List<ToolCall> toolCalls) implements LogRecord {
    public static final String TYPE = "assistant";

    /** Checks every field; {@code time} is kept to the second, and the list is copied unmodifiable. */
    public AssistantRecord {
        time = LogTime.seconds(time);
        Fields.notNegative(turn, "turn");
        Fields.require(toolCalls, "tool_calls");
        for (int i = 0; i < toolCalls.size(); i++) {
            Fields.require(toolCalls.get(i), "tool_calls[" + i + "]");
        }
        toolCalls = List.copyOf(toolCalls);
    }

    /** Whether this record finishes its turn: it made no tool calls (home.md). */
    public boolean closesTurn() {
        return toolCalls.isEmpty();
    }
}
