package dev.boxmaker.proto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** home.md, "Labels": combining keeps the higher class, and untrusted if either is. */
class LabelTest {
    /** The order home.md gives, written out here so the test does not lean on the enum's order. */
    private static final List<String> ORDER = List.of("public", "private", "secret");

    private static List<Label> everyLabel() {
        List<Label> labels = new ArrayList<>();
        for (String word : ORDER) {
            labels.add(new Label(DataClass.parse(word), false));
            labels.add(new Label(DataClass.parse(word), true));
        }
        return labels;
    }

    @Test
    void combineKeepsTheHigherClassAndUntrustedIfEither() {
        List<Label> labels = everyLabel();
        assertThat(labels).hasSize(6);
        int pairs = 0;
        for (Label a : labels) {
            for (Label b : labels) {
                int higher = Math.max(ORDER.indexOf(a.dataClass().wire()), ORDER.indexOf(b.dataClass().wire()));
                Label expected = new Label(DataClass.parse(ORDER.get(higher)), a.untrusted() || b.untrusted());
                assertThat(a.combine(b)).as("%s + %s", a, b).isEqualTo(expected);
                pairs++;
            }
        }
        assertThat(pairs).isEqualTo(3 * 2 * 3 * 2);
    }

    @Test
    void combineSpotChecks() {
        Label publicTrusted = new Label(DataClass.PUBLIC, false);
        Label secretTrusted = new Label(DataClass.SECRET, false);
        Label publicUntrusted = new Label(DataClass.PUBLIC, true);
        assertThat(publicTrusted.combine(secretTrusted)).isEqualTo(secretTrusted);
        assertThat(secretTrusted.combine(publicUntrusted)).isEqualTo(new Label(DataClass.SECRET, true));
        assertThat(Label.SESSION_START.combine(publicTrusted)).isEqualTo(Label.SESSION_START);
    }

    @Test
    void aSessionStartsPrivateAndTrusted() {
        assertThat(Label.SESSION_START).isEqualTo(new Label(DataClass.PRIVATE, false));
    }

    @Test
    void aLabelNeedsAClass() {
        assertThatThrownBy(() -> new Label(null, false)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void dataClassesAreOrderedPublicPrivateSecret() {
        assertThat(DataClass.PUBLIC).isLessThan(DataClass.PRIVATE);
        assertThat(DataClass.PRIVATE).isLessThan(DataClass.SECRET);
        assertThat(DataClass.values()).containsExactly(DataClass.PUBLIC, DataClass.PRIVATE, DataClass.SECRET);
        assertThat(DataClass.PUBLIC.max(DataClass.SECRET)).isEqualTo(DataClass.SECRET);
        assertThat(DataClass.SECRET.max(DataClass.PUBLIC)).isEqualTo(DataClass.SECRET);
        assertThat(DataClass.PRIVATE.max(DataClass.PRIVATE)).isEqualTo(DataClass.PRIVATE);
    }

    @Test
    void dataClassesParseFromTheirWords() {
        for (String word : ORDER) {
            assertThat(DataClass.parse(word).wire()).isEqualTo(word);
            assertThat(DataClass.parse(word)).hasToString(word);
        }
    }

    @Test
    void anyOtherWordIsRefusedWithTheSentence() {
        for (String word : List.of("Public", "SECRET", "", " private", "top-secret")) {
            assertThatThrownBy(() -> DataClass.parse(word)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("unknown data class \"" + word + "\": it must be public, private or secret");
        }
    }

    @Test
    void jsonHoldsTheWord() throws JsonProcessingException {
        assertThat(Json.MAPPER.writeValueAsString(DataClass.SECRET)).isEqualTo("\"secret\"");
        assertThat(Json.MAPPER.readValue("\"public\"", DataClass.class)).isEqualTo(DataClass.PUBLIC);
    }
}
