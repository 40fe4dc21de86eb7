package dev.boxmaker.bxctl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.testing.OddTexts;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@code bxctl memory search}'s argument, written with jackson-core alone, is the text the
 * {@code ObjectNode} bxctl built before wrote, for any query (controls, quotes, emoji, lone
 * surrogates) and any k; memoryd parses that text, so a changed byte would be a changed search.
 */
class SearchArgsPropertyTest {
    @Provide
    Arbitrary<String> queries() {
        return OddTexts.any();
    }

    @Property(tries = 2000)
    void theArgumentIsTheTreesText(@ForAll("queries") String query, @ForAll int k) {
        ObjectNode tree = Json.MAPPER.createObjectNode();
        tree.put("query", query);
        tree.put("k", k);
        assertThat(IndexCommands.searchArgs(query, k)).isEqualTo(tree.toString());
    }
}
