package dev.boxmaker.memoryd.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.check.Check.Refusal;
import java.util.Locale;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Rule 2: invisible and direction-changing characters. */
class InvisibleCharacterRuleTest {

    private static Refusal invisible(String name) {
        return new Refusal(2,
                "refused: the text holds an invisible or direction-changing character (" + name + ")");
    }

    @Test
    void aZeroWidthSpaceIsRefusedWithItsCodePointInTheSentence() {
        assertThat(Check.firstRefusal("pass\u200Bword")).contains(new Refusal(2,
                "refused: the text holds an invisible or direction-changing character (U+200B)"));
    }

    @Test
    void aRightToLeftOverrideIsRefused() {
        assertThat(Check.firstRefusal("file\u202Etxt.exe")).contains(invisible("U+202E"));
    }

    @Test
    void aLeftToRightIsolateIsRefused() {
        assertThat(Check.firstRefusal("a\u2066b\u2069c")).contains(invisible("U+2066"));
    }

    @Test
    void aTagCharacterIsNamedWithAllItsHexDigits() {
        assertThat(Check.firstRefusal("hidden" + new String(Character.toChars(0xE0041))))
                .contains(new Refusal(2,
                        "refused: the text holds an invisible or direction-changing character (U+E0041)"));
    }

    static IntStream tagBlock() {
        return IntStream.rangeClosed(0xE0000, 0xE007F);
    }

    @ParameterizedTest
    @MethodSource("tagBlock")
    void everyTagCharacterIsRefused(int codePoint) {
        String text = "tag " + new String(Character.toChars(codePoint)) + " here";
        assertThat(Check.firstRefusal(text))
                .contains(invisible(String.format(Locale.ROOT, "U+%04X", codePoint)));
    }

    @ParameterizedTest
    @ValueSource(ints = {0x034F, 0x115F, 0x3164, 0x2800, 0x2028, 0x2029})
    void theSixNamedInvisibleCharactersAreRefused(int codePoint) {
        assertThat(Check.firstRefusal("a" + (char) codePoint + "b"))
                .contains(invisible(String.format(Locale.ROOT, "U+%04X", codePoint)));
    }

    @Test
    void aLineSeparatorIsInvisibleNotAControlCharacter() {
        assertThat(Check.firstRefusal("one\u2028two")).contains(invisible("U+2028"));
        assertThat(Check.firstRefusal("one\u2029two")).contains(invisible("U+2029"));
    }

    @ParameterizedTest
    @ValueSource(ints = {0x00AD, 0x061C, 0x200D, 0x2060, 0xFE0F, 0xFEFF, 0x1D173, 0xE0100})
    void otherDefaultIgnorableCodePointsAreRefused(int codePoint) {
        assertThat(Check.firstRefusal("a" + new String(Character.toChars(codePoint)) + "b"))
                .contains(invisible(String.format(Locale.ROOT, "U+%04X", codePoint)));
    }

    @Test
    void anEmojiWithAVariationSelectorIsRefused() {
        assertThat(Check.firstRefusal("I love tea \u2764\uFE0F")).contains(invisible("U+FE0F"));
    }

    @Test
    void theFirstInvisibleCharacterInTheTextIsNamed() {
        assertThat(Check.firstRefusal("a\u2066b\u200Bc")).contains(invisible("U+2066"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "the owner likes \uD83D\uDE00 and \uD83C\uDF75",
        "東京で会いましょう",
        "مرحبا بالعالم",
        "שלום עולם",
        "한국어 텍스트",
        "braille ⠁⠃ letters",
    })
    void visibleTextInAnyScriptIsAccepted(String text) {
        assertThat(Check.firstRefusal(text)).isEmpty();
    }
}
