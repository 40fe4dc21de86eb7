package dev.boxmaker.bxctl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.testing.OddTexts;
import org.junit.jupiter.api.Test;
import org.quicktheories.generators.Generate;

/**
 * {@code bxctl memory search}'s argument, written with jackson-core alone, is the text the
 * {@code ObjectNode} bxctl built before wrote, for any query (controls, quotes, emoji, lone
 * surrogates) and any k, its limits included; memoryd parses that text, so a changed byte would be a
 * changed search. QuickTheories prints the seed of a failure; the README's Tests section says how to replay it.
 */
class SearchArgsPropertyTest {
    @Test
    void theArgumentIsTheTreesText() {
        qt().withExamples(2000).forAll(OddTexts.any(), Generate.range(Integer.MIN_VALUE, Integer.MAX_VALUE))
                .checkAssert((query, k) -> {
                    ObjectNode tree = Json.MAPPER.createObjectNode();
                    tree.put("query", query);
                    tree.put("k", k);
                    assertThat(IndexCommands.searchArgs(query, k)).isEqualTo(tree.toString());
                });
    }
}
