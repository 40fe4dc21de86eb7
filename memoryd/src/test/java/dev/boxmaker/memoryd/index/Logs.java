package dev.boxmaker.memoryd.index;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.LogRecord;
import dev.boxmaker.proto.log.SessionLogWriter;
import dev.boxmaker.proto.log.ToolCall;
import dev.boxmaker.proto.log.ToolResultRecord;
import dev.boxmaker.proto.log.UserRecord;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/** Test helpers: session-log records and logs written with the real writer. */
public final class Logs {
    public static final Instant T0 = Instant.parse("2026-09-20T14:02:11Z");

    private Logs() {
    }

    public static UserRecord user(String content, String speaker) {
        return new UserRecord(T0, 1, content, speaker);
    }

    public static AssistantRecord said(String content) {
        return new AssistantRecord(T0.plusSeconds(5), 1, content, "reasoning never indexed", List.of());
    }

    public static AssistantRecord called(String name, String arguments) {
        return new AssistantRecord(T0.plusSeconds(3), 1, null, "thinking about it",
                List.of(new ToolCall("call_1", name, arguments)));
    }

    public static ToolResultRecord result(String content, DataClass dataClass, boolean untrusted) {
        return new ToolResultRecord(T0.plusSeconds(4), 1, "call_1", "http_fetch", Outcome.OK, content, dataClass,
                untrusted);
    }

    /** Appends {@code records} to {@code session}'s log under {@code home}. */
    public static void append(Path home, String session, LogRecord... records) throws IOException {
        try (SessionLogWriter w = SessionLogWriter.open(home, SessionId.of(session))) {
            for (LogRecord r : records) {
                w.append(r);
            }
        }
    }
}
