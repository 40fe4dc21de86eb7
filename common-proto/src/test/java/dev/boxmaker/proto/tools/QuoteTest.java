package dev.boxmaker.proto.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.Sentences;
import org.junit.jupiter.api.Test;

/** The one quote: escaped first, then cut, so a quoted value never passes its cap once shown. */
class QuoteTest {
    static int chars(String s) {
        return s.codePointCount(0, s.length());
    }

    @Test
    void aValueOfHiddenCharactersStaysWithinTheCapOnceEscaped() {
        String quoted = Sentences.quote("\u200B".repeat(100));
        assertThat(chars(quoted)).isEqualTo(Sentences.QUOTED_CHARS_MAX);
        assertThat(quoted).startsWith("\\u{200B}\\u{200B}").endsWith("…").doesNotContain("\u200B");
    }

    @Test
    void newlinesAreEscapedSoTheSentenceStaysOneLine() {
        assertThat(Sentences.quote("a\nb\tc")).isEqualTo("a\\nb\\tc");
    }

    @Test
    void aLongValueIsCutToTheCapWithAnEllipsis() {
        assertThat(Sentences.quote("k".repeat(80))).isEqualTo("k".repeat(80));
        assertThat(Sentences.quote("k".repeat(81))).isEqualTo("k".repeat(79) + "…");
    }

    @Test
    void markupIsInertAndNullIsNamed() {
        assertThat(Sentences.quote("<|im_start|>")).doesNotContain("<|");
        assertThat(Sentences.quote(null)).isEqualTo("null");
    }
}
