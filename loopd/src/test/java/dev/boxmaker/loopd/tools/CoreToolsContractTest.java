package dev.boxmaker.loopd.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.Numbers;
import dev.boxmaker.proto.tools.ToolArgs;
import dev.boxmaker.proto.tools.ToolContract;
import dev.boxmaker.proto.tools.ToolFile;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * core-tools.json is part of every saved baseline, so its bytes are written by hand and never
 * generated; this holds what it tells the model equal to the contract brokerd and memoryd check
 * (common-proto's {@link ToolContract}): the names, every limit, the actions and the files.
 */
class CoreToolsContractTest {
    private final ArrayNode tools = CoreTools.array();

    private JsonNode function(String name) {
        for (JsonNode t : tools) {
            if (t.get("function").get("name").textValue().equals(name)) {
                return t.get("function");
            }
        }
        throw new AssertionError("no tool " + name);
    }

    @Test
    void theNamesAreTheContracts() {
        List<String> names = new ArrayList<>();
        tools.forEach(t -> names.add(t.get("function").get("name").textValue()));
        assertThat(names).containsExactly(ToolContract.CLOCK, ToolContract.RECALL, ToolContract.MEMORY,
                ToolContract.ASK_MEMORY, ToolContract.FIND_TOOL, ToolContract.CALL_TOOL);
        assertThat(names).containsAll(ToolContract.MEMORY_TOOLS);
    }

    @Test
    void recallsSchemaStatesTheContractsLimits() {
        JsonNode recall = function(ToolContract.RECALL);
        JsonNode p = recall.get("parameters");
        assertThat(p.at("/properties/query/minLength").intValue()).isEqualTo(ToolContract.QUERY_CHARS_MIN);
        assertThat(p.at("/properties/query/maxLength").intValue()).isEqualTo(ToolContract.QUERY_CHARS_MAX);
        assertThat(p.at("/properties/query/description").textValue())
                .contains(ToolContract.QUERY_CHARS_MIN + " to " + ToolContract.QUERY_CHARS_MAX + " characters");
        assertThat(p.at("/properties/k/minimum").intValue()).isEqualTo(ToolContract.K_MIN);
        assertThat(p.at("/properties/k/maximum").intValue()).isEqualTo(ToolContract.K_MAX);
        assertThat(p.at("/properties/k/default").intValue()).isEqualTo(ToolContract.K_DEFAULT);
        assertThat(p.at("/properties/k/description").textValue())
                .contains(ToolContract.K_MIN + " to " + ToolContract.K_MAX);
    }

    @Test
    void memorysSchemaStatesTheContractsActionsFilesAndLimits() {
        JsonNode memory = function(ToolContract.MEMORY);
        JsonNode p = memory.get("parameters");
        List<String> actions = new ArrayList<>();
        p.at("/properties/action/enum").forEach(a -> actions.add(a.textValue()));
        assertThat(actions).isEqualTo(ToolContract.MEMORY_ACTIONS);
        List<String> files = new ArrayList<>();
        p.at("/properties/file/enum").forEach(f -> files.add(f.textValue()));
        assertThat(files).containsExactly(ToolFile.MEMORY.arg(), ToolFile.USER.arg());
        assertThat(p.at("/properties/text/minLength").intValue()).isEqualTo(ToolContract.ENTRY_CHARS_MIN);
        assertThat(p.at("/properties/old/minLength").intValue()).isEqualTo(ToolContract.ENTRY_CHARS_MIN);
        assertThat(memory.get("description").textValue()).contains(
                "memory.md: max " + Numbers.grouped(ToolContract.MEMORY_FILE_CHARS_MAX),
                "max " + Numbers.grouped(ToolContract.USER_FILE_CHARS_MAX),
                Numbers.grouped(ToolContract.NOTE_CHARS_MIN) + " to " + Numbers.grouped(ToolContract.NOTE_CHARS_MAX)
                        + " characters");
    }

    @Test
    void askMemorysSchemaStatesTheContractsLimitsNamesAndLevels() throws Exception {
        JsonNode ask = function(ToolContract.ASK_MEMORY);
        JsonNode p = ask.get("parameters");
        assertThat(p.at("/properties/question/minLength").intValue()).isEqualTo(ToolContract.QUESTION_CHARS_MIN);
        assertThat(p.at("/properties/question/maxLength").intValue()).isEqualTo(ToolContract.QUESTION_CHARS_MAX);
        assertThat(p.at("/properties/question/description").textValue()).contains(
                Numbers.grouped(ToolContract.QUESTION_CHARS_MIN) + " to " + Numbers.grouped(ToolContract.QUESTION_CHARS_MAX)
                        + " characters");
        assertThat(p.at("/properties/workspaces/minItems").intValue()).isEqualTo(ToolContract.WORKSPACES_MIN);
        assertThat(p.at("/properties/workspaces/maxItems").intValue()).isEqualTo(ToolContract.WORKSPACES_MAX);
        assertThat(p.at("/properties/workspaces/description").textValue())
                .startsWith(ToolContract.WORKSPACES_DEFAULT.get(0) + " (default), ")
                .contains(String.join(", ", ToolContract.WORKSPACES_FIXED.subList(1, 3)));
        List<String> levels = new ArrayList<>();
        p.at("/properties/reasoning/enum").forEach(l -> levels.add(l.textValue()));
        assertThat(levels).isEqualTo(ToolContract.REASONING_LEVELS);
        assertThat(p.at("/properties/reasoning/default").textValue()).isEqualTo(ToolContract.REASONING_DEFAULT);
        assertThat(p.at("/required").get(0).textValue()).isEqualTo("question");
        // What the schema shows as a call is one the contract takes.
        ToolArgs.check(ToolContract.ASK_MEMORY, (ObjectNode) Json.MAPPER.readTree(
                "{\"question\": \"q\", \"workspaces\": [\"own\", \"untrusted\", \"fleet\", \"boxmaker1\"],"
                        + " \"reasoning\": \"low\"}"));
    }

    /** Each action the schema offers, with the fields its description names, is one the contract takes. */
    @Test
    void everyActionAsTheDescriptionShowsItIsTakenByTheContract() throws Exception {
        String[] calls = {
            "{\"action\": \"add\", \"file\": \"memory\", \"text\": \"t\"}",
            "{\"action\": \"replace\", \"file\": \"user\", \"old\": \"o\", \"text\": \"t\"}",
            "{\"action\": \"remove\", \"file\": \"user\", \"old\": \"o\"}",
            "{\"action\": \"note\", \"text\": \"t\"}",
            "{\"action\": \"consolidate\", \"file\": \"memory\", \"entries\": [{\"old\": \"a\", \"keep\": true},"
                    + " {\"old\": \"b\", \"text\": \"c\"}, {\"old\": \"d\", \"move\": true}, {\"old\": \"e\", \"drop\": true},"
                    + " {\"text\": \"f\"}]}"};
        List<String> taken = new ArrayList<>();
        for (String call : calls) {
            ObjectNode args = (ObjectNode) Json.MAPPER.readTree(call);
            ToolArgs.check(ToolContract.MEMORY, args);
            taken.add(args.get("action").textValue());
        }
        assertThat(taken).containsExactlyInAnyOrderElementsOf(ToolContract.MEMORY_ACTIONS);
        JsonNode items = function(ToolContract.MEMORY).at("/parameters/properties/entries/items/properties");
        List<String> itemFields = new ArrayList<>();
        items.fieldNames().forEachRemaining(itemFields::add);
        assertThat(itemFields).containsExactly("old", "text", "keep", "move", "drop");
    }
}
