package dev.boxmaker.proto.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * LogTime's hand-written reading and writing against the JDK's: {@link Instant#parse} under the
 * log form's pattern with a round trip, and {@link DateTimeFormatter#ISO_INSTANT}. Any text near the
 * form (every field one digit past its range, a character off) is read, or refused, as they do.
 * QuickTheories prints the seed of a failing run; the README's Tests section says how to replay it.
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

    @Test
    void readsAsTheJdkDoes() {
        qt().withExamples(20_000).forAll(nearTheForm()).checkAssert(LogTimeProperties::readsAsTheJdkDoes);
    }

    private static void readsAsTheJdkDoes(String text) {
        Optional<Instant> expected = reference(text);
        if (expected.isPresent()) {
            assertThat(LogTime.parse(text)).isEqualTo(expected.get());
        } else {
            assertThatThrownBy(() -> LogTime.parse(text)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(dev.boxmaker.proto.Sentences.invalidTime(text));
        }
    }

    @Test
    void writesAsTheJdkDoesAndReadsItBack() {
        qt().withExamples(20_000).forAll(instants()).checkAssert(LogTimeProperties::writesAsTheJdkDoesAndReadsItBack);
    }

    private static void writesAsTheJdkDoesAndReadsItBack(Instant time) {
        String text = LogTime.format(time);
        assertThat(text).isEqualTo(DateTimeFormatter.ISO_INSTANT.format(time));
        assertThat(LogTime.parse(text)).isEqualTo(time);
    }

    /** Every day a log can write, 0000-01-01 to 9999-12-31, numbered and dated as {@code LocalDate} does. */
    @Test
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
    @Test
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

    /** Every second a log can write; the first and the last come first, as QuickTheories tries its bounds. */
    static Gen<Instant> instants() {
        return Generate.longRange(LogTime.EARLIEST.getEpochSecond(), LogTime.LATEST.getEpochSecond())
                .map(s -> Instant.ofEpochSecond(s));
    }

    static Gen<String> nearTheForm() {
        Gen<String> date = Generate.range(0, 9999).zip(Generate.range(0, 13), Generate.range(0, 32),
                (y, mo, d) -> String.format("%04d-%02d-%02d", y, mo, d));
        Gen<String> time = Generate.range(0, 25).zip(Generate.range(0, 61), Generate.range(0, 61),
                (h, mi, s) -> String.format("T%02d:%02d:%02dZ", h, mi, s));
        Gen<String> fields = date.zip(time, String::concat);
        // One character replaced, inserted or removed: a letter, a non-ASCII digit, a sign, a space.
        Gen<String> bent = fields.zip(Generate.range(0, 20), Generate.pick(List.of('x', '\u0663', '+', ' ', '9', '-', 'Z', ':')),
                Generate.range(0, 2), (text, at, c, how) -> {
                    int i = Math.min(at, text.length() - 1);
                    return switch (how) {
                        case 0 -> text.substring(0, i) + c + text.substring(i + 1);
                        case 1 -> text.substring(0, i) + c + text.substring(i);
                        default -> text.substring(0, i) + text.substring(i + 1);
                    };
                });
        return Generate.frequency(Pair.of(3, fields), Pair.of(1, bent));
    }
}
