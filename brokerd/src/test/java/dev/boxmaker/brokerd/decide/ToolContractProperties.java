package dev.boxmaker.brokerd.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.ask.AskArgs;
import dev.boxmaker.memoryd.recall.RecallArgs;
import dev.boxmaker.memoryd.tool.Refused;
import dev.boxmaker.memoryd.tool.RequestParser;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * brokerd (which checks a memory tool's arguments, ask_memory's included, before a call is decided) and memoryd (which checks
 * them again before it applies the call) take and refuse the same argument sets, with the same
 * sentence: fields at their limits and one past, of wrong types, missing, null, and beside unknown
 * fields. QuickTheories prints the seed of a failing run; the README's Tests section says how to
 * replay it.
 */
class ToolContractProperties {
    static final int EXAMPLES = 20_000;

    static Gen<ObjectNode> arguments(String tool) {
        return lists().of(integers().between(0, 1_000)).ofSizeBetween(0, 40)
                .map(choices -> switch (tool) {
                    case "recall" -> new ToolArgsDraw(choices).recall();
                    case "ask_memory" -> new ToolArgsDraw(choices).ask();
                    default -> new ToolArgsDraw(choices).memory();
                });
    }

    static String brokerd(String tool, ObjectNode args) {
        try {
            MemoryToolArgs.check(tool, args);
            return null;
        } catch (MemoryToolArgs.Refused refused) {
            return refused.getMessage();
        }
    }

    static String memoryd(String tool, ObjectNode args) {
        if (tool.equals("recall")) {
            return RecallArgs.parse(args).refusal();
        }
        if (tool.equals("ask_memory")) {
            return AskArgs.parse(args).refusal();
        }
        try {
            RequestParser.parse(args);
            return null;
        } catch (Refused refused) {
            return refused.sentence();
        }
    }

    @Test
    void recallIsRefusedAlikeWithTheSameSentence() {
        agree("recall", 2);
    }

    @Test
    void memoryIsRefusedAlikeWithTheSameSentence() {
        agree("memory", 20);
    }

    @Test
    void askMemoryIsRefusedAlikeWithTheSameSentence() {
        agree("ask_memory", 5);
    }

    /** The guards hold the property to runs that take some calls and refuse many for many reasons. */
    private static void agree(String tool, int sentencesAtLeast) {
        AtomicInteger taken = new AtomicInteger();
        Set<String> sentences = new HashSet<>();
        qt().withExamples(EXAMPLES).forAll(arguments(tool)).checkAssert(args -> {
            String broker = brokerd(tool, args);
            assertThat(memoryd(tool, args)).as(args.toString()).isEqualTo(broker);
            if (broker == null) {
                taken.incrementAndGet();
            } else {
                sentences.add(broker.replaceAll("\\[[0-9]+]", "[i]"));
            }
        });
        assertThat(taken.get()).as("calls both took").isGreaterThan(EXAMPLES / 50);
        assertThat(sentences).as("distinct refusals").hasSizeGreaterThanOrEqualTo(sentencesAtLeast);
    }
}
