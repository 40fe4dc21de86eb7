package dev.boxmaker.proto.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.Sentences;
import dev.boxmaker.proto.wire.msg.Message;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.stream.Collectors;

/**
 * The envelope {@code {"kind": "<kind>", "body": {...}}} and its decoding. Every way a payload can
 * be wrong ends in a {@link WireException} carrying a fixed sentence, never in a stack trace.
 */
public final class Envelope {
    private Envelope() {
    }

    /** The envelope's JSON bytes for {@code message}. */
    public static byte[] toJson(Message message) {
        ObjectNode envelope = Json.MAPPER.createObjectNode();
        envelope.put("kind", message.kind());
        envelope.set("body", Json.MAPPER.valueToTree(message));
        return Frames.json(envelope);
    }

    /** The message a frame's payload holds. */
    public static Message decode(byte[] payload) {
        String text = utf8(payload);
        JsonNode tree;
        try {
            tree = Json.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new WireException(Sentences.FRAME_NOT_JSON);
        }
        if (tree == null || !tree.isObject() || !tree.path("kind").isTextual()) {
            throw new WireException(Sentences.FRAME_NOT_ENVELOPE);
        }
        String kind = tree.get("kind").textValue();
        Class<? extends Message> type = Kinds.type(kind);
        if (type == null) {
            throw new WireException(Sentences.unknownKind(kind));
        }
        JsonNode body = tree.get("body");
        if (body == null || body.isNull()) {
            throw new WireException(Sentences.bodyMissing(kind));
        }
        if (!body.isObject()) {
            throw new WireException(Sentences.FRAME_NOT_ENVELOPE);
        }
        return body(kind, type, body);
    }

    private static Message body(String kind, Class<? extends Message> type, JsonNode body) {
        try {
            return Json.MAPPER.treeToValue(body, type);
        } catch (JsonMappingException e) {
            throw new WireException(describe(kind, e));
        } catch (IOException e) {
            throw new WireException(Sentences.FRAME_NOT_JSON);
        }
    }

    /** A sentence naming the field at fault, from Jackson's account of what went wrong. */
    private static String describe(String kind, JsonMappingException e) {
        String field = e.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining(".")).replace(".[", "[");
        Throwable cause = e.getCause();
        if (cause instanceof dev.boxmaker.proto.wire.msg.Fields.Missing missing) {
            return Sentences.fieldMissing(kind, under(field, missing.field()));
        }
        if (cause instanceof IllegalArgumentException && cause.getMessage() != null) {
            return Sentences.fieldInvalid(kind, field.isEmpty() ? "body" : field, "is wrong: " + cause.getMessage());
        }
        if (e instanceof MismatchedInputException && e.getMessage() != null
                && e.getMessage().startsWith("Missing required creator property")) {
            String missing = e.getMessage().replaceFirst("(?s)^Missing required creator property '([^']*)'.*$", "$1");
            return Sentences.fieldMissing(kind, under(field, missing));
        }
        return Sentences.fieldInvalid(kind, field.isEmpty() ? "body" : field, "has the wrong type or value");
    }

    /**
     * The missing field's full name. When the field is absent (not null), Jackson's path already
     * ends with it, so it is not added twice ("session", not "session.session").
     */
    private static String under(String path, String field) {
        if (path.isEmpty()) {
            return field;
        }
        if (path.equals(field) || path.endsWith("." + field)) {
            return path;
        }
        return path + "." + field;
    }

    private static String utf8(byte[] payload) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(payload)).toString();
        } catch (CharacterCodingException e) {
            throw new WireException(Sentences.FRAME_NOT_UTF8);
        }
    }
}
