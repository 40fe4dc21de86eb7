package dev.boxmaker.proto.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.Sentences;
import dev.boxmaker.proto.wire.msg.Message;
import java.io.IOException;

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
        String text = Frames.utf8(payload);
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
        FieldFault fault = FieldFault.of(e);
        return Sentences.fieldInvalid(kind, fault.field(), fault.why());
    }
}
