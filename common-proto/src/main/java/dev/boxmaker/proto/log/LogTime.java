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
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
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

    /** {@code time} as a log writes it: ISO-8601 in UTC to the second, as {@link Instant#toString} writes it. */
    public static String format(Instant time) {
        LocalDateTime t = LocalDateTime.ofEpochSecond(seconds(time).getEpochSecond(), 0, ZoneOffset.UTC);
        char[] out = FORM_TEXT.toCharArray();
        digits(out, 0, 4, t.getYear());
        digits(out, 5, 2, t.getMonthValue());
        digits(out, 8, 2, t.getDayOfMonth());
        digits(out, 11, 2, t.getHour());
        digits(out, 14, 2, t.getMinute());
        digits(out, 17, 2, t.getSecond());
        return new String(out);
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
        LocalDate date;
        try {
            date = LocalDate.of(number(text, 0, 4), number(text, 5, 2), number(text, 8, 2));
        } catch (DateTimeException e) {
            // The form holds but the date does not exist, like 2026-02-30.
            throw new IllegalArgumentException(Sentences.invalidTime(text));
        }
        return date.atTime(hour, minute, second).toInstant(ZoneOffset.UTC);
    }

    /** The log's form, digits as {@code 0}; see {@link #parse}. */
    private static final String FORM_TEXT = "0000-00-00T00:00:00Z";
    private static final int FORM_LENGTH = FORM_TEXT.length();

    private static int number(String text, int from, int length) {
        int n = 0;
        for (int i = from; i < from + length; i++) {
            n = n * 10 + (text.charAt(i) - '0');
        }
        return n;
    }

    private static void digits(char[] out, int from, int length, int value) {
        for (int i = from + length - 1; i >= from; i--) {
            out[i] = (char) ('0' + value % 10);
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
