package dev.boxmaker.loopd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A turn (loopd.md, "A turn"): the records, the prompt, session_updated. */
class TurnTest {
    static final String TIME = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ";

    private LoopdHome t;

    @BeforeEach
    void start() throws Exception {
        t = LoopdHome.create().start();
    }

    @AfterEach
    void stop() throws Exception {
        t.close();
    }

    @Test
    void eachRecordTypeIsWrittenExactly() throws Exception {
        t.brokerd.answer = r -> new ToolResponse(r.call(), Outcome.OK, "[1] memory · launch Thursday", DataClass.PRIVATE,
                true, "core");
        t.model.add(Reply.toolCall("call_1", "recall", "{\"query\":\"launch\"}"), Reply.text("Noted: Thursday."));

        assertThat(t.turn("chat-1", "when is the launch?", "kyle"))
                .isEqualTo(new TurnReply(SessionId.of("chat-1"), 1, "Noted: Thursday."));

        List<String> log = t.log("chat-1");
        assertThat(log).hasSize(4);
        assertThat(noTime(log.get(0))).isEqualTo(
                "{\"type\":\"user\",\"time\":\"T\",\"turn\":1,\"content\":\"when is the launch?\",\"speaker\":\"kyle\"}");
        assertThat(noTime(log.get(1))).isEqualTo("{\"type\":\"assistant\",\"time\":\"T\",\"turn\":1,\"content\":null,"
                + "\"reasoning_content\":null,\"tool_calls\":[{\"id\":\"call_1\",\"name\":\"recall\","
                + "\"arguments\":\"{\\\"query\\\":\\\"launch\\\"}\"}]}");
        assertThat(noTime(log.get(2))).isEqualTo("{\"type\":\"tool_result\",\"time\":\"T\",\"turn\":1,\"call\":\"call_1\","
                + "\"tool\":\"recall\",\"outcome\":\"ok\",\"content\":\"[1] memory · launch Thursday\",\"class\":\"private\","
                + "\"untrusted\":true}");
        assertThat(noTime(log.get(3))).isEqualTo("{\"type\":\"assistant\",\"time\":\"T\",\"turn\":1,"
                + "\"content\":\"Noted: Thursday.\",\"reasoning_content\":null,\"tool_calls\":[]}");
        assertThat(t.brokerd.requests).containsExactly(new ToolRequest(SessionId.of("chat-1"), "call_1", "recall",
                (com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER.readTree("{\"query\":\"launch\"}")));
    }

    @Test
    void anUnknownSpeakerIsWrittenAsNullAndReasoningIsKept() throws Exception {
        t.model.add(Reply.status(200, "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"hi\","
                + "\"reasoning_content\":\"thinking\"}}]}"));

        t.turn("chat-1", "hello", null);

        assertThat(noTime(t.log("chat-1").get(0))).endsWith("\"speaker\":null}");
        assertThat(noTime(t.log("chat-1").get(1))).isEqualTo("{\"type\":\"assistant\",\"time\":\"T\",\"turn\":1,"
                + "\"content\":\"hi\",\"reasoning_content\":\"thinking\",\"tool_calls\":[]}");
    }

    @Test
    void sessionUpdatedIsSentAfterAFinishedTurnAndNotAfterATurnEndingInToolCalls() throws Exception {
        t.model.add(Reply.toolCall("call_1", "clock", "{}"), Reply.status(400, "{}"));
        assertThat(t.turn("chat-1", "what time is it?")).isInstanceOf(ErrorReply.class);
        assertThat(t.log("chat-1")).hasSize(3);
        assertThat(t.memoryd.updates).isEmpty();

        t.model.add(Reply.text("It is noon."));
        assertThat(t.turn("chat-1", "again?")).isEqualTo(new TurnReply(SessionId.of("chat-1"), 2, "It is noon."));
        assertThat(t.memoryd.updates).containsExactly(new SessionUpdated(SessionId.of("chat-1"), 2));
    }

    @Test
    void thePromptOfEachCallExtendsThePromptOfTheCallBeforeByteForByte() throws Exception {
        t.model.add(Reply.toolCall("call_1", "clock", "{}"), Reply.text("noon"),
                Reply.toolCalls("c2", "memory", "{\"action\":\"note\",\"text\":\"x\"}", "c3", "recall", "[1]"),
                Reply.text("done"), Reply.text("third"));
        t.turn("chat-1", "time?");
        t.turn("chat-1", "note and recall");
        t.turn("chat-1", "and again");

        List<String> bodies = t.model.requests().stream().map(r -> r.body()).toList();
        assertThat(bodies).hasSize(5);
        for (int n = 0; n + 1 < bodies.size(); n++) {
            String prompt = messagesPrefix(bodies.get(n));
            String next = messagesPrefix(bodies.get(n + 1));
            assertThat(next).startsWith(prompt + ",");
        }
    }

    @Test
    void anAnswerWithNoContentAndNoCallsIsSentBackWithEmptyContentAndOneWithCallsWithNull() throws Exception {
        // Strict OpenAI-compatible servers refuse an assistant message whose content is null and that
        // has no tool_calls (HTTP 400), at every later turn of the session.
        t.model.add(Reply.status(200, "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":null}}]}"),
                Reply.status(200, "{\"choices\":[{\"message\":{\"role\":\"assistant\"}}]}"),
                Reply.toolCall("call_1", "clock", "{}"), Reply.text("noon"));
        t.turn("chat-1", "one");
        t.turn("chat-1", "two");
        t.turn("chat-1", "three");

        List<String> bodies = t.model.requests().stream().map(r -> r.body()).toList();
        assertThat(messagesPrefix(bodies.get(2))).endsWith("{\"role\":\"user\",\"content\":\"one\"},"
                + "{\"role\":\"assistant\",\"content\":\"\"},{\"role\":\"user\",\"content\":\"two\"},"
                + "{\"role\":\"assistant\",\"content\":\"\"},{\"role\":\"user\",\"content\":\"three\"}");
        assertThat(messagesPrefix(bodies.get(3))).matches("(?s).*\\Q,{\"role\":\"user\",\"content\":\"three\"},"
                + "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_1\",\"type\":\"function\","
                + "\"function\":{\"name\":\"clock\",\"arguments\":\"{}\"}}]},{\"role\":\"tool\",\"tool_call_id\":\"call_1\","
                + "\"content\":\"\\E[^\"]+\"}");
    }

    @Test
    void aSessionDroppedFromMemoryIsRebuiltFromItsFilesToTheSameBytes() throws Exception {
        t.stopLoopd();
        t.sessionsCached = 1;
        t.startLoopd(new dev.boxmaker.loopd.baseline.MemorydSource(t.settings.memorySocket()));
        t.model.whenEmpty(Reply.text("ok"));

        t.turn("chat-1", "one");
        t.turn("chat-2", "two");
        t.turn("chat-1", "three");

        List<String> bodies = t.model.requests().stream().map(r -> r.body()).toList();
        assertThat(messagesPrefix(bodies.get(2))).startsWith(messagesPrefix(bodies.get(0)) + ",");
        assertThat(t.model.requests().get(2).messages().size()).isEqualTo(4);
    }

    /** The body up to the end of its last message: {@code {"model":…,"messages":[…} without the {@code ]}. */
    static String messagesPrefix(String body) {
        int end = body.indexOf("],\"tools\":[");
        assertThat(end).isPositive();
        return body.substring(0, end);
    }

    static String noTime(String line) {
        return line.replaceAll("\"time\":\"" + TIME + "\"", "\"time\":\"T\"");
    }
}
