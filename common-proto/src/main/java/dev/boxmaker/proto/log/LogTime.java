package dev.boxmaker.proto.log;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.ser.std.StdScalarSerializer;
import dev.boxmaker.proto.Sentences;
import dev.boxmaker.proto.wire.msg.Fields;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Times in session logs: UTC to the second, {@code 2026-09-20T14:02:11Z} (home.md), and nothing
 * else. The form is fixed so a line's bytes are fixed, and refused otherwise so a hand-edited or
 * damaged time is found when it is read, not when it is compared.
 */
public final class LogTime {
    /** The first instant of year 0000: before it ISO writes a sign and the form no longer holds. */
    public static final Instant EARLIEST = Instant.parse("0000-01-01T00:00:00Z");

    /** The last second of year 9999: after it ISO writes a sign and a fifth year digit. */
    public static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");

    private LogTime() {
    }

    /** {@code time} to the second; refused when null or outside the years a log line can write. */
    public static Instant seconds(Instant time) {
        Fields.require(time, "time");
        Instant whole = time.truncatedTo(ChronoUnit.SECONDS);
        if (whole.isBefore(EARLIEST) || whole.isAfter(LATEST)) {
            throw new IllegalArgumentException(Sentences.timeOutOfRange(time));
        }
        return whole;
    }

    /**
     * {@code time} as a log writes it: ISO-8601 in UTC to the second, as {@link Instant#toString} writes it.
     * The date is worked out from the day number by arithmetic ({@link #civil}) rather than through
     * {@code LocalDateTime}: every indexed record's time is written this way, and the objects made on
     * the way were a tenth of what a catch-up allocated.
     */
    public static String format(Instant time) {
        long second = seconds(time).getEpochSecond();
        long day = Math.floorDiv(second, SECONDS_PER_DAY);
        int ofDay = (int) Math.floorMod(second, SECONDS_PER_DAY);
        long date = civil(day);
        byte[] out = FORM_BYTES.clone();
        digits(out, 0, 4, (int) (date / 10_000));
        digits(out, 5, 2, (int) (date / 100 % 100));
        digits(out, 8, 2, (int) (date % 100));
        digits(out, 11, 2, ofDay / 3600);
        digits(out, 14, 2, ofDay / 60 % 60);
        digits(out, 17, 2, ofDay % 60);
        return new String(out, StandardCharsets.US_ASCII);
    }

    /**
     * The time {@code text} writes; refused with a fixed sentence unless it is exactly the log's form
     * (ASCII digits; a date that exists; hours to 23 and seconds to 59, so neither {@code 24:00:00} nor
     * a leap second, which would be written back as another text). Read by hand rather than through
     * {@link Instant#parse}, a regular expression and a round trip: every indexed record has a time.
     */
    public static Instant parse(String text) {
        if (text == null || text.length() != FORM_LENGTH) {
            throw new IllegalArgumentException(Sentences.invalidTime(text));
        }
        for (int i = 0; i < FORM_LENGTH; i++) {
            char c = text.charAt(i);
            char want = FORM_TEXT.charAt(i);
            if (want == '0' ? c < '0' || c > '9' : c != want) {
                throw new IllegalArgumentException(Sentences.invalidTime(text));
            }
        }
        int hour = number(text, 11, 2);
        int minute = number(text, 14, 2);
        int second = number(text, 17, 2);
        if (hour > 23 || minute > 59 || second > 59) {
            throw new IllegalArgumentException(Sentences.invalidTime(text));
        }
        int year = number(text, 0, 4);
        int month = number(text, 5, 2);
        int day = number(text, 8, 2);
        if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
            // The form holds but the date does not exist, like 2026-02-30.
            throw new IllegalArgumentException(Sentences.invalidTime(text));
        }
        return Instant.ofEpochSecond(epochDay(year, month, day) * SECONDS_PER_DAY + hour * 3600L + minute * 60L + second);
    }

    private static final long SECONDS_PER_DAY = 86_400;

    /**
     * The days of {@code month} (1 to 12) in {@code year} (0 to 9999), Gregorian as ISO reckons it.
     * Worked out without a branch on the month or the year, as is the rest of a date's arithmetic
     * here: a build reads its logs' times in order, so a month met for the first time took a branch
     * the JIT had compiled away, and each such month threw out the compiled code that inlines this
     * (eight deoptimizations in a million records, once the log decoder's, the largest compilation
     * of a build).
     */
    static int daysIn(int year, int month) {
        // Two bits a month, from bit 2: the days past 28 (Jan 3, Feb 0, Mar 3, Apr 2, ...).
        int days = 28 + ((0x3BBEECC >>> (month * 2)) & 3);
        return days + (isZero(month ^ 2) & leap(year));
    }

    /** 1 when {@code year} (0 to 9999) is a leap year, else 0; as {@link java.time.Year#isLeap}. */
    private static int leap(int year) {
        return isZero(year & 3) & ((1 - isZero(year % 100)) | isZero(year % 400));
    }

    /** 1 when {@code n} (at least 0) is 0, else 0. */
    private static int isZero(int n) {
        return (n - 1) >>> 31;
    }

    /**
     * The day number (from 1970-01-01) of a date in years 0000 to 9999, as {@code LocalDate.toEpochDay}
     * gives it; the years are counted from March, so the leap day ends a year (H. Hinnant's
     * {@code days_from_civil}).
     */
    static long epochDay(int year, int month, int day) {
        // January and February end the year before: 1 for them, 0 for March to December.
        int y = year - ((month - 3) >>> 31);
        long era = Math.floorDiv(y, 400);
        int yearOfEra = (int) (y - era * 400);
        int dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1;
        int dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * 146_097 + dayOfEra - 719_468;
    }

    /** The date of day number {@code epochDay} as {@code year * 10_000 + month * 100 + day} ({@code civil_from_days}). */
    static long civil(long epochDay) {
        long z = epochDay + 719_468;
        long era = Math.floorDiv(z, 146_097);
        int dayOfEra = (int) (z - era * 146_097);
        int yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        int dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        int m = (5 * dayOfYear + 2) / 153;
        int day = dayOfYear - (153 * m + 2) / 5 + 1;
        int month = (m + 2) % 12 + 1;
        long year = yearOfEra + era * 400 + ((month - 3) >>> 31);
        return year * 10_000 + month * 100L + day;
    }

    /** The log's form, digits as {@code 0}; see {@link #parse}. */
    private static final String FORM_TEXT = "0000-00-00T00:00:00Z";
    private static final int FORM_LENGTH = FORM_TEXT.length();
    private static final byte[] FORM_BYTES = FORM_TEXT.getBytes(StandardCharsets.US_ASCII);

    private static int number(String text, int from, int length) {
        int n = 0;
        for (int i = from; i < from + length; i++) {
            n = n * 10 + (text.charAt(i) - '0');
        }
        return n;
    }

    private static void digits(byte[] out, int from, int length, int value) {
        for (int i = from + length - 1; i >= from; i--) {
            out[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
    }

    /** Writes an {@link Instant} in the log's form. */
    public static final class Writer extends StdScalarSerializer<Instant> {
        public Writer() {
            super(Instant.class);
        }

        @Override
        public void serialize(Instant value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeString(format(value));
        }
    }

    /** Reads an {@link Instant} in the log's form; any other JSON value is the wrong type. */
    public static final class Reader extends StdScalarDeserializer<Instant> {
        public Reader() {
            super(Instant.class);
        }

        @Override
        public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (!p.hasToken(JsonToken.VALUE_STRING)) {
                return (Instant) ctxt.handleUnexpectedToken(Instant.class, p);
            }
            return parse(p.getText());
        }
    }
}
