package dev.boxmaker.loopd;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.SessionLogWriter;
import dev.boxmaker.proto.log.ToolCall;
import dev.boxmaker.proto.log.UserRecord;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A tool call cut off by loopd stopping (killed, or stopped while a call waited for the owner's
 * approval) has no tool_result. OpenAI chat messages answer every call of an assistant message with a
 * tool message right after it, so the next turn first answers the call, failed, and only then appends
 * its user record.
 */
class CutOffCallTest {
    static final String CUT_OFF = "no answer: loopd stopped while this call ran, so it may or may not have run;"
            + " check before calling it again";

    @Test
    void aCallLeftWithoutAnswerIsAnsweredFailedBeforeTheNextTurnsUserRecord() throws Exception {
        try (LoopdHome t = LoopdHome.afterOneTurn("chat-1")) {
            // What a loopd stopped while c1 ran leaves behind: the model's call and no answer to it.
            Instant at = Instant.parse("2026-11-30T10:00:00Z");
            try (SessionLogWriter log = SessionLogWriter.open(t.home, SessionId.of("chat-1"))) {
                log.append(new UserRecord(at, 2, "what is the weather?", "owner"));
                log.append(new AssistantRecord(at, 2, null, null,
                        List.of(new ToolCall("c1", "call_tool", "{\"name\":\"weather\",\"arguments\":{}}"))));
            }
            t.restartLoopd();
            t.model.add(Reply.text("again"));

            assertThat(t.turn("chat-1", "hello?")).isEqualTo(new TurnReply(SessionId.of("chat-1"), 3, "again"));

            List<String> log = t.log("chat-1");
            assertThat(log).hasSize(7);
            assertThat(TurnTest.noTime(log.get(4))).isEqualTo("{\"type\":\"tool_result\",\"time\":\"T\",\"turn\":2,"
                    + "\"call\":\"c1\",\"tool\":\"call_tool\",\"outcome\":\"failed\",\"content\":\"" + CUT_OFF + "\","
                    + "\"class\":\"public\",\"untrusted\":false}");
            assertThat(TurnTest.noTime(log.get(5))).startsWith("{\"type\":\"user\",\"time\":\"T\",\"turn\":3,");
            JsonNode messages = t.model.requests().get(1).messages();
            assertThat(messages).hasSize(7);
            assertThat(messages.get(5).toString()).isEqualTo("{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":\""
                    + CUT_OFF + "\"}");
            assertThat(messages.get(6).toString()).isEqualTo("{\"role\":\"user\",\"content\":\"hello?\"}");
        }
    }
}
