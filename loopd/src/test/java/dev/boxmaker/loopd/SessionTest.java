package dev.boxmaker.loopd;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.boxmaker.loopd.baseline.SystemText;
import dev.boxmaker.loopd.tools.CoreTools;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.TurnReply;
import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import java.nio.file.Files;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Sessions: the baseline from memoryd, written once; a new session refused when memory is unavailable. */
class SessionTest {
    static final String OVER_LIMIT = "/h/memory/memory.md is 2,350 of 2,200 characters, over its limit; shorten it"
            + " with an editor";

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
    void theBaselineIsSystemMdABlankLineAndTheBlockFromMemoryd() throws Exception {
        t.memoryd.block = "## soul.md\nBe kind.\n\n## memory.md (0 of 2,200 characters)\n(empty)";
        t.model.add(Reply.text("hello"));

        assertThat(t.turn("chat-1", "hi")).isEqualTo(new TurnReply(dev.boxmaker.proto.SessionId.of("chat-1"), 1, "hello"));

        JsonNode baseline = Json.MAPPER.readTree(t.baseline("chat-1"));
        String system = SystemText.shipped().strip() + "\n\n" + t.memoryd.block;
        assertThat(baseline.get("session").textValue()).isEqualTo("chat-1");
        assertThat(baseline.get("created").textValue()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
        assertThat(baseline.get("system").textValue()).isEqualTo(system);
        assertThat(baseline.get("tools")).isEqualTo(CoreTools.array());
        assertThat(baseline.get("model").textValue()).isEqualTo("default");
        assertThat(fieldNames(baseline)).isEqualTo("session,created,system,tools,model");
        JsonNode request = t.model.requests().get(0).json();
        assertThat(request.get("messages").get(0).get("role").textValue()).isEqualTo("system");
        assertThat(request.get("messages").get(0).get("content").textValue()).isEqualTo(system);
        assertThat(request.get("tools")).isEqualTo(CoreTools.array());
        assertThat(request.get("tool_choice").textValue()).isEqualTo("auto");
        assertThat(request.get("stream").booleanValue()).isFalse();
    }

    @Test
    void aNewSessionIsRefusedWithMemorydsReasonAndNothingIsWritten() throws Exception {
        t.memoryd.refusal = OVER_LIMIT;

        Message reply = t.turn("chat-1", "hi");

        assertThat(reply).isEqualTo(new ErrorReply("memory is unavailable, so no new session can start: " + OVER_LIMIT
                + " (runbook memory-unavailable)", "memory-unavailable"));
        assertThat(Files.exists(t.baselineFile("chat-1").getParent())).isFalse();
        assertThat(t.model.requests()).isEmpty();
    }

    @Test
    void aNewSessionIsRefusedWhenMemorydIsDown() throws Exception {
        t.memoryd.close();

        Message reply = t.turn("chat-1", "hi");

        ErrorReply error = (ErrorReply) reply;
        assertThat(error.runbook()).isEqualTo("memory-unavailable");
        assertThat(error.message()).isEqualTo("memory is unavailable, so no new session can start: nothing answers on "
                        + t.settings.memorySocket() + " (is the daemon running?); see runbook memoryd-start-failed"
                        + " (runbook memory-unavailable)");
        assertThat(Files.exists(t.baselineFile("chat-1").getParent())).isFalse();
        assertThat(t.model.requests()).isEmpty();
    }

    @Test
    void aRunningSessionKeepsItsBaselineWhenMemorydGoesDown() throws Exception {
        t.model.add(Reply.text("one"), Reply.text("two"));
        t.memoryd.block = "## soul.md\nBe kind.\n\n## memory.md (0 of 2,200 characters)\n(empty)";
        t.turn("chat-1", "hi");
        byte[] before = t.baseline("chat-1");
        t.memoryd.block = "## soul.md\nA block the running session must not get.";
        t.memoryd.close();

        assertThat(t.turn("chat-1", "again")).isEqualTo(new TurnReply(dev.boxmaker.proto.SessionId.of("chat-1"), 2, "two"));
        assertThat(t.baseline("chat-1")).isEqualTo(before);
        String system = SystemText.shipped().strip() + "\n\n## soul.md\nBe kind.\n\n## memory.md (0 of 2,200 characters)\n(empty)";
        assertThat(t.model.requests()).hasSize(2).allSatisfy(r ->
                assertThat(r.json().get("messages").get(0).get("content").textValue()).isEqualTo(system));
    }

    private static String fieldNames(JsonNode node) {
        StringBuilder out = new StringBuilder();
        node.fieldNames().forEachRemaining(n -> out.append(out.length() == 0 ? "" : ",").append(n));
        return out.toString();
    }
}
