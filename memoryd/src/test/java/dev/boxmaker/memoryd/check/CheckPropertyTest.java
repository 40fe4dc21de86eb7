package dev.boxmaker.memoryd.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.quicktheories.QuickTheory.qt;

import dev.boxmaker.memoryd.check.Check.Refusal;
import dev.boxmaker.proto.testing.OddTexts;
import dev.boxmaker.proto.testing.Texts;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Randomised checks, 1,000 examples each. QuickTheories prints the seed of a failing run; the
 * README's Tests section says how to replay it.
 */
class CheckPropertyTest {
    private static final int EXAMPLES = 1000;

    /**
     * Letters, digits, punctuation other than markup's, spaces, tabs, newlines, CJK, Hangul, Arabic
     * and an emoji. The Latin letters cannot spell any fixed phrase, so nothing here may be refused.
     */
    static Gen<String> ordinaryText() {
        return Texts.joined(List.of("a", "b", "c", "X", "Y", "0", "9", " ", ".", ",", ";", ":", "!", "?",
                "'", "\"", "(", ")", "-", "_", "/", "\t", "\n", "東", "京", "文", "한", "국",
                "م", "ر", "ح", "\uD83D\uDE00", "\uD83C\uDF75"), 0, 60);
    }

    /** Drawn from the table itself: a random code point is in it about once in 260 tries. */
    static Gen<Integer> invisible() {
        return Generate.pick(IntStream.rangeClosed(0, Character.MAX_CODE_POINT)
                .filter(InvisibleCharacters::contains).boxed().toList());
    }

    @Test
    void ordinaryTextIsAccepted() {
        qt().withExamples(EXAMPLES).forAll(ordinaryText()).checkAssert(text -> assertThat(Check.firstRefusal(text)).isEmpty());
    }

    @Test
    void oneInvisibleCharacterAnywhereInOrdinaryTextIsRefusedAndNamed() {
        qt().withExamples(EXAMPLES).forAll(ordinaryText(), invisible(), Generate.range(0, 1000)).checkAssert((text, codePoint, where) -> {
            int at = text.offsetByCodePoints(0, where % (text.codePointCount(0, text.length()) + 1));
            String spoiled = text.substring(0, at) + new String(Character.toChars(codePoint)) + text.substring(at);
            assertThat(Check.firstRefusal(spoiled)).contains(new Refusal(2, String.format(Locale.ROOT,
                    "refused: the text holds an invisible or direction-changing character (U+%04X)", codePoint)));
        });
    }

    @Test
    void anyStringIsJudgedWithoutAnException() {
        // Lone surrogates and every other oddity a decoder lets through must be judged, not thrown on.
        qt().withExamples(EXAMPLES).forAll(Generate.oneOf(Texts.anyChars(0, 200), OddTexts.any()))
                .checkAssert(text -> assertThatCode(() -> Check.firstRefusal(text)).doesNotThrowAnyException());
    }
}
