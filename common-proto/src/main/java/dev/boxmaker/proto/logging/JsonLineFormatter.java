package dev.boxmaker.proto.logging;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import org.jboss.logmanager.ExtFormatter;
import org.jboss.logmanager.ExtLogRecord;

/**
 * One JSON object per line, for log shippers: {@code {"time":…,"level":"INFO","priority":6,
 * "logger":…,"message":…}}, and {@code "exception"} when the event has one (its causes on the same
 * string). Under systemd the line starts with its priority prefix, which the journal takes off.
 */
public final class JsonLineFormatter extends ExtFormatter {
    private static final JsonFactory JSON = new JsonFactory();

    private final boolean priorityPrefix;

    public JsonLineFormatter(boolean priorityPrefix) {
        this.priorityPrefix = priorityPrefix;
    }

    @Override
    public String format(ExtLogRecord record) {
        int priority = Events.priority(record.getLevel());
        StringWriter out = new StringWriter(160);
        if (priorityPrefix) {
            out.append('<').append(String.valueOf(priority)).append('>');
        }
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject();
            json.writeStringField("time", DateTimeFormatter.ISO_INSTANT.format(Instant.ofEpochMilli(record.getMillis())));
            json.writeStringField("level", record.getLevel().getName());
            json.writeNumberField("priority", priority);
            json.writeStringField("logger", record.getLoggerName());
            json.writeStringField("message", String.valueOf(record.getFormattedMessage()));
            String thrown = Events.throwable(record.getThrown());
            if (!thrown.isEmpty()) {
                json.writeStringField("exception", thrown);
            }
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.append('\n').toString();
    }
}
