package dev.boxmaker.memoryd.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.boxmaker.memoryd.check.Check.Refusal;
import java.util.Locale;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Randomised checks. jqwik prints the seed of a failing run in its report, so a failure replays
 * with {@code @Property(seed = "...")}.
 */
class CheckPropertyTest {

    /**
     * Letters, digits, punctuation other than markup's, spaces, tabs, newlines, CJK, Hangul, Arabic
     * and an emoji. The Latin letters cannot spell any fixed phrase, so nothing here may be refused.
     */
    @Provide
    Arbitrary<String> ordinaryText() {
        return Arbitraries.of("a", "b", "c", "X", "Y", "0", "9", " ", ".", ",", ";", ":", "!", "?",
                        "'", "\"", "(", ")", "-", "_", "/", "\t", "\n", "東", "京", "文", "한", "국",
                        "م", "ر", "ح", "\uD83D\uDE00", "\uD83C\uDF75")
                .list().ofMaxSize(60).map(parts -> String.join("", parts));
    }

    @Provide
    Arbitrary<Integer> invisible() {
        // Drawn from the table itself: a random code point is in it about once in 260 tries.
        return Arbitraries.of(IntStream.rangeClosed(0, Character.MAX_CODE_POINT)
                .filter(InvisibleCharacters::contains).boxed().toList());
    }

    @Property
    void ordinaryTextIsAccepted(@ForAll("ordinaryText") String text) {
        assertThat(Check.firstRefusal(text)).isEmpty();
    }

    @Property
    void oneInvisibleCharacterAnywhereInOrdinaryTextIsRefusedAndNamed(
            @ForAll("ordinaryText") String text, @ForAll("invisible") int codePoint,
            @ForAll @IntRange(min = 0, max = 1000) int where) {
        int at = text.offsetByCodePoints(0, where % (text.codePointCount(0, text.length()) + 1));
        String spoiled = text.substring(0, at) + new String(Character.toChars(codePoint)) + text.substring(at);
        assertThat(Check.firstRefusal(spoiled)).contains(new Refusal(2, String.format(Locale.ROOT,
                "refused: the text holds an invisible or direction-changing character (U+%04X)", codePoint)));
    }

    @Property
    void anyStringIsJudgedWithoutAnException(@ForAll String text) {
        // Lone surrogates and every other oddity a decoder lets through must be judged, not thrown on.
        assertThatCode(() -> Check.firstRefusal(text)).doesNotThrowAnyException();
    }
}
