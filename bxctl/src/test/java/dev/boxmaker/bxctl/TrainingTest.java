package dev.boxmaker.bxctl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The training run bin/bxctl makes its cache from: it must do what it trains, or say it did not. */
class TrainingTest {
    @Test
    void statusAndMemoryShowEndInZero() throws Exception {
        assertThat(Training.run("status", "memory show", "--json memory show")).isZero();
    }

    @Test
    void aCommandLineThatFailsFailsTheRun() throws Exception {
        assertThat(Training.run("status", "memory undo")).isEqualTo(Exit.USAGE);
        assertThat(Training.run("grants")).isEqualTo(Exit.REFUSED);
    }
}
