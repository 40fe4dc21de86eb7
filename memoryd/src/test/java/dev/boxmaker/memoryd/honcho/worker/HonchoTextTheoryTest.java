package dev.boxmaker.memoryd.honcho.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import dev.boxmaker.proto.text.Sanitize;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Issue 33, item 15: the 25,000-character split of what leaves for Honcho keeps every character once,
 * in order, with no lone surrogate; and each part of the neutralised text is itself neutral, so no cut
 * makes a marker live again. QuickTheories prints the seed of a failing run, so it replays.
 */
class HonchoTextTheoryTest {
    /** Surrogate pairs, combining marks, markup and its escapes, so cuts land inside each often. */
    static final List<String> PIECES = List.of("a", " ", "\n", "\ud83d\ude00", "\ud83c\udf75", "e\u0301", "\u0301",
            "\u0308\u0323", "\u2039", "<", ">", "|", "\\", "<|", "|>", "\\|>", "<\\|", "\uFF5C>", "<system>",
            "<system\n>", "\u200b", "\\u{200B}", "\u001b", "\ud800", "\udfff", "[INST]", "\ufe0f");

    static Gen<String> pieces(int max) {
        return dev.boxmaker.proto.testing.Texts.joined(PIECES, 0, max);
    }

    @Test
    void theSplitKeepsEveryCharacterOnceInOrderWithNoLoneSurrogate() {
        qt().withExamples(3_000).forAll(pieces(40), Generate.range(2, 30)).checkAssert((text, max) -> {
            String sent = Sanitize.neutralise(text);
            List<String> parts = Texts.split(sent, max);
            assertThat(String.join("", parts)).isEqualTo(sent);
            for (String part : parts) {
                assertThat(part.length()).isBetween(sent.isEmpty() ? 0 : 1, max);
                assertThat(lone(part)).as("a lone surrogate in %s", part).isFalse();
            }
        });
    }

    @Test
    void eachPartOfTheNeutralisedTextIsNeutral() {
        qt().withExamples(3_000).forAll(pieces(40), Generate.range(2, 30)).checkAssert((text, max) -> {
            for (String part : Texts.split(Sanitize.neutralise(text), max)) {
                assertThat(Sanitize.neutralise(part)).as("a part of %s", text).isEqualTo(part);
            }
        });
    }

    @Test
    void atHonchosSizeTheSameHoldsForLongTexts() {
        qt().withExamples(40).forAll(pieces(12_000)).checkAssert(text -> {
            String sent = Sanitize.neutralise(text);
            List<String> parts = Texts.parts(text);
            assertThat(String.join("", parts)).isEqualTo(sent);
            for (String part : parts) {
                assertThat(part.length()).isBetween(sent.isEmpty() ? 0 : 1, Texts.MESSAGE_CHARS_MAX);
                assertThat(lone(part)).isFalse();
                assertThat(Sanitize.neutralise(part)).isEqualTo(part);
            }
        });
    }

    /** Whether {@code text} holds a surrogate without its pair. */
    static boolean lone(String text) {
        return text.codePoints().anyMatch(cp -> cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE);
    }
}
