package dev.boxmaker.proto.log;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.time.Instant;
import java.util.List;

/** home.md's four example lines, with its "…" filled in, and the records they hold. */
final class LogSamples {
    static final String USER_LINE = "{\"type\":\"user\",\"time\":\"2026-09-20T14:02:11Z\",\"turn\":3,"
            + "\"content\":\"the launch window moved to Thursday\",\"speaker\":\"kyle\"}";
    static final String CALL_LINE = "{\"type\":\"assistant\",\"time\":\"2026-09-20T14:02:12Z\",\"turn\":3,"
            + "\"content\":null,\"reasoning_content\":\"The owner moved a date; check the notes.\","
            + "\"tool_calls\":[{\"id\":\"call_1\",\"name\":\"read_file\",\"arguments\":\"{\\\"path\\\":\\\"/srv/notes/q3.txt\\\"}\"}]}";
    static final String RESULT_LINE = "{\"type\":\"tool_result\",\"time\":\"2026-09-20T14:02:13Z\",\"turn\":3,"
            + "\"call\":\"call_1\",\"tool\":\"read_file\",\"outcome\":\"ok\",\"content\":\"Q3 launch: Tuesday\","
            + "\"class\":\"private\",\"untrusted\":false}";
    static final String ANSWER_LINE = "{\"type\":\"assistant\",\"time\":\"2026-09-20T14:02:15Z\",\"turn\":3,"
            + "\"content\":\"Noted: Thursday.\",\"reasoning_content\":null,\"tool_calls\":[]}";

    static final UserRecord USER = new UserRecord(
            Instant.parse("2026-09-20T14:02:11Z"), 3, "the launch window moved to Thursday", "kyle");
    static final AssistantRecord CALL = new AssistantRecord(Instant.parse("2026-09-20T14:02:12Z"), 3, null,
            "The owner moved a date; check the notes.",
            List.of(new ToolCall("call_1", "read_file", "{\"path\":\"/srv/notes/q3.txt\"}")));
    static final ToolResultRecord RESULT = new ToolResultRecord(Instant.parse("2026-09-20T14:02:13Z"), 3,
            "call_1", "read_file", Outcome.OK, "Q3 launch: Tuesday", DataClass.PRIVATE, false);
    static final AssistantRecord ANSWER = new AssistantRecord(
            Instant.parse("2026-09-20T14:02:15Z"), 3, "Noted: Thursday.", null, List.of());

    static final List<LogRecord> TURN = List.of(USER, CALL, RESULT, ANSWER);
    static final List<String> TURN_LINES = List.of(USER_LINE, CALL_LINE, RESULT_LINE, ANSWER_LINE);

    private LogSamples() {
    }

    /** The four lines as the log holds them, each ending in a newline. */
    static String turnText() {
        return String.join("\n", TURN_LINES) + "\n";
    }

    /** A user record for turn {@code turn} with {@code content}. */
    static UserRecord user(long turn, String content) {
        return new UserRecord(Instant.parse("2026-09-20T14:02:11Z").plusSeconds(turn), turn, content, null);
    }
}
