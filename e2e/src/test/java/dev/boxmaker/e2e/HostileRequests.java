package dev.boxmaker.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.wire.Envelope;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Reindex;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.Turn;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Complete, well-framed but hostile requests built from the real message records: each kind's valid
 * request, encoded by the wire's own envelope, then broken in a way the kind's rules (wire.md, the
 * records' checks, the handlers') must refuse. Every request carries at least one such fault, so
 * none may be carried out: wrong types, missing fields, ids with traversal, NUL and lone surrogates,
 * huge and deep values, extra fields, raw bytes that are not JSON text.
 */
final class HostileRequests {
    /** A lone surrogate cannot be held by a Java string that is written as UTF-8: marked, then escaped. */
    private static final String LONE_HIGH = "@@LONE_D800@@";
    private static final String LONE_LOW = "@@LONE_DFFF@@";
    private static final String DEEP = "@@DEEP@@";
    private static final String NESTED = "[".repeat(5_000) + "]".repeat(5_000);
    /** The longest value a huge fault writes: under a frame, and well over every field's limit. */
    static final int HUGE_CHARS_MAX = 3 * 1024 * 1024;

    static final List<String> HOSTILE_STRINGS = List.of("../../etc/passwd", "chat-../../x", "chat-1/../../../etc",
            "mm-..", "/etc/shadow", "\u0000", "chat-\u0000x", LONE_HIGH, "chat-" + LONE_LOW, "mm-" + "a".repeat(129),
            "", " ", "CHAT-1", "chat-1\n", "%2e%2e%2fetc", "chat-1;rm -rf ~", "chat-\u202Eevil", "\u200B",
            "x".repeat(5_000), "sessions/../memory/memory.md", "\\..\\..\\windows");

    /** One valid request of every kind a client sends (wire.md's table). */
    static final Map<String, Message> VALID = Map.of(
            MemoryBlock.KIND, new MemoryBlock(),
            SessionUpdated.KIND, new SessionUpdated(SessionId.of("chat-fuzz"), 1),
            MemoryCall.KIND, new MemoryCall(toolRequest(), DataClass.PRIVATE, false),
            Reindex.KIND, new Reindex(),
            MemoryAdmin.KIND, new MemoryAdmin("undo", "2026-09-24-0009"),
            ToolRequest.KIND, toolRequest(),
            BrokerAdmin.KIND, new BrokerAdmin("deny", "a-1"),
            SessionState.KIND, new SessionState(SessionId.of("chat-fuzz")),
            Turn.KIND, new Turn(SessionId.of("chat-fuzz"), "hello", "owner"),
            LoopAdmin.KIND, new LoopAdmin("show", "chat-fuzz"));

    private final Random random;

    HostileRequests(Random random) {
        this.random = random;
    }

    private static ToolRequest toolRequest() {
        ObjectNode args = JsonNodeFactory.instance.objectNode().put("query", "launch");
        return new ToolRequest(SessionId.of("chat-fuzz"), "call_1", "recall", args);
    }

    /** The frame's payload of one hostile request of {@code kind}. */
    byte[] payload(String kind) {
        if (random.nextInt(20) == 0) {
            return rawBytes(kind);
        }
        ObjectNode envelope = (ObjectNode) tree(VALID.get(kind));
        JsonNode body = envelope.get("body");
        JsonNode broken = switch (kind) {
            case MemoryBlock.KIND, Reindex.KIND -> notAnObject();
            case SessionUpdated.KIND -> breakOne((ObjectNode) body, List.of("session", "turn"));
            case SessionState.KIND -> breakOne((ObjectNode) body, List.of("session"));
            case ToolRequest.KIND -> breakOne((ObjectNode) body, List.of("session", "call", "args"));
            case MemoryCall.KIND -> memoryCall((ObjectNode) body);
            case Turn.KIND -> turn((ObjectNode) body);
            case MemoryAdmin.KIND -> admin((ObjectNode) body, List.of("undo", "accept", "reject"));
            case BrokerAdmin.KIND -> admin((ObjectNode) body, List.of("approve", "deny"));
            case LoopAdmin.KIND -> admin((ObjectNode) body, List.of("show"));
            default -> throw new IllegalArgumentException(kind);
        };
        if (broken.isObject() && random.nextBoolean()) {
            extraFields((ObjectNode) broken);
        }
        envelope.set("body", broken);
        return bytes(envelope);
    }

    /** The kind's valid request, for a socket that does not serve it. */
    static byte[] valid(String kind) {
        return bytes(tree(VALID.get(kind)));
    }

    private JsonNode memoryCall(ObjectNode body) {
        return switch (random.nextInt(4)) {
            case 0 -> random.nextBoolean() ? breakOne(body, List.of("request", "taint"))
                    : body.set("untrusted", random.nextBoolean() ? structured() : JsonNodeFactory.instance.textNode("yes"));
            case 1 -> {
                breakOne((ObjectNode) body.get("request"), List.of("session", "call", "args"));
                yield body;
            }
            case 2 -> {
                // Reaches memoryd's handler: a tool it does not have, by a hostile name.
                ((ObjectNode) body.get("request")).put("tool", pick(HOSTILE_STRINGS));
                yield body;
            }
            default -> body.put("taint", pick(List.of("PUBLIC", "top-secret", "", "secret\u0000")));
        };
    }

    /**
     * A turn broken in its session, or its text past the limit, or its text or speaker of a type
     * that is no string (a number would be read as its digits, a valid text).
     */
    private JsonNode turn(ObjectNode body) {
        return switch (random.nextInt(4)) {
            case 0 -> breakOne(body, List.of("session"));
            case 1 -> body.put("text", overTheTurnLimit());
            case 2 -> random.nextBoolean() ? body.without("text") : body.set("text", structured());
            default -> body.set("speaker", structured());
        };
    }

    /** A text past loopd's limit, of the characters a filter might trip on. */
    private String overTheTurnLimit() {
        StringBuilder text = new StringBuilder();
        int codePoints = 65_537 + random.nextInt(random.nextBoolean() ? 10 : 300_000);
        for (int n = 0; n < codePoints; n++) {
            // Characters, as loopd counts them: an astral one is one, though Java holds it in two.
            text.append(pick(List.of("a", "\u0000", "\u202E", "é", "\uD83D\uDE00", "<", "\n")));
        }
        return text.toString();
    }

    /** An unknown command, or a command that takes an id with a hostile id. */
    private JsonNode admin(ObjectNode body, List<String> idCommands) {
        if (random.nextBoolean()) {
            return body.put("command", pick(HOSTILE_STRINGS)).put("arg", pick(HOSTILE_STRINGS));
        }
        if (random.nextInt(4) == 0) {
            return breakOne(body, List.of("command", "arg"));
        }
        return body.put("command", pick(idCommands)).put("arg", pick(HOSTILE_STRINGS.subList(0, 12)));
    }

    /** One of {@code fields} removed, of a wrong type, hostile (ids), huge or deep. */
    private JsonNode breakOne(ObjectNode body, List<String> fields) {
        String field = pick(fields);
        switch (random.nextInt(5)) {
            case 0 -> body.remove(field);
            case 1 -> body.set(field, wrongType());
            case 2 -> body.set(field, deep());
            case 3 -> body.put(field, random.nextInt(10) == 0 ? huge() : pick(HOSTILE_STRINGS));
            default -> body.set(field, JsonNodeFactory.instance.nullNode());
        }
        if (field.equals("args") && body.path("args").isTextual()) {
            // A string where an object must be: wrong type whatever its text.
            return body;
        }
        if (field.equals("args") && body.path("args").isObject()) {
            // An object is the right type for arguments: brokerd decides such a call, refuses its shape and
            // audits the refusal (brokerd.md: one line per decided call), a file written by design. The
            // arguments' own shapes are the tool contract's properties (ToolContractProperties).
            body.set("args", JsonNodeFactory.instance.arrayNode().add(1).add("x"));
        }
        if (field.equals("call") && body.path("call").isTextual() && body.path("call").asText().length() <= 128) {
            // A short call id of any text is valid: make it too long as well.
            body.put("call", body.path("call").asText() + "c".repeat(129));
        }
        if (field.equals("turn") && body.path("turn").isTextual()) {
            body.put("turn", "not a number " + body.path("turn").asText());
        }
        return body;
    }

    private JsonNode wrongType() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        return switch (random.nextInt(6)) {
            case 0 -> f.arrayNode().add(1).add("x");
            case 1 -> f.objectNode().put("$ref", "../../etc/passwd");
            case 2 -> f.numberNode(-1L);
            case 3 -> f.numberNode(1.5e308);
            case 4 -> f.booleanNode(true);
            default -> f.arrayNode();
        };
    }

    /** An array or an object: no scalar a reader might turn into a string or a boolean. */
    private JsonNode structured() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        return random.nextBoolean() ? f.arrayNode().add("hello") : f.objectNode().put("text", "hello");
    }

    private JsonNode notAnObject() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        return switch (random.nextInt(5)) {
            case 0 -> f.arrayNode();
            case 1 -> f.textNode(pick(HOSTILE_STRINGS));
            case 2 -> f.numberNode(0);
            case 3 -> f.nullNode();
            default -> deep();
        };
    }

    /** A mark the writer replaces by 5,000 nested arrays (far past the mapper's depth limit), which the mapper would not write. */
    private static JsonNode deep() {
        return JsonNodeFactory.instance.textNode(DEEP);
    }

    private String huge() {
        return "chat-" + "\u0000x/..".repeat(1 + random.nextInt(HUGE_CHARS_MAX / 5));
    }

    private void extraFields(ObjectNode body) {
        body.put("__proto__", "x").put("kind", "reindex").put("extra", pick(HOSTILE_STRINGS));
        body.putObject("nested").put("session", "../../etc");
    }

    /** Bytes a JSON parser must refuse, around a real kind: a raw NUL, bytes that are not UTF-8, a cut. */
    private byte[] rawBytes(String kind) {
        byte[] valid = valid(kind);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        switch (random.nextInt(3)) {
            case 0 -> {
                out.writeBytes("{\"kind\":\"".getBytes(StandardCharsets.UTF_8));
                out.writeBytes(kind.getBytes(StandardCharsets.UTF_8));
                out.writeBytes("\",\"body\":{\"session\":\"chat-\u0000\"}}".getBytes(StandardCharsets.UTF_8));
            }
            case 1 -> {
                out.write(valid, 0, valid.length - 2);
                out.writeBytes(new byte[] {(byte) 0xC0, (byte) 0xFF, '"', '}'});
            }
            default -> out.write(valid, 0, valid.length / 2);
        }
        return out.toByteArray();
    }

    private <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    private static JsonNode tree(Message message) {
        try {
            return Json.MAPPER.readTree(Envelope.toJson(message));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The envelope's UTF-8 bytes, each lone-surrogate mark written as its JSON escape. */
    private static byte[] bytes(JsonNode envelope) {
        try {
            String json = Json.MAPPER.writeValueAsString(envelope)
                    .replace(LONE_HIGH, "\\ud800").replace(LONE_LOW, "\\udfff").replace('"' + DEEP + '"', NESTED);
            return json.getBytes(StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
