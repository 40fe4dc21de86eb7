package dev.boxmaker.proto.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;
import dev.boxmaker.proto.testing.Texts;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * sanitize.md: {@code neutralise(neutralise(t)) == neutralise(t)}. Texts are built from the pieces
 * markup is made of, so the generator reaches the overlaps a plain random string never would.
 * QuickTheories prints the seed of a failing run; the README's Tests section says how to replay it.
 */
class MarkupIdempotenceTest {
    private static final List<String> PIECES = List.of(
            "<", ">", "|", "\\", "/", " ", "\n", "\t", "[", "]", "<|", "|>", "<<", ">>", "s", "SYS", "INST",
            "system", "User", "tool", "_call", "tool_call", "im_start", "think", "=\"x\"", "\u2039", "\u200b",
            "\u001b", "a", "\uFF5C", "<\uFF5C", "\uFF5C>", "\u00A0", "\u3000", "thin\u212A", "\r");

    private static final int EXAMPLES = 3000;

    static Gen<String> markupish() {
        return Texts.joined(PIECES, 0, 12);
    }

    @Test
    void inertTwiceIsInertOnce() {
        qt().withExamples(EXAMPLES).forAll(markupish()).checkAssert(text -> {
            String once = Markup.inert(text);
            assertThat(Markup.inert(once)).isEqualTo(once);
        });
    }

    @Test
    void escapeTwiceIsEscapeOnce() {
        qt().withExamples(EXAMPLES).forAll(markupish()).checkAssert(text -> {
            String once = Escape.escape(text);
            assertThat(Escape.escape(once)).isEqualTo(once);
        });
    }

    @Test
    void escapeLineTwiceIsEscapeLineOnce() {
        qt().withExamples(EXAMPLES).forAll(markupish()).checkAssert(text -> {
            String once = Escape.escapeLine(text);
            assertThat(Escape.escapeLine(once)).isEqualTo(once);
            assertThat(live(once)).isEmpty();
        });
    }

    @Test
    void inertLeavesNoLiveMarker() {
        qt().withExamples(EXAMPLES).forAll(markupish()).checkAssert(text -> {
            String once = Markup.inert(text);
            assertThat(once).doesNotContain("<|").doesNotContain("<\uFF5C");
            assertThat(live(once)).isEmpty();
        });
    }

    /**
     * The one-pass scan from the end gives what passes from the start, the way inert was first
     * written, give once they change nothing more.
     */
    @Test
    void inertIsWhereRepeatedPassesFromTheStartSettle() {
        qt().withExamples(EXAMPLES).forAll(markupish()).checkAssert(text -> {
            assertThat(Markup.inert(text)).isEqualTo(MarkupPasses.settled(text));
        });
    }

    /** Markers {@link Markup#first} reads that still work: any but {@code [INST]} and {@code \|>}. */
    static List<String> live(String text) {
        IntUnaryOperator angles = Markup.nextAngleIn(text);
        List<String> found = new ArrayList<>();
        for (int i = 0; i < text.length(); i++) {
            int end = Markup.end(text, i, angles);
            boolean escapedBar = text.charAt(i) != '<' && (i > 0 && text.charAt(i - 1) == '\\');
            if (end > 0 && text.charAt(i) != '[' && !escapedBar) {
                found.add(text.substring(i, end));
            }
        }
        return found;
    }

    @Test
    void aTagEndingInABarHasBothMarkersMadeInert() {
        // Found by inertTwiceIsInertOnce: the tag took the |> inside it, and a second pass escaped it.
        // A / that no > follows ends the try (rule 3), so <system/|> holds only the bars' markup.
        assertThat(Markup.inert("<system/|>")).isEqualTo("<system/\\|>");
        assertThat(Escape.escape("<tool_call x |>")).isEqualTo("\u2039tool_call x \\|>");
    }

    @Test
    void aMarkerMadeInertInsideATagsAttributesCompletesTheTag() {
        // Found by inertTwiceIsInertOnce (seed 1209553694947315649): <s> became ‹s>, and the first
        // pass had already passed the <system/ that a second pass then read as a whole tag.
        assertThat(Markup.inert("<system ||||<s>")).isEqualTo("\u2039system ||||\u2039s>");
        assertThat(Markup.inert("<user <system <s>")).isEqualTo("\u2039user \u2039system \u2039s>");
        assertThat(Markup.inert("<think <<SYS>>")).isEqualTo("\u2039think \u2039\u2039SYS>>");
        assertThat(Markup.inert("<tool x<|y>")).isEqualTo("<tool x<\\|y>");
    }

    @Test
    void aLongChainOfTagsIsMadeInertInOnePass() {
        // Each tag completes only once the one after it is inert: passes from the start would need
        // one pass per tag here.
        String text = "<user ".repeat(20_000) + "<s>";
        String inert = Markup.inert(text);
        assertThat(inert).isEqualTo("\u2039user ".repeat(20_000) + "\u2039s>");
        assertThat(Markup.inert(inert)).isSameAs(inert);
    }

    @Test
    void aLineEscapedOnOneLineStaysInert() {
        assertThat(Escape.escapeLine("<system x\n>")).isEqualTo("\u2039system x\\n>");
        assertThat(Escape.escapeLine("<tool_call x\t|\n>")).isEqualTo("\u2039tool_call x\\t|\\n>");
    }

    @Test
    void knownOverlapsAreStable() {
        for (String text : List.of("<||>", "<|>", "||>", "\\|>", "<<|system>>", "< /system >", "<|system|>",
                "<system/|>", "<tool_call x |>")) {
            String once = Markup.inert(text);
            assertThat(Markup.inert(once)).as(text).isEqualTo(once);
        }
    }
}
