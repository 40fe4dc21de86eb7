package dev.boxmaker.memoryd.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.check.Check.Refusal;
import java.util.Locale;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Rule 1: control characters other than tab and newline. */
class ControlCharacterRuleTest {

    @Test
    void aBellIsRefusedWithItsCodePointInTheSentence() {
        assertThat(Check.firstRefusal("ring \u0007 the bell"))
                .contains(new Refusal(1, "refused: the text holds a control character (U+0007)"));
    }

    @Test
    void anEscapeNulDeleteAndNextLineAreEachNamed() {
        assertThat(Check.firstRefusal("\u001B[31m")).map(Refusal::sentence)
                .contains("refused: the text holds a control character (U+001B)");
        assertThat(Check.firstRefusal("a\u0000b")).map(Refusal::sentence)
                .contains("refused: the text holds a control character (U+0000)");
        assertThat(Check.firstRefusal("a\u007Fb")).map(Refusal::sentence)
                .contains("refused: the text holds a control character (U+007F)");
        assertThat(Check.firstRefusal("a\u0085b")).map(Refusal::sentence)
                .contains("refused: the text holds a control character (U+0085)");
    }

    static IntStream controlCharacters() {
        return IntStream.concat(IntStream.concat(IntStream.rangeClosed(0x00, 0x08),
                IntStream.rangeClosed(0x0B, 0x1F)), IntStream.rangeClosed(0x7F, 0x9F));
    }

    @ParameterizedTest
    @MethodSource("controlCharacters")
    void everyListedControlCharacterIsRefused(int codePoint) {
        String name = String.format(Locale.ROOT, "U+%04X", codePoint);
        assertThat(Check.firstRefusal("before " + (char) codePoint + " after")).contains(
                new Refusal(1, "refused: the text holds a control character (" + name + ")"));
    }

    @Test
    void aCarriageReturnIsAControlCharacterSoACarriageReturnLineFeedTextIsRefused() {
        assertThat(Check.firstRefusal("tea\r\ncoffee"))
                .contains(new Refusal(1, "refused: the text holds a control character (U+000D)"));
    }

    @Test
    void theFirstControlCharacterInTheTextIsNamed() {
        assertThat(Check.firstRefusal("a\u009Bb\u0007c")).map(Refusal::sentence)
                .contains("refused: the text holds a control character (U+009B)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"tab\there", "line\nbreak", "space and no-break\u00A0space", "tilde ~"})
    void tabNewlineAndTheNeighboursOfTheControlRangesAreAccepted(String text) {
        assertThat(Check.firstRefusal(text)).isEmpty();
    }
}
