package dev.boxmaker.loopd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The 16-call limit, SessionFull, and a loopd with no model. */
class LimitsTest {
    @Test
    void aTurnEndsAfter16ModelCallsWithTheSentence() throws Exception {
        try (LoopdHome t = LoopdHome.create().start()) {
            t.model.whenEmpty(Reply.toolCall("c", "clock", "{}"));

            Message reply = t.turn("chat-1", "loop forever");

            assertThat(reply).isEqualTo(new TurnReply(SessionId.of("chat-1"), 1,
                    "this turn made 16 model calls without an answer; ask again"));
            assertThat(t.model.requests()).hasSize(16);
            // user, 16 × (assistant, tool_result), the closing assistant.
            assertThat(t.log("chat-1")).hasSize(1 + 32 + 1);
            assertThat(TurnTest.noTime(t.log("chat-1").get(33))).isEqualTo("{\"type\":\"assistant\",\"time\":\"T\","
                    + "\"turn\":1,\"content\":\"this turn made 16 model calls without an answer; ask again\","
                    + "\"reasoning_content\":null,\"tool_calls\":[]}");
            assertThat(t.memoryd.updates).containsExactly(new SessionUpdated(SessionId.of("chat-1"), 1));
        }
    }

    @Test
    void aTurnWhosePromptWouldPassTheContextIsRefusedAndNothingIsAppended() throws Exception {
        try (LoopdHome t = LoopdHome.create("context_tokens = 3000\nmax_reply_tokens = 500\n").start()) {
            t.model.whenEmpty(Reply.text("ok"));
            t.turn("chat-1", "short");
            int lines = t.log("chat-1").size();

            Message reply = t.turn("chat-1", "word ".repeat(3000));

            ErrorReply error = (ErrorReply) reply;
            assertThat(error.message()).matches("your message was not written to the session's log: this session is full \\(\\d,\\d{3} of 2,500 tokens\\); start a new session");
            assertThat(t.log("chat-1")).hasSize(lines);
            assertThat(t.model.requests()).hasSize(1);
        }
    }

    @Test
    void withNoModelConfiguredATurnIsRefusedWithTheSentenceAndNothingIsWritten() throws Exception {
        try (LoopdHome t = LoopdHome.create()) {
            Files.writeString(t.home.resolve("loopd.toml"), "[paths]\nhome = \"" + t.home + "\"\n");
            t.start();

            Message reply = t.turn("chat-1", "hello");

            assertThat(reply).isEqualTo(new ErrorReply("no model is configured, so loopd cannot answer; set [model] url"
                    + " in loopd.toml and restart loopd", "model-unavailable"));
            assertThat(Files.exists(t.home.resolve("sessions"))).isFalse();
        }
    }
}
