package dev.boxmaker.e2e;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.StringJoiner;

/**
 * The UTC dates a daemon can have written since the test's daemons started: a regular expression
 * matching each of them, from the date at {@link #started} to the date when it is asked. A date the
 * daemons wrote before midnight is matched after it too, so a run across midnight UTC holds, while a
 * date before the daemons started or after the assertion still fails.
 */
final class DaemonDates {
    /** The longest run the alternation is built for; a longer one is a test that hung. */
    static final int DAYS_MAX = 7;

    private final Instant started;
    private final Clock clock;

    DaemonDates(Instant started, Clock clock) {
        this.started = started;
        this.clock = clock;
    }

    static DaemonDates fromNow() {
        return new DaemonDates(Instant.now(), Clock.systemUTC());
    }

    /** {@code (?:2026-12-02|2026-12-03)}: every UTC date from the start to now, as a group. */
    String pattern() {
        LocalDate from = LocalDate.ofInstant(started, ZoneOffset.UTC);
        LocalDate to = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        StringJoiner out = new StringJoiner("|", "(?:", ")");
        LocalDate day = from;
        for (int i = 0; i < DAYS_MAX && !day.isAfter(to); i++, day = day.plusDays(1)) {
            out.add(day.toString());
        }
        return out.toString();
    }
}
