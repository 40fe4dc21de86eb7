package dev.boxmaker.memoryd.index;

import com.fasterxml.jackson.databind.JsonNode;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.LogRecord;
import dev.boxmaker.proto.log.LogTime;
import dev.boxmaker.proto.log.ToolCall;
import dev.boxmaker.proto.log.ToolResultRecord;
import dev.boxmaker.proto.log.UserRecord;
import java.util.List;

/**
 * What one session-log record puts in the index (the spec, section 6): a user's content, an
 * assistant's content, and each tool call as {@code name arguments}. Tool results and reasoning
 * are never indexed; a tool result only moves the session's label on.
 */
final class LogRows {
    /** The tool that runs another tool; a call of it is indexed as the tool it calls (memoryd.md). */
    static final String CALL_TOOL = "call_tool";

    private LogRows() {
    }

    /** Adds the rows of record {@code number}, written under {@code label}, to {@code out}. */
    static void rows(String session, long number, LogRecord record, Label label, List<IndexRow> out) {
        String time = LogTime.format(record.time());
        if (record instanceof UserRecord u && !u.content().isBlank()) {
            out.add(row(session, number, time, IndexRow.USER, label, u.speaker(), u.content()));
        } else if (record instanceof AssistantRecord a) {
            if (a.content() != null && !a.content().isBlank()) {
                out.add(row(session, number, time, IndexRow.ASSISTANT, label, null, a.content()));
            }
            for (ToolCall call : a.toolCalls()) {
                out.add(row(session, number, time, IndexRow.CALL, label, null, callText(call)));
            }
        }
    }

    /** The label after {@code record}: a tool result's label combines into the session's. */
    static Label after(LogRecord record, Label label) {
        return record instanceof ToolResultRecord r ? label.combine(r.label()) : label;
    }

    private static IndexRow row(String session, long number, String time, String role, Label label, String speaker,
            String text) {
        return new IndexRow(IndexRow.SESSION, session, 0L, number, time, role, label.dataClass(), label.untrusted(),
                speaker, null, text);
    }

    /**
     * {@code name arguments}, the arguments exactly as the model wrote them; a {@code call_tool}
     * call whose arguments name the tool is indexed as {@code <tool> <its arguments>}.
     */
    static String callText(ToolCall call) {
        if (call.name().equals(CALL_TOOL)) {
            try {
                JsonNode args = Json.MAPPER.readTree(call.arguments());
                JsonNode name = args == null ? null : args.get("name");
                if (name != null && name.isTextual()) {
                    JsonNode inner = args.get("arguments");
                    String text = inner == null || inner.isNull() ? "" : inner.isTextual() ? inner.asText() : inner.toString();
                    return name.asText() + " " + text;
                }
            } catch (Exception notJson) {
                // Not an object naming a tool: indexed as the model wrote it, below.
            }
        }
        return call.name() + " " + call.arguments();
    }
}
