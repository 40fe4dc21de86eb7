package dev.boxmaker.loopd.model;

import dev.boxmaker.proto.log.ToolCall;
import java.util.List;

/** What one model call answered: text, reasoning, tool calls (each field as the server gave it). */
public record ModelReply(String content, String reasoningContent, List<ToolCall> toolCalls) {
    public ModelReply {
        toolCalls = List.copyOf(toolCalls);
    }
}
