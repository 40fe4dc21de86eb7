package dev.boxmaker.memoryd.honcho;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HonchoIdsTest {
    @Test
    void lettersDigitsUnderscoreAndDashFromOneTo512AreValid() {
        assertThat(HonchoIds.isValid("a")).isTrue();
        assertThat(HonchoIds.isValid("kyle_B-0")).isTrue();
        assertThat(HonchoIds.isValid("x".repeat(512))).isTrue();
    }

    @Test
    void emptyTooLongDottedSpacedAndNullAreNot() {
        assertThat(HonchoIds.isValid("")).isFalse();
        assertThat(HonchoIds.isValid("x".repeat(513))).isFalse();
        assertThat(HonchoIds.isValid("scope.owner")).isFalse();
        assertThat(HonchoIds.isValid("kyle.b")).isFalse();
        assertThat(HonchoIds.isValid("kyle b")).isFalse();
        assertThat(HonchoIds.isValid("kylé")).isFalse();
        assertThat(HonchoIds.isValid(null)).isFalse();
    }
}
