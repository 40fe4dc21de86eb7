package dev.boxmaker.proto.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * LogTime's hand-written reading and writing against the JDK's: {@link Instant#parse} under the
 * log form's pattern with a round trip, and {@link DateTimeFormatter#ISO_INSTANT}. Any text near the
 * form (every field one digit past its range, a character off) is read, or refused, as they do.
 */
class LogTimeProperties {
    private static final Pattern FORM = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z");

    /** The reading LogTime had before: the JDK's parser, kept here as the reference. */
    static Optional<Instant> reference(String text) {
        if (!FORM.matcher(text).matches()) {
            return Optional.empty();
        }
        Instant time;
        try {
            time = Instant.parse(text);
        } catch (DateTimeException e) {
            return Optional.empty();
        }
        return DateTimeFormatter.ISO_INSTANT.format(time).equals(text) ? Optional.of(time) : Optional.empty();
    }

    @Property(tries = 20_000)
    void readsAsTheJdkDoes(@ForAll("nearTheForm") String text) {
        Optional<Instant> expected = reference(text);
        if (expected.isPresent()) {
            assertThat(LogTime.parse(text)).isEqualTo(expected.get());
        } else {
            assertThatThrownBy(() -> LogTime.parse(text)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(dev.boxmaker.proto.Sentences.invalidTime(text));
        }
    }

    @Property(tries = 20_000)
    void writesAsTheJdkDoesAndReadsItBack(@ForAll("instants") Instant time) {
        String text = LogTime.format(time);
        assertThat(text).isEqualTo(DateTimeFormatter.ISO_INSTANT.format(time));
        assertThat(LogTime.parse(text)).isEqualTo(time);
    }

    /** Every day a log can write, 0000-01-01 to 9999-12-31, numbered and dated as {@code LocalDate} does. */
    @net.jqwik.api.Example
    void numbersAndDatesEveryDayAsTheJdkDoes() {
        java.time.LocalDate last = java.time.LocalDate.of(9999, 12, 31);
        for (java.time.LocalDate d = java.time.LocalDate.of(0, 1, 1); !d.isAfter(last); d = d.plusDays(1)) {
            long day = d.toEpochDay();
            if (LogTime.epochDay(d.getYear(), d.getMonthValue(), d.getDayOfMonth()) != day
                    || LogTime.civil(day) != d.getYear() * 10_000L + d.getMonthValue() * 100L + d.getDayOfMonth()) {
                throw new AssertionError("day " + d + " (" + day + "): " + LogTime.epochDay(d.getYear(),
                        d.getMonthValue(), d.getDayOfMonth()) + ", " + LogTime.civil(day));
            }
        }
    }

    /** Every month a log can write, 0000-01 to 9999-12, as long as {@code YearMonth} makes it. */
    @net.jqwik.api.Example
    void monthsAsLongAsTheJdkMakesThem() {
        for (int year = 0; year <= 9999; year++) {
            for (int month = 1; month <= 12; month++) {
                int expected = java.time.YearMonth.of(year, month).lengthOfMonth();
                if (LogTime.daysIn(year, month) != expected) {
                    throw new AssertionError(year + "-" + month + ": " + LogTime.daysIn(year, month) + " days, not " + expected);
                }
            }
        }
    }

    @Provide
    Arbitrary<Instant> instants() {
        return Arbitraries.longs().between(LogTime.EARLIEST.getEpochSecond(), LogTime.LATEST.getEpochSecond())
                .map(Instant::ofEpochSecond);
    }

    @Provide
    Arbitrary<String> nearTheForm() {
        Arbitrary<String> fields = Combinators.combine(
                Arbitraries.integers().between(0, 9999), Arbitraries.integers().between(0, 13),
                Arbitraries.integers().between(0, 32), Arbitraries.integers().between(0, 25),
                Arbitraries.integers().between(0, 61), Arbitraries.integers().between(0, 61))
                .as((y, mo, d, h, mi, s) -> String.format("%04d-%02d-%02dT%02d:%02d:%02dZ", y, mo, d, h, mi, s));
        // One character replaced, inserted or removed: a letter, a non-ASCII digit, a sign, a space.
        Arbitrary<String> bent = Combinators.combine(fields, Arbitraries.integers().between(0, 20),
                Arbitraries.of('x', '\u0663', '+', ' ', '9', '-', 'Z', ':'), Arbitraries.integers().between(0, 2))
                .as((text, at, c, how) -> {
                    int i = Math.min(at, text.length() - 1);
                    return switch (how) {
                        case 0 -> text.substring(0, i) + c + text.substring(i + 1);
                        case 1 -> text.substring(0, i) + c + text.substring(i);
                        default -> text.substring(0, i) + text.substring(i + 1);
                    };
                });
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, fields), net.jqwik.api.Tuple.of(1, bent));
    }
}
