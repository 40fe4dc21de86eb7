package dev.boxmaker.proto.wire;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.wire.msg.Message;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * Writes the kinds of {@link BodyShape} with jackson-core's generator alone, to exactly the bytes
 * {@link Frames#encode} and the text {@code Json.MAPPER.writeValueAsString} give (LightCodecTest
 * compares both for random messages), so that a client that sends them never builds databind's
 * mapper. Any other kind is written by the mapper, as before.
 */
public final class LightEncoder {
    private LightEncoder() {
    }

    /** The frame of {@code message}'s envelope, as {@link Frames#encode} makes it. */
    public static byte[] frame(Message message) {
        BodyShape shape = BodyShape.of(message.kind());
        if (shape == null) {
            return Frames.encode(message);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = LightJson.FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.writeStartObject();
            g.writeStringField("kind", message.kind());
            g.writeFieldName("body");
            body(g, shape, message);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("a message could not be written as JSON", e);
        }
        return Frames.frame(out.toByteArray());
    }

    /** {@code message}'s body as JSON text, as {@code Json.MAPPER.writeValueAsString(message)} writes it. */
    public static String json(Message message) {
        BodyShape shape = BodyShape.of(message.kind());
        try {
            if (shape == null) {
                return Json.MAPPER.writeValueAsString(message);
            }
            StringWriter out = new StringWriter();
            try (JsonGenerator g = LightJson.FACTORY.createGenerator(out)) {
                body(g, shape, message);
            }
            return out.toString();
        } catch (IOException e) {
            throw new UncheckedIOException("a message could not be written as JSON", e);
        }
    }

    private static void body(JsonGenerator g, BodyShape shape, Message message) throws IOException {
        BodyShape.Field[] fields = shape.fields();
        Object[] values = BodyShape.fieldValues(message);
        g.writeStartObject();
        for (int i = 0; i < fields.length; i++) {
            Object value = values[i];
            if (value == null && fields[i].type() == BodyShape.Type.OPTIONAL_TEXT) {
                continue;
            }
            g.writeFieldName(fields[i].name());
            if (value == null) {
                g.writeNull();
            } else if (value instanceof Long count) {
                g.writeNumber(count);
            } else if (value instanceof SessionId session) {
                g.writeString(session.value());
            } else {
                g.writeString((String) value);
            }
        }
        g.writeEndObject();
    }
}
