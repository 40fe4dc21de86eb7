package dev.boxmaker.proto.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one tool contract: every limit at its edge and one past, each refusal's exact sentence. */
class ToolArgsTest {
    static final String QUERY = "recall: \"query\" must be a string of 1 to 500 characters";
    static final String K = "recall: \"k\" must be a whole number from 1 to 10";
    static final String ACTION =
            "memory: \"action\" must be one of \"add\", \"replace\", \"remove\", \"note\" and \"consolidate\"";
    static final String FILE = "memory: \"file\" must be \"memory\" or \"user\"";
    static final String ENTRIES = "memory: \"entries\" must be a list of 1 to 1,000 objects";

    static ObjectNode args(String json) throws Exception {
        return (ObjectNode) Json.MAPPER.readTree(json.replace('\'', '"'));
    }

    static ObjectNode with(String json, String field, String value) throws Exception {
        return args(json).put(field, value);
    }

    /** {@code {"question": question}}. */
    static ObjectNode with0(String question) {
        return Json.MAPPER.createObjectNode().put("question", question);
    }

    static String refusal(String tool, ObjectNode args) {
        try {
            ToolArgs.check(tool, args);
            return null;
        } catch (ToolFault fault) {
            return fault.sentence();
        }
    }

    static String x(int n) {
        return "x".repeat(n);
    }

    @Test
    void recallsQueryIsOneTo500CharactersCountedAsCodePoints() throws Exception {
        assertThat(ToolArgs.recall(with("{}", "query", x(1)))).isEqualTo(new RecallRequest("x", 5));
        assertThat(ToolArgs.recall(with("{}", "query", x(500))).query()).hasSize(500);
        assertThat(ToolArgs.recall(with("{}", "query", "😀".repeat(500))).query()).hasSize(1_000);
        for (ObjectNode wrong : List.of(with("{}", "query", x(0)), with("{}", "query", x(501)),
                with("{}", "query", "😀".repeat(501)), args("{}"), args("{'query': 5}"), args("{'query': null}"))) {
            assertThat(refusal("recall", wrong)).as(wrong.toString()).isEqualTo(QUERY);
        }
    }

    @Test
    void recallsKIsOneToTenFiveWhenAbsentOrNull() throws Exception {
        assertThat(ToolArgs.recall(args("{'query': 'q', 'k': 1}")).k()).isEqualTo(1);
        assertThat(ToolArgs.recall(args("{'query': 'q', 'k': 10}")).k()).isEqualTo(10);
        assertThat(ToolArgs.recall(args("{'query': 'q'}")).k()).isEqualTo(ToolContract.K_DEFAULT).isEqualTo(5);
        assertThat(ToolArgs.recall(args("{'query': 'q', 'k': null}")).k()).isEqualTo(5);
        for (String k : List.of("0", "11", "-1", "5.5", "'5'", "true", "99999999999", "[]")) {
            assertThat(refusal("recall", args("{'query': 'q', 'k': " + k + "}"))).as(k).isEqualTo(K);
        }
    }

    @Test
    void aNoteIsOneTo1000Characters() throws Exception {
        assertThat(ToolArgs.memory(with("{'action': 'note'}", "text", x(1)))).isEqualTo(new MemoryRequest.Note("x"));
        assertThat(refusal("memory", with("{'action': 'note'}", "text", x(1_000)))).isNull();
        String note = "memory: \"text\" must be a string of 1 to 1,000 characters";
        assertThat(refusal("memory", with("{'action': 'note'}", "text", x(0)))).isEqualTo(note);
        assertThat(refusal("memory", with("{'action': 'note'}", "text", x(1_001)))).isEqualTo(note);
        assertThat(refusal("memory", args("{'action': 'note', 'text': 7}"))).isEqualTo(note);
    }

    @Test
    void anOldOrTextIsAtMostItsFilesWholeLimit() throws Exception {
        String add = "{'action': 'add', 'file': 'memory'}";
        assertThat(ToolArgs.memory(with(add, "text", x(2_200))))
                .isEqualTo(new MemoryRequest.Add(ToolFile.MEMORY, x(2_200)));
        assertThat(refusal("memory", with(add, "text", x(2_201))))
                .isEqualTo("memory: \"text\" must be a string of 1 to 2,200 characters");
        assertThat(refusal("memory", with(add, "text", "")))
                .isEqualTo("memory: \"text\" must be a string of 1 to 2,200 characters");
        String remove = "{'action': 'remove', 'file': 'user'}";
        assertThat(ToolArgs.memory(with(remove, "old", x(1_375))))
                .isEqualTo(new MemoryRequest.Remove(ToolFile.USER, x(1_375)));
        assertThat(refusal("memory", with(remove, "old", x(1_376))))
                .isEqualTo("memory: \"old\" must be a string of 1 to 1,375 characters");
        String replace = "{'action': 'replace', 'file': 'user', 'old': 'a'}";
        assertThat(ToolArgs.memory(with(replace, "text", x(1_375))))
                .isEqualTo(new MemoryRequest.Replace(ToolFile.USER, "a", x(1_375)));
        assertThat(refusal("memory", with(replace, "text", x(1_376))))
                .isEqualTo("memory: \"text\" must be a string of 1 to 1,375 characters");
        assertThat(refusal("memory", args("{'action': 'replace', 'file': 'memory', 'text': 'b'}")))
                .isEqualTo("memory: \"old\" must be a string of 1 to 2,200 characters");
    }

    @Test
    void theActionAndTheFileAreNamedWhenWrong() throws Exception {
        for (String json : List.of("{}", "{'action': 7}", "{'action': 'delete'}", "{'action': null}")) {
            assertThat(refusal("memory", args(json))).as(json).isEqualTo(ACTION);
        }
        for (String json : List.of("{'action': 'add', 'text': 'x'}", "{'action': 'add', 'file': 'soul', 'text': 'x'}",
                "{'action': 'consolidate', 'file': 1}")) {
            assertThat(refusal("memory", args(json))).as(json).isEqualTo(FILE);
        }
    }

    @Test
    void consolidateHoldsOneTo1000Objects() throws Exception {
        ObjectNode at = args("{'action': 'consolidate', 'file': 'memory'}");
        assertThat(refusal("memory", at)).isEqualTo(ENTRIES);
        ArrayNode list = at.putArray("entries");
        assertThat(refusal("memory", at)).isEqualTo(ENTRIES);
        list.addObject().put("old", "e").put("keep", true);
        assertThat(refusal("memory", at)).isNull();
        for (int i = 1; i < 1_000; i++) {
            list.addObject().put("text", "n" + i);
        }
        MemoryRequest.Consolidate parsed = (MemoryRequest.Consolidate) ToolArgs.memory(at);
        assertThat(parsed.items()).hasSize(1_000);
        assertThat(parsed.items().get(0)).isEqualTo(new MemoryRequest.Item("e", MemoryRequest.Choice.KEEP, null));
        assertThat(parsed.items().get(1)).isEqualTo(new MemoryRequest.Item(null, MemoryRequest.Choice.NEW, "n1"));
        list.addObject().put("text", "one past");
        assertThat(refusal("memory", at)).isEqualTo(ENTRIES);
        assertThat(refusal("memory", args("{'action': 'consolidate', 'file': 'user', 'entries': ['a']}")))
                .isEqualTo(ENTRIES);
    }

    @Test
    void aConsolidateItemHasOldWithExactlyOneChoiceOrOnlyText() throws Exception {
        String base = "{'action': 'consolidate', 'file': 'user', 'entries': [";
        assertThat(refusal("memory", args(base + "{'old': 'a', 'move': true}, {'old': 'b', 'drop': true},"
                + " {'old': 'c', 'text': 'd'}, {'text': 'e'}]}"))).isNull();
        assertThat(refusal("memory", args(base + "{'old': 'a'}]}")))
                .isEqualTo("consolidate: entries[0] must have exactly one of keep, text, move, drop with its old; it has none");
        assertThat(refusal("memory", args(base + "{'text': 'n'}, {'old': 'a', 'keep': true, 'move': true}]}")))
                .isEqualTo("consolidate: entries[1] must have exactly one of keep, text, move, drop with its old;"
                        + " it has keep and move");
        assertThat(refusal("memory", args(base + "{'text': 'n', 'drop': true}]}")))
                .isEqualTo("consolidate: entries[0] has no old, so it is a new entry and must have only text");
        assertThat(refusal("memory", args(base + "{'old': 'a', 'keep': false}]}")))
                .isEqualTo("memory: \"entries[0].keep\" must be true when it is given");
        assertThat(refusal("memory", args(base + "{'old': 'a', 'drop': 'yes'}]}")))
                .isEqualTo("memory: \"entries[0].drop\" must be true when it is given");
        assertThat(refusalOfItem(base, x(1_376)))
                .isEqualTo("memory: \"entries[0].old\" must be a string of 1 to 1,375 characters");
        assertThat(refusalOfItem(base, x(1_375))).isNull();
    }

    private static String refusalOfItem(String base, String old) throws Exception {
        ObjectNode at = args(base + "]}");
        at.withArray("entries").addObject().put("old", old).put("keep", true);
        return refusal("memory", at);
    }

    @Test
    void aSurrogateWithoutItsPairIsRefusedInMemoryButNotInAQuery() throws Exception {
        assertThat(refusal("memory", args("{'action': 'note', 'text': 'tea \\ud83c'}")))
                .isEqualTo("\"text\" is not valid Unicode: it holds U+D83C without its pair; write the character whole");
        assertThat(refusal("memory", args("{'action': 'consolidate', 'file': 'user', 'entries': [{'text': 'n'},"
                + " {'old': 'a', 'text': '\\udbff'}]}")))
                .isEqualTo("\"entries[1].text\" is not valid Unicode: it holds U+DBFF without its pair; write the character whole");
        assertThat(refusal("recall", args("{'query': 'tea \\ud83c'}"))).isNull();
    }

    @Test
    void unknownFieldsAreIgnoredEverywhere() throws Exception {
        assertThat(ToolArgs.recall(args("{'query': 'q', 'limit': 3}"))).isEqualTo(ToolArgs.recall(args("{'query': 'q'}")));
        assertThat(ToolArgs.memory(args("{'action': 'add', 'file': 'memory', 'text': 't', 'why': 1}")))
                .isEqualTo(ToolArgs.memory(args("{'action': 'add', 'file': 'memory', 'text': 't'}")));
        assertThat(ToolArgs.memory(args("{'action': 'consolidate', 'file': 'memory', 'entries': [{'old': 'a',"
                + " 'keep': true, 'note': 'x'}]}"))).isEqualTo(new MemoryRequest.Consolidate(ToolFile.MEMORY,
                List.of(new MemoryRequest.Item("a", MemoryRequest.Choice.KEEP, null))));
    }

    @Test
    void otherToolsAreNotChecked() throws Exception {
        assertThat(refusal("http_fetch", args("{}"))).isNull();
        assertThat(ToolContract.MEMORY_TOOLS).containsExactlyInAnyOrder("recall", "memory", "ask_memory");
    }

    @Test
    void aFaultCarriesItsSentenceAsItsMessage() {
        assertThatThrownBy(() -> ToolArgs.memory(Json.MAPPER.createObjectNode())).isInstanceOf(ToolFault.class)
                .hasMessage(ACTION);
    }
}
