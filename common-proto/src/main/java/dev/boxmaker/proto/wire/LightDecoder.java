package dev.boxmaker.proto.wire;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.wire.msg.Message;
import java.io.IOException;

/**
 * Reads the kinds of {@link BodyShape} with jackson-core's parser alone, so that a client reading
 * them never builds databind's mapper. It reads only what it is sure of: a frame holding one envelope
 * whose {@code kind} comes before its {@code body}, with each field of the type its record declares.
 * Anything else (another kind, a wrong type, a field missing, a duplicate key, bad UTF-8 or JSON) goes
 * to {@link Envelope#decode}, which gives the message, or the refusal's exact sentence, as always.
 */
public final class LightDecoder {
    private static final Object ABSENT = new Object();

    private LightDecoder() {
    }

    /** The message a frame's payload holds, equal to {@link Envelope#decode}'s, or its refusal. */
    public static Message decode(byte[] payload) {
        Message message = read(payload);
        return message != null ? message : Envelope.decode(payload);
    }

    /** The message, or null where {@link Envelope#decode} must say what it is. */
    static Message read(byte[] payload) {
        try (JsonParser p = LightJson.FACTORY.createParser(Frames.utf8(payload))) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            BodyShape shape = null;
            Message message = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals("kind")) {
                    shape = value == JsonToken.VALUE_STRING ? BodyShape.of(p.getText()) : null;
                    if (shape == null) {
                        return null;
                    }
                } else if (name.equals("body")) {
                    if (shape == null || value != JsonToken.START_OBJECT) {
                        return null;
                    }
                    message = body(p, shape);
                } else {
                    p.skipChildren();
                }
            }
            // The parser has checked the object's end; the mapper refuses anything after it.
            return p.nextToken() == null ? message : null;
        } catch (IOException | RuntimeException e) {
            // Bad JSON, a value a record refuses, a count missing: the mapper's sentence says which.
            return null;
        }
    }

    /** The body's record, the parser at its start; throws where a value is refused. */
    private static Message body(JsonParser p, BodyShape shape) throws IOException {
        BodyShape.Field[] fields = shape.fields();
        Object[] values = new Object[fields.length];
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            int at = shape.indexOf(p.currentName());
            JsonToken token = p.nextToken();
            if (at < 0) {
                p.skipChildren();
                continue;
            }
            Object value = value(p, token, fields[at].type());
            if (value == ABSENT) {
                throw new IllegalArgumentException("not of its type: " + fields[at].name());
            }
            values[at] = value;
        }
        return shape.make(values);
    }

    /** The value the parser is at, if it is of {@code type} or null; else {@link #ABSENT}. */
    private static Object value(JsonParser p, JsonToken token, BodyShape.Type type) throws IOException {
        if (token == JsonToken.VALUE_NULL) {
            return null;
        }
        switch (type) {
            case TEXT:
            case OPTIONAL_TEXT:
                return token == JsonToken.VALUE_STRING ? p.getText() : ABSENT;
            case SESSION:
                return token == JsonToken.VALUE_STRING ? SessionId.of(p.getText()) : ABSENT;
            default:
                boolean fits = token == JsonToken.VALUE_NUMBER_INT
                        && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER;
                return fits ? (Object) p.getLongValue() : ABSENT;
        }
    }
}
