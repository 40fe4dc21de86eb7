package dev.boxmaker.loopd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.SessionLogs;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;

/**
 * A session whose log cannot be read is refused with the reader's whole sentence, which names the
 * record and the line an editor shows (docs/decisions.md, "Session logs"), so the owner can find it.
 */
class DamagedLogTest {
    @Test
    void aDamagedLogIsRefusedNamingTheRecordAndTheEditorsLine() throws Exception {
        try (LoopdHome t = LoopdHome.afterOneTurn("chat-20260920t140211-3f9a")) {
            Path log = SessionLogs.file(t.home, SessionId.of("chat-20260920t140211-3f9a"));
            Files.writeString(log, "{\"type\":\"user\",\n", StandardOpenOption.APPEND);
            t.restartLoopd();

            ErrorReply error = (ErrorReply) t.turn("chat-20260920t140211-3f9a", "again");

            assertThat(error).isEqualTo(new ErrorReply("session chat-20260920t140211-3f9a cannot go on; start a new"
                    + " one: the session log " + log + " is not valid at record 2 (line 3 in an editor): it is not one"
                    + " JSON object; the records before it were read and none after it; see runbook session-log-invalid",
                    "session-log-invalid"));
            assertThat(t.log("chat-20260920t140211-3f9a")).hasSize(3);
        }
    }
}
