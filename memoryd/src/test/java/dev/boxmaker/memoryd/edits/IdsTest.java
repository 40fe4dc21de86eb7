package dev.boxmaker.memoryd.edits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class IdsTest {
    static final Instant DAY1 = Instant.parse("2026-09-24T23:59:59Z");
    static final Instant DAY2 = Instant.parse("2026-09-25T00:00:00Z");

    @Test
    void idsCountFrom0001PerUtcDay() {
        Ids ids = new Ids();
        assertThat(ids.next(DAY1)).isEqualTo("2026-09-24-0001");
        assertThat(ids.next(DAY1)).isEqualTo("2026-09-24-0002");
        assertThat(ids.next(DAY2)).isEqualTo("2026-09-25-0001");
        // A clock set back to a day already used continues that day's counter.
        assertThat(ids.next(DAY1)).isEqualTo("2026-09-24-0003");
    }

    @Test
    void observedIdsAreNeverReused() {
        Ids ids = new Ids();
        ids.observe("2026-09-24-0007");
        ids.observe("2026-09-24-0003");
        assertThat(ids.next(DAY1)).isEqualTo("2026-09-24-0008");
    }

    @Test
    void theCounterStopsAt9999() {
        Ids ids = new Ids();
        ids.observe("2026-09-24-9999");
        assertThatThrownBy(() -> ids.next(DAY1)).isInstanceOf(IllegalStateException.class);
        assertThat(ids.next(DAY2)).isEqualTo("2026-09-25-0001");
    }

    @Test
    void idsHaveTheirShape() {
        assertThat(Ids.isId("2026-09-24-0003")).isTrue();
        assertThat(Ids.isId("2026-09-24-003")).isFalse();
        assertThat(Ids.isId("x")).isFalse();
    }
}
