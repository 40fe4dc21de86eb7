package dev.boxmaker.memoryd.edits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
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

    /** 9,999 edits in a day used to end every write until midnight. */
    @Test
    void idsGoOnPast9999WithALetterNamingTheDigitsSoTheyStillSort() {
        Ids ids = new Ids();
        ids.observe("2026-09-24-9998");
        assertThat(ids.next(DAY1)).isEqualTo("2026-09-24-9999");
        assertThat(ids.next(DAY1)).isEqualTo("2026-09-24-a10000");
        assertThat(ids.next(DAY1)).isEqualTo("2026-09-24-a10001");
        ids.observe("2026-09-24-a99999");
        assertThat(ids.next(DAY1)).isEqualTo("2026-09-24-b100000");
        ids.observe("2026-09-24-c9999999");
        assertThat(ids.next(DAY1)).isEqualTo("2026-09-24-d10000000");
        assertThat(ids.next(DAY2)).isEqualTo("2026-09-25-0001");
    }

    @Test
    void idsSortAsTextInTheOrderTheyWereMade() {
        Ids ids = new Ids();
        List<String> made = new ArrayList<>();
        for (int i = 0; i < 10_050; i++) {
            made.add(ids.next(DAY1));
        }
        for (String id : List.of("2026-09-24-a99999", "2026-09-24-b100000", "2026-09-24-b999999", "2026-09-24-c1000000",
                "2026-09-24-d10000000", "2026-09-24-d99999999")) {
            ids.observe(id);
            made.add(id);
        }
        made.add(ids.next(DAY2));
        assertThat(made).isSorted().doesNotHaveDuplicates().allMatch(Ids::isId);
    }

    @Test
    void theCounterStopsAtItsMaximumWithASentenceOfItsOwn() {
        Ids ids = new Ids();
        ids.observe("2026-09-24-d99999999");
        assertThatThrownBy(() -> ids.next(DAY1)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("more than 99,999,999 edits and pending writes in one UTC day");
        assertThat(ids.next(DAY2)).isEqualTo("2026-09-25-0001");
    }

    @Test
    void onlyTheCanonicalWritingOfACounterIsAnId() {
        assertThat(Ids.isId("2026-09-24-9999")).isTrue();
        assertThat(Ids.isId("2026-09-24-a10000")).isTrue();
        assertThat(Ids.isId("2026-09-24-0000")).isFalse();
        assertThat(Ids.isId("2026-09-24-10000")).isFalse();
        assertThat(Ids.isId("2026-09-24-a01000")).isFalse();
        assertThat(Ids.isId("2026-09-24-a100000")).isFalse();
        assertThat(Ids.isId("2026-09-24-b10000")).isFalse();
        assertThat(Ids.isId("2026-09-24-e100000000")).isFalse();
    }

    @Test
    void idsHaveTheirShape() {
        assertThat(Ids.isId("2026-09-24-0003")).isTrue();
        assertThat(Ids.isId("2026-09-24-003")).isFalse();
        assertThat(Ids.isId("x")).isFalse();
    }
}
