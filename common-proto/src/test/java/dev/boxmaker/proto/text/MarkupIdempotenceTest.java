package dev.boxmaker.proto.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * sanitize.md: {@code neutralise(neutralise(t)) == neutralise(t)}. Texts are built from the pieces
 * markup is made of, so the generator reaches the overlaps a plain random string never would.
 * jqwik prints the seed of a failing run, so it replays.
 */
class MarkupIdempotenceTest {
    private static final List<String> PIECES = List.of(
            "<", ">", "|", "\\", "/", " ", "\n", "[", "]", "<|", "|>", "<<", ">>", "s", "SYS", "INST",
            "system", "User", "tool_call", "im_start", "think", "=\"x\"", "\u2039", "\u200b", "\u001b", "a");

    @Provide
    Arbitrary<String> markupish() {
        return Arbitraries.of(PIECES).list().ofMaxSize(12).map(parts -> String.join("", parts));
    }

    @Property(tries = 3000)
    void inertTwiceIsInertOnce(@ForAll("markupish") String text) {
        String once = Markup.inert(text);
        assertThat(Markup.inert(once)).isEqualTo(once);
    }

    @Property(tries = 3000)
    void escapeTwiceIsEscapeOnce(@ForAll("markupish") String text) {
        String once = Escape.escape(text);
        assertThat(Escape.escape(once)).isEqualTo(once);
    }

    @Property(tries = 1000)
    void inertLeavesNoTagOrOpeningMarker(@ForAll("markupish") String text) {
        String once = Markup.inert(text);
        assertThat(once).doesNotContain("<|");
        assertThat(Markup.PATTERN.matcher(once).results().map(m -> m.group())
                .filter(m -> m.startsWith("<"))).isEmpty();
    }

    @Test
    void aTagEndingInABarHasBothMarkersMadeInert() {
        // Found by inertTwiceIsInertOnce: the tag took the |> inside it, and a second pass escaped it.
        assertThat(Markup.inert("<system/|>")).isEqualTo("\u2039system/\\|>");
        assertThat(Escape.escape("<tool_call x |>")).isEqualTo("\u2039tool_call x \\|>");
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
