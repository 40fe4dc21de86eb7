package dev.boxmaker.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** The dates the process tests accept: a run across midnight UTC matches the date of either side. */
class DaemonDatesTest {
    @Test
    void aRunAcrossMidnightAcceptsBothDatesAndNoOther() {
        DaemonDates dates = new DaemonDates(Instant.parse("2026-12-02T23:59:58Z"),
                Clock.fixed(Instant.parse("2026-12-03T00:00:03Z"), ZoneOffset.UTC));

        assertThat(dates.pattern()).isEqualTo("(?:2026-12-02|2026-12-03)");
        assertThat("undid 2026-12-02-0004 as 2026-12-03-0001").matches("undid " + dates.pattern() + "-0004 as "
                + dates.pattern() + "-0001");
        assertThat("2026-12-01").doesNotMatch(dates.pattern());
        assertThat("2026-12-04").doesNotMatch(dates.pattern());
    }

    @Test
    void aRunWithinADayAcceptsThatDateOnly() {
        DaemonDates dates = new DaemonDates(Instant.parse("2026-12-02T08:00:00Z"),
                Clock.fixed(Instant.parse("2026-12-02T08:01:00Z"), ZoneOffset.UTC));

        assertThat(dates.pattern()).isEqualTo("(?:2026-12-02)");
    }
}
