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
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.regex.Pattern;

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

    private static final Pattern FORM = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z");

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

    /** {@code time} as a log writes it. */
    public static String format(Instant time) {
        return DateTimeFormatter.ISO_INSTANT.format(seconds(time));
    }

    /** The time {@code text} writes; refused with a fixed sentence unless it is exactly the log's form. */
    public static Instant parse(String text) {
        if (text == null || !FORM.matcher(text).matches()) {
            throw new IllegalArgumentException(Sentences.invalidTime(text));
        }
        Instant time;
        try {
            time = Instant.parse(text);
        } catch (DateTimeException e) {
            // The form holds but the date does not exist, like 2026-02-30.
            throw new IllegalArgumentException(Sentences.invalidTime(text));
        }
        // ISO also takes 24:00:00 and a leap second :60, and writes them back as another text.
        if (!format(time).equals(text)) {
            throw new IllegalArgumentException(Sentences.invalidTime(text));
        }
        return time;
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
