package dev.boxmaker.brokerd.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.Json;
import org.junit.jupiter.api.Test;

/** recall's and memory's shapes and limits (the M5a spec, section 5), each at its edge and one past. */
class MemoryToolArgsTest {
    static ObjectNode args(String json) throws Exception {
        return (ObjectNode) Json.MAPPER.readTree(json);
    }

    static String chars(int n) {
        return "x".repeat(n);
    }

    static ObjectNode with(String json, String field, String value) throws Exception {
        ObjectNode node = args(json);
        node.put(field, value);
        return node;
    }

    static void ok(String tool, ObjectNode args) {
        assertThatCode(() -> MemoryToolArgs.check(tool, args)).doesNotThrowAnyException();
    }

    static void refused(String tool, ObjectNode args, String sentence) {
        assertThatThrownBy(() -> MemoryToolArgs.check(tool, args))
                .isInstanceOf(MemoryToolArgs.Refused.class).hasMessage(sentence);
    }

    static final String QUERY = "recall: \"query\" must be a string of 1 to 500 characters";
    static final String K = "recall: \"k\" must be a whole number from 1 to 10";

    @Test
    void recallQueryIsOneTo500Characters() throws Exception {
        ok("recall", with("{}", "query", chars(1)));
        ok("recall", with("{}", "query", chars(500)));
        refused("recall", with("{}", "query", chars(0)), QUERY);
        refused("recall", with("{}", "query", chars(501)), QUERY);
        refused("recall", args("{}"), QUERY);
        refused("recall", args("{\"query\": 5}"), QUERY);
    }

    @Test
    void recallCountsCharactersNotBytesOrUtf16Units() throws Exception {
        ok("recall", with("{}", "query", "😀".repeat(500)));
        refused("recall", with("{}", "query", "😀".repeat(501)), QUERY);
    }

    @Test
    void recallKIsOneToTenAndOptional() throws Exception {
        ok("recall", args("{\"query\": \"q\"}"));
        ok("recall", args("{\"query\": \"q\", \"k\": 1}"));
        ok("recall", args("{\"query\": \"q\", \"k\": 10}"));
        refused("recall", args("{\"query\": \"q\", \"k\": 0}"), K);
        refused("recall", args("{\"query\": \"q\", \"k\": 11}"), K);
        refused("recall", args("{\"query\": \"q\", \"k\": 5.5}"), K);
        refused("recall", args("{\"query\": \"q\", \"k\": \"5\"}"), K);
        refused("recall", args("{\"query\": \"q\", \"k\": 99999999999}"), K);
    }

    static final String NOTE = "memory: \"text\" must be a string of 1 to 1,000 characters";

    @Test
    void aNoteIsOneTo1000Characters() throws Exception {
        ok("memory", with("{\"action\": \"note\"}", "text", chars(1)));
        ok("memory", with("{\"action\": \"note\"}", "text", chars(1_000)));
        refused("memory", with("{\"action\": \"note\"}", "text", chars(0)), NOTE);
        refused("memory", with("{\"action\": \"note\"}", "text", chars(1_001)), NOTE);
    }

    @Test
    void anAddFitsItsFilesWholeLimit() throws Exception {
        ok("memory", with("{\"action\": \"add\", \"file\": \"memory\"}", "text", chars(2_200)));
        refused("memory", with("{\"action\": \"add\", \"file\": \"memory\"}", "text", chars(2_201)),
                "memory: \"text\" must be a string of 1 to 2,200 characters");
        ok("memory", with("{\"action\": \"add\", \"file\": \"user\"}", "text", chars(1_375)));
        refused("memory", with("{\"action\": \"add\", \"file\": \"user\"}", "text", chars(1_376)),
                "memory: \"text\" must be a string of 1 to 1,375 characters");
        refused("memory", with("{\"action\": \"add\", \"file\": \"memory\"}", "text", ""),
                "memory: \"text\" must be a string of 1 to 2,200 characters");
    }

    @Test
    void replaceAndRemoveNeedOld() throws Exception {
        ok("memory", args("{\"action\": \"replace\", \"file\": \"memory\", \"old\": \"a\", \"text\": \"b\"}"));
        refused("memory", args("{\"action\": \"replace\", \"file\": \"memory\", \"text\": \"b\"}"),
                "memory: \"old\" must be a string of 1 to 2,200 characters");
        ok("memory", args("{\"action\": \"remove\", \"file\": \"user\", \"old\": \"a\"}"));
        refused("memory", with("{\"action\": \"remove\", \"file\": \"user\"}", "old", chars(1_376)),
                "memory: \"old\" must be a string of 1 to 1,375 characters");
    }

    @Test
    void theActionAndTheFileAreNamedWhenWrong() throws Exception {
        refused("memory", args("{}"),
                "memory: \"action\" must be one of \"add\", \"replace\", \"remove\", \"note\" and \"consolidate\"");
        refused("memory", args("{\"action\": \"delete\"}"),
                "memory: \"action\" must be one of \"add\", \"replace\", \"remove\", \"note\" and \"consolidate\"");
        refused("memory", args("{\"action\": \"add\", \"file\": \"soul\", \"text\": \"x\"}"),
                "memory: \"file\" must be \"memory\" or \"user\"");
        refused("memory", args("{\"action\": \"add\", \"text\": \"x\"}"), "memory: \"file\" must be \"memory\" or \"user\"");
    }

    @Test
    void consolidateHoldsOneTo1000WellFormedItems() throws Exception {
        String entries = "memory: \"entries\" must be a list of 1 to 1,000 objects";
        ObjectNode at = args("{\"action\": \"consolidate\", \"file\": \"memory\"}");
        ArrayNode list = at.putArray("entries");
        refused("memory", at, entries);
        for (int i = 0; i < 1_000; i++) {
            list.addObject().put("old", "e" + i).put("keep", true);
        }
        ok("memory", at);
        list.addObject().put("text", "new");
        refused("memory", at, entries);
    }

    @Test
    void aConsolidateItemHasOldWithExactlyOneChoiceOrOnlyText() throws Exception {
        String base = "{\"action\": \"consolidate\", \"file\": \"memory\", \"entries\": [";
        ok("memory", args(base + "{\"old\": \"a\", \"move\": true}, {\"old\": \"b\", \"drop\": true},"
                + " {\"old\": \"c\", \"text\": \"d\"}, {\"text\": \"e\"}]}"));
        refused("memory", args(base + "{\"old\": \"a\"}]}"),
                "consolidate: entries[0] must have exactly one of keep, text, move, drop with its old; it has none");
        refused("memory", args(base + "{\"old\": \"a\", \"keep\": true, \"drop\": true}]}"),
                "consolidate: entries[0] must have exactly one of keep, text, move, drop with its old; it has keep and drop");
        refused("memory", args(base + "{\"keep\": true}]}"),
                "consolidate: entries[0] has no old, so it is a new entry and must have only text");
        refused("memory", args(base + "\"a\"]}"), "memory: \"entries\" must be a list of 1 to 1,000 objects");
        refused("memory", args(base + "{\"old\": \"a\", \"keep\": false}]}"),
                "memory: \"entries[0].keep\" must be true when it is given");
    }

    @Test
    void otherToolsAreNotCheckedHere() throws Exception {
        ok("http_fetch", args("{}"));
        assertThat(MemoryToolArgs.MEMORY_TOOLS).containsExactlyInAnyOrder("recall", "memory", "ask_memory");
    }
}
