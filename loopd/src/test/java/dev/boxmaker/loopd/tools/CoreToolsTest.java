package dev.boxmaker.loopd.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.boxmaker.proto.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The tools array states every limit and action of the M5a spec, section 5, so a model calls right. */
class CoreToolsTest {
    private final ArrayNode tools = CoreTools.array();

    @Test
    void theModelSeesTheSixToolsInOrder() {
        List<String> names = new ArrayList<>();
        tools.forEach(t -> names.add(t.get("function").get("name").textValue()));
        assertThat(names).containsExactly("clock", "recall", "memory", "ask_memory", "find_tool", "call_tool");
        tools.forEach(t -> assertThat(t.get("type").textValue()).isEqualTo("function"));
    }

    @Test
    void recallStatesItsLimits() {
        JsonNode p = parameters("recall");
        assertThat(p.at("/properties/query/minLength").intValue()).isEqualTo(1);
        assertThat(p.at("/properties/query/maxLength").intValue()).isEqualTo(500);
        assertThat(p.at("/properties/k/minimum").intValue()).isEqualTo(1);
        assertThat(p.at("/properties/k/maximum").intValue()).isEqualTo(10);
        assertThat(p.at("/properties/k/default").intValue()).isEqualTo(5);
        assertThat(p.get("required").toString()).isEqualTo("[\"query\"]");
        assertThat(description("recall")).contains("identity", "memory", "memory-tainted");
    }

    @Test
    void memoryStatesItsActionsFilesAndLimits() {
        JsonNode p = parameters("memory");
        assertThat(p.at("/properties/action/enum").toString())
                .isEqualTo("[\"add\",\"replace\",\"remove\",\"note\",\"consolidate\"]");
        assertThat(p.at("/properties/file/enum").toString()).isEqualTo("[\"memory\",\"user\"]");
        assertThat(p.at("/properties/entries/items/properties").toString())
                .contains("\"old\"", "\"text\"", "\"keep\"", "\"move\"", "\"drop\"");
        assertThat(description("memory")).contains("2,200", "1,375", "1 to 1,000", "full, exact current text",
                "list every current entry once", "next session");
    }

    @Test
    void askMemoryStatesItsLimitsNamesLevelsAndTags() {
        JsonNode p = parameters("ask_memory");
        assertThat(p.at("/properties/question/maxLength").intValue()).isEqualTo(2_000);
        assertThat(p.at("/properties/workspaces/maxItems").intValue()).isEqualTo(4);
        assertThat(p.at("/properties/workspaces/description").textValue())
                .isEqualTo("own (default), untrusted, fleet or another agent's name.");
        assertThat(p.at("/properties/reasoning/enum").toString()).isEqualTo("[\"minimal\",\"low\"]");
        assertThat(p.get("required").toString()).isEqualTo("[\"question\"]");
        assertThat(description("ask_memory")).contains("memory or memory-tainted", "150 s");
    }

    @Test
    void findToolAndCallToolStateTheirs() {
        assertThat(parameters("find_tool").at("/properties/query/maxLength").intValue()).isEqualTo(Catalog.QUERY_CHARS_MAX);
        assertThat(description("find_tool")).contains("up to " + Catalog.HITS_MAX + " tools");
        assertThat(parameters("call_tool").get("required").toString()).isEqualTo("[\"name\",\"arguments\"]");
        assertThat(parameters("call_tool").at("/properties/arguments/type").textValue()).isEqualTo("object");
    }

    @Test
    void findToolsQueryAtTheLimitIsTakenAndOnePastIsRefused() throws Exception {
        Catalog catalog = new Catalog(java.nio.file.Path.of("/nonexistent"));
        assertThat(catalog.find(Json.MAPPER.readTree("{\"query\":\"" + "a".repeat(200) + "\"}")).text())
                .startsWith("(no tools match");
        assertThat(catalog.find(Json.MAPPER.readTree("{\"query\":\"" + "a".repeat(201) + "\"}")).text())
                .isEqualTo("find_tool: \"query\" must be a string of 1 to 200 characters");
    }

    private JsonNode parameters(String name) {
        return tool(name).get("parameters");
    }

    private String description(String name) {
        return tool(name).get("description").textValue();
    }

    private JsonNode tool(String name) {
        for (JsonNode t : tools) {
            if (t.get("function").get("name").textValue().equals(name)) {
                return t.get("function");
            }
        }
        throw new AssertionError(name);
    }
}
