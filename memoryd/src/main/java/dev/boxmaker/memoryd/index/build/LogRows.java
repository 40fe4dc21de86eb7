package dev.boxmaker.memoryd.index.build;

import com.fasterxml.jackson.databind.JsonNode;
import dev.boxmaker.memoryd.sentences.IndexSentences;
import dev.boxmaker.memoryd.index.sql.IndexRow;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.LogRecord;
import dev.boxmaker.proto.log.LogTime;
import dev.boxmaker.proto.log.ToolCall;
import dev.boxmaker.proto.log.ToolResultRecord;
import dev.boxmaker.proto.log.UserRecord;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * What one session-log record puts in the index (the spec, section 6): a user's content, an
 * assistant's content, and each tool call as {@code name arguments}. Tool results and reasoning
 * are never indexed; a tool result only moves the session's label on.
 */
final class LogRows {
    private static final Logger LOG = Logger.getLogger(LogRows.class);

    /** The most of one record's text (content, or a call's name and arguments) that is indexed. */
    static final int RECORD_TEXT_BYTES_MAX = 1024 * 1024;

    /** The tool that runs another tool; a call of it is indexed as the tool it calls (memoryd.md). */
    static final String CALL_TOOL = "call_tool";

    private LogRows() {
    }

    /** Adds the rows of record {@code number}, written under {@code label}, to {@code out}. */
    static void rows(String session, long number, LogRecord record, Label label, List<IndexRow> out) {
        String time = LogTime.format(record.time());
        if (record instanceof UserRecord u && !u.content().isBlank()) {
            out.add(row(session, number, u.turn(), time, IndexRow.USER, label, u.speaker(), u.content()));
        } else if (record instanceof AssistantRecord a) {
            if (a.content() != null && !a.content().isBlank()) {
                out.add(row(session, number, a.turn(), time, IndexRow.ASSISTANT, label, null, a.content()));
            }
            for (ToolCall call : a.toolCalls()) {
                out.add(row(session, number, a.turn(), time, IndexRow.CALL, label, null, callText(call)));
            }
        }
    }

    /** The label after {@code record}: a tool result's label combines into the session's. */
    static Label after(LogRecord record, Label label) {
        return record instanceof ToolResultRecord r ? label.combine(r.label()) : label;
    }

    private static IndexRow row(String session, long number, long turn, String time, String role, Label label,
            String speaker, String text) {
        return new IndexRow(IndexRow.SESSION, session, 0L, number, turn, time, role, label.dataClass(), label.untrusted(),
                speaker, null, bounded(session, number, text));
    }

    /**
     * The text's first {@link #RECORD_TEXT_BYTES_MAX} bytes of UTF-8, cut at a character's end, with
     * one log line naming the record when it is cut. A record near the log's 16 MiB line limit in
     * accented text ran memoryd's heap out in SQLite's driver, which holds the text several times
     * over; what recall finds is in a record's first mebibyte, as its snippet is.
     */
    static String bounded(String session, long number, String text) {
        if (text.length() <= RECORD_TEXT_BYTES_MAX / 3) {
            return text; // at most three bytes a char: no need to count
        }
        long bytes = 0;
        int end = 0;
        while (end < text.length()) {
            int cp = text.codePointAt(end);
            int size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            if (bytes + size > RECORD_TEXT_BYTES_MAX) {
                break;
            }
            bytes += size;
            end += Character.charCount(cp);
        }
        if (end == text.length()) {
            return text;
        }
        LOG.warn(IndexSentences.recordTextCut(session, number, text.getBytes(StandardCharsets.UTF_8).length,
                RECORD_TEXT_BYTES_MAX));
        return text.substring(0, end);
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
