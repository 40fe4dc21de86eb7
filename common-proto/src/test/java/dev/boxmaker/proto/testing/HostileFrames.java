package dev.boxmaker.proto.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.wire.Envelope;
import dev.boxmaker.proto.wire.Kinds;
import dev.boxmaker.proto.wire.msg.Message;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.quicktheories.core.Gen;

/**
 * Whole envelopes of real messages made hostile: the real {@code kind} names and the records' real
 * field names (taken from the message's own JSON, nested bodies and tool arguments included), with
 * values replaced by hostile ones (wrong types, numbers past a long, lone surrogates, 64 KiB texts,
 * deep nesting, paths, markup), fields removed, doubled or added, a body under another kind's name,
 * and the envelope itself bent; a third of the payloads bend about one field in fifty (mostly whole
 * and valid requests but for one value), a third one in eight, a third one in three. Every draw is
 * QuickTheories', so a failing payload shrinks towards the least hostile form.
 */
public final class HostileFrames {
    /** Values a field should never hold, each a piece of JSON. */
    public static final List<String> HOSTILE_VALUES = List.of("null", "true", "false", "0", "-1", "-0", "1.5", "1e309",
            "9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551617", "NaN", "01",
            "\"\"", "\" \"", "\"\\u0000\"", "\"\\ud800\"", "\"\\udc00x\"", "\"\\uFEFF\"", "\"\\u202e\"", "\"\\n§\\n\"",
            "\"../../etc/passwd\"", "\"/dev/zero\"", "\"chat-../x\"", "\"CHAT-X\"", "\"chat-\"", "\"chat-x\\n\"",
            "\"<|im_start|>system\"", "\"§ noted 2026-09-24T21:02Z in session mm-x · private\"", "\"2026-09-24-0001\"",
            "\"9999-99-99-9999\"", "\"private\"", "\"public\"", "\"ok\"", "\"add\"", "\"memory\"", "\"user\"",
            "[]", "[null]", "{}", "{\"kind\":\"ok\",\"body\":{}}", "[" + "[".repeat(600) + "]".repeat(600) + "]",
            "\"" + "x".repeat(65_536) + "\"", "\"" + "\\u00e9".repeat(4_000) + "\"");
    private static final List<String> UNKNOWN_NAMES = List.of("extra", "kind", "body", "__proto__", "", "\\u0000",
            "request", "args", "session", "turn", "text", "call");
    private static final List<String> ODD_KINDS = List.of("\"nope\"", "\"\"", "null", "5", "[]", "{}", "\"MEMORY_BLOCK\"",
            "\"memory_block \"", "\"memory_block\\u0000\"");

    private HostileFrames() {
    }

    /** Hostile payloads (a frame's bytes without the length) built from {@code messages}. */
    public static Gen<byte[]> payloads(Gen<? extends Message> messages) {
        Gen<byte[]> payloads = in -> payload(messages.generate(in), SourcedRandom.from(in));
        return payloads.describedAs(HostileFrames::describe);
    }

    /** {@code message}'s envelope, made hostile by the draws of {@code random}. */
    public static byte[] payload(Message message, Random random) {
        JsonNode body;
        try {
            body = Json.MAPPER.readTree(Envelope.toJson(message)).get("body");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // How hostile: one in fifty fields bent (most frames whole and valid but for one value), one in
        // eight, or one in three.
        int odds = List.of(50, 8, 3).get(random.nextInt(3));
        String kind = switch (random.nextInt(odds == 3 ? 10 : 4 * odds)) {
            case 0 -> "\"" + pick(random, new ArrayList<>(Kinds.names().stream().sorted().toList())) + "\"";
            case 1 -> pick(random, ODD_KINDS);
            default -> "\"" + message.kind() + "\"";
        };
        String hostileBody = random.nextInt(4 * odds) == 0 ? pick(random, HOSTILE_VALUES) : value(body, random, odds);
        String envelope = switch (random.nextInt(odds == 3 ? 12 : 4 * odds)) {
            case 0 -> "{\"body\":" + hostileBody + ",\"kind\":" + kind + "}";
            case 1 -> "{\"kind\":" + kind + "}";
            case 2 -> "{\"kind\":" + kind + ",\"body\":" + hostileBody + ",\"kind\":" + kind + "}";
            case 3 -> "{\"kind\":" + kind + ",\"body\":" + hostileBody + ",\"extra\":" + pick(random, HOSTILE_VALUES) + "}";
            case 4 -> "{\"kind\":" + kind + ",\"body\":" + hostileBody + "}" + pick(random, List.of(" ", "{}", "x", "\n", "]"));
            case 5 -> "[{\"kind\":" + kind + ",\"body\":" + hostileBody + "}]";
            default -> "{\"kind\":" + kind + ",\"body\":" + hostileBody + "}";
        };
        return envelope.getBytes(StandardCharsets.UTF_8);
    }

    /** {@code node} as JSON with some of its members' values hostile, removed, doubled, or joined by unknown ones. */
    private static String value(JsonNode node, Random random, int odds) {
        if (node.isObject()) {
            List<String> members = new ArrayList<>();
            node.fields().forEachRemaining(e -> {
                int times = random.nextInt(2 * odds) == 0 ? 0 : random.nextInt(2 * odds) == 0 ? 2 : 1;
                for (int i = 0; i < times; i++) {
                    String value = random.nextInt(odds) == 0 ? pick(random, HOSTILE_VALUES) : value(e.getValue(), random, odds);
                    members.add(jsonString(e.getKey()) + ":" + value);
                }
            });
            for (int i = random.nextInt(2 * odds) == 0 ? 1 + random.nextInt(2) : 0; i > 0; i--) {
                members.add("\"" + pick(random, UNKNOWN_NAMES) + "\":" + pick(random, HOSTILE_VALUES));
            }
            if (random.nextInt(2 * odds) == 0) {
                Collections.shuffle(members, random);
            }
            return "{" + String.join(",", members) + "}";
        }
        if (node.isArray()) {
            List<String> items = new ArrayList<>();
            node.forEach(item -> items.add(value(item, random, odds)));
            return "[" + String.join(",", items) + "]";
        }
        return node.toString();
    }

    private static String jsonString(String text) {
        try {
            return Json.MAPPER.writeValueAsString(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The payload as text, its first 400 chars, for a failure's report. */
    public static String describe(byte[] payload) {
        String text = new String(payload, StandardCharsets.UTF_8);
        return text.length() > 400 ? text.substring(0, 400) + "… (" + payload.length + " bytes)" : text;
    }

    private static <T> T pick(Random random, List<T> choices) {
        return choices.get(random.nextInt(choices.size()));
    }
}
