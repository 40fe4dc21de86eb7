package dev.boxmaker.loopd.model;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.LogRecord;
import dev.boxmaker.proto.log.ToolCall;
import dev.boxmaker.proto.log.ToolResultRecord;
import dev.boxmaker.proto.log.UserRecord;

/**
 * One OpenAI chat message per log record (loopd.md, step 2). A message depends on its record alone,
 * and records are only appended, so each prompt is the previous one plus new messages: the strict
 * extension a server's prompt cache needs.
 */
public final class Messages {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Messages() {
    }

    public static ObjectNode system(String text) {
        return NODES.objectNode().put("role", "system").put("content", text);
    }

    public static ObjectNode of(LogRecord record) {
        if (record instanceof UserRecord u) {
            return NODES.objectNode().put("role", "user").put("content", u.content());
        }
        if (record instanceof AssistantRecord a) {
            return assistant(a);
        }
        ToolResultRecord t = (ToolResultRecord) record;
        return NODES.objectNode().put("role", "tool").put("tool_call_id", t.call()).put("content", t.content());
    }

    private static ObjectNode assistant(AssistantRecord a) {
        ObjectNode m = NODES.objectNode().put("role", "assistant");
        // Reasoning is not sent back: servers differ on it, and leaving it out never changes an
        // earlier message, so the extension holds either way.
        // OpenAI's API allows a null content only beside tool_calls; strict servers refuse an
        // assistant message with neither (HTTP 400), so a reply that had no text is sent back as "".
        if (a.content() != null) {
            m.put("content", a.content());
        } else if (a.toolCalls().isEmpty()) {
            m.put("content", "");
        } else {
            m.putNull("content");
        }
        if (!a.toolCalls().isEmpty()) {
            ArrayNode calls = m.putArray("tool_calls");
            for (ToolCall c : a.toolCalls()) {
                ObjectNode call = calls.addObject().put("id", c.id()).put("type", "function");
                call.putObject("function").put("name", c.name()).put("arguments", c.arguments());
            }
        }
        return m;
    }
}
