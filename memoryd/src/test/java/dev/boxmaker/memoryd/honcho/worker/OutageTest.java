package dev.boxmaker.memoryd.honcho.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The worker's waits while Honcho is unreachable (the M5c spec, section 5.6), read from the outage, never waited. */
class OutageTest {
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T08:00:00Z"), ZoneOffset.UTC);

    static List<Long> waitsSeconds(Outage outage, int tries) {
        List<Long> waits = new ArrayList<>();
        for (int i = 0; i < tries; i++) {
            waits.add(outage.failed().toSeconds());
        }
        return waits;
    }

    @Test
    void memorydsWaitStartsAtFiveSecondsAndDoublesUpToTenMinutes() {
        Outage outage = new Outage(CLOCK, Backoff.DEFAULT);

        assertThat(waitsSeconds(outage, 10)).containsExactly(5L, 10L, 20L, 40L, 80L, 160L, 320L, 600L, 600L, 600L);
        assertThat(outage.since()).isEqualTo(CLOCK.instant());
    }

    @Test
    void anAnswerEndsTheOutageAndTheNextStartsAgainAtTheFirstWait() {
        Outage outage = new Outage(CLOCK, Backoff.DEFAULT);
        waitsSeconds(outage, 4);

        outage.answered();

        assertThat(outage.since()).isNull();
        assertThat(waitsSeconds(outage, 3)).containsExactly(5L, 10L, 20L);
    }

    @Test
    void aBackOffWhoseMaximumIsNotADoublingOfItsFirstStopsAtItsMaximum() {
        Backoff backoff = new Backoff(Duration.ofSeconds(3), Duration.ofSeconds(10));

        assertThat(backoff.next(Duration.ofSeconds(3))).isEqualTo(Duration.ofSeconds(6));
        assertThat(backoff.next(Duration.ofSeconds(6))).isEqualTo(Duration.ofSeconds(10));
        assertThat(backoff.next(Duration.ofSeconds(10))).isEqualTo(Duration.ofSeconds(10));
    }
}
