package dev.boxmaker.loopd;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Tool calls (loopd.md, step 3): clock and find_tool here, the rest through brokerd. */
class ToolCallTest {
    private LoopdHome t;

    @BeforeEach
    void start() throws Exception {
        t = LoopdHome.create().start();
        Files.createDirectories(t.home.resolve("tools"));
        Files.writeString(t.home.resolve("tools/weather.json"), "{\"name\":\"weather\",\"description\":\"The weather"
                + " forecast for a place\",\"parameters\":{\"type\":\"object\",\"properties\":{\"place\":{\"type\":\"string\"}}}}");
    }

    @AfterEach
    void stop() throws Exception {
        t.close();
    }

    @Test
    void clockAndFindToolAnswerHereAndTheOthersGoToBrokerd() throws Exception {
        t.model.add(Reply.toolCalls(
                "c1", "clock", "{}",
                "c2", "find_tool", "{\"query\":\"weather forecast\"}",
                "c3", "memory", "{\"action\":\"note\",\"text\":\"x\"}",
                "c4", "call_tool", "{\"name\":\"weather\",\"arguments\":{\"place\":\"Oslo\"}}",
                "c5", "recall", "[\"not\",\"an\",\"object\"]",
                "c6", "call_tool", "{\"name\":\"weather\",\"arguments\":\"nope\"}",
                "c7", "teleport", "{}"), Reply.text("done"));

        t.turn("chat-1", "go");

        assertThat(t.brokerd.requests).extracting(ToolRequest::call, ToolRequest::tool, r -> r.args().toString())
                .containsExactly(org.assertj.core.groups.Tuple.tuple("c3", "memory", "{\"action\":\"note\",\"text\":\"x\"}"),
                        org.assertj.core.groups.Tuple.tuple("c4", "weather", "{\"place\":\"Oslo\"}"));
        List<JsonNode> results = t.log("chat-1").stream().skip(2).limit(7).map(ToolCallTest::json).toList();
        assertThat(results.get(0).get("content").textValue()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ \\(\\w+day\\)");
        assertThat(results.get(0).get("class").textValue()).isEqualTo("public");
        assertThat(results.get(1).get("content").textValue()).isEqualTo("weather: The weather forecast for a place\n"
                + "arguments: {\"type\":\"object\",\"properties\":{\"place\":{\"type\":\"string\"}}}");
        assertThat(results.get(2).get("content").textValue()).isEqualTo("memory ran");
        assertThat(results.get(2).get("class").textValue()).isEqualTo("private");
        assertThat(results.get(3).get("content").textValue()).isEqualTo("weather ran");
        assertThat(results.get(4).get("outcome").textValue()).isEqualTo("failed");
        assertThat(results.get(4).get("content").textValue()).isEqualTo("the arguments are not a JSON object");
        assertThat(results.get(5).get("content").textValue()).isEqualTo("call_tool: \"arguments\" must be a JSON object");
        assertThat(results.get(6).get("content").textValue())
                .isEqualTo("there is no tool called \"teleport\"; use find_tool to look for one and call_tool to run it");
        // Each tool message answers its call, in order.
        JsonNode messages = t.model.requests().get(1).messages();
        assertThat(messages.get(3).get("role").textValue()).isEqualTo("tool");
        assertThat(messages.get(3).get("tool_call_id").textValue()).isEqualTo("c1");
    }

    @Test
    void findToolSaysWhenNothingMatches() throws Exception {
        t.model.add(Reply.toolCall("c1", "find_tool", "{\"query\":\"submarine\"}"), Reply.text("none"));
        t.turn("chat-1", "go");
        assertThat(json(t.log("chat-1").get(2)).get("content").textValue()).isEqualTo("(no tools match \"submarine\")");
    }

    @Test
    void brokerdDownIsAFailedResultNotAFailedTurn() throws Exception {
        t.brokerd.close();
        t.model.add(Reply.toolCall("c1", "recall", "{\"query\":\"x\"}"), Reply.text("sorry"));
        t.turn("chat-1", "go");
        JsonNode result = json(t.log("chat-1").get(2));
        assertThat(result.get("outcome").textValue()).isEqualTo("failed");
        assertThat(result.get("content").textValue()).startsWith("the tool did not run: ")
                .contains(t.settings.brokerSocket().toString());
    }

    static JsonNode json(String line) {
        try {
            return Json.MAPPER.readTree(line);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
