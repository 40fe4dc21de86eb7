package dev.boxmaker.proto.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.testing.OddTexts;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.BrokerAdminReply;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import dev.boxmaker.proto.wire.msg.MemoryBlockReply;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Ok;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.Reindex;
import dev.boxmaker.proto.wire.msg.Reindexed;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionStateReply;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import dev.boxmaker.proto.wire.msg.Turn;
import dev.boxmaker.proto.wire.msg.TurnReply;
import dev.boxmaker.proto.testing.SourcedRandom;
import dev.boxmaker.proto.testing.WireMessages;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * The light codec against the mapper's, for random messages of every kind and random odd payloads:
 * the same frame bytes, the same {@code --json} text, and the same message or the same refusal
 * sentence. The odd payloads are envelopes of the light kinds with fields missing, doubled, of the
 * wrong type or value, in another order, with unknown fields, and bytes cut or broken, built from
 * QuickTheories' draws so they shrink; the test counts how many the light path read itself.
 * QuickTheories prints the seed of a failing run; the README's Tests section says how to replay it.
 */
class LightCodecPropertyTest {
    @Test
    void everyFrameIsTheMappersBytes() {
        java.util.Set<String> kinds = new java.util.TreeSet<>();
        qt().withExamples(3000).forAll(WireMessages.messages()).checkAssert(message -> {
            kinds.add(message.kind());
            assertThat(LightEncoder.frame(message)).isEqualTo(Frames.encode(message));
            assertThat(Codec.LIGHT.encode(message)).isEqualTo(Codec.TREE.encode(message));
        });
        // Every kind was drawn: the generator covers the wire's whole vocabulary.
        assertThat(kinds).containsExactlyInAnyOrderElementsOf(Kinds.names());
    }

    @Test
    void everyBodysJsonIsTheMappersText() {
        qt().withExamples(3000).forAll(WireMessages.messages()).checkAssert(message -> {
            try {
                assertThat(LightEncoder.json(message)).isEqualTo(Json.MAPPER.writeValueAsString(message));
            } catch (JsonProcessingException e) {
                throw new AssertionError(e);
            }
        });
    }

    @Test
    void everyEnvelopeDecodesToTheMappersMessage() {
        qt().withExamples(3000).forAll(WireMessages.messages()).checkAssert(message -> {
            byte[] payload = Envelope.toJson(message);
            assertThat(LightDecoder.decode(payload)).isEqualTo(Envelope.decode(payload)).isEqualTo(message);
            // The light kinds are read without the mapper, not handed to it.
            assertThat(LightDecoder.read(payload) != null).isEqualTo(BodyShape.of(message.kind()) != null);
        });
    }

    @Test
    void everyOddPayloadGivesTheMappersMessageOrSentence() {
        AtomicInteger tried = new AtomicInteger();
        AtomicInteger light = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        Gen<byte[]> odd = SourcedRandom.gen(OddPayloads::payload);
        qt().withExamples(5000).forAll(odd.describedAs(p -> new String(p, StandardCharsets.UTF_8))).checkAssert(payload -> {
            Result read = result(LightDecoder::decode, payload);
            tried.incrementAndGet();
            light.addAndGet(LightDecoder.read(payload) != null ? 1 : 0);
            refused.addAndGet(read.sentence() == null ? 0 : 1);
            assertThat(read).isEqualTo(result(Envelope::decode, payload));
            assertThat(result(Codec.LIGHT::decode, payload)).isEqualTo(read);
        });
        System.out.printf("LightCodecPropertyTest: %d of %d odd payloads read by the light path, %d refused%n",
                light.get(), tried.get(), refused.get());
        // Guards the property against passing by handing every payload to the mapper, or refusing all.
        assertThat(light.get()).isGreaterThan(tried.get() / 10);
        assertThat(refused.get()).isBetween(tried.get() / 10, tried.get() * 9 / 10);
    }

    /** What a decoder gave: a message, or the sentence of its refusal. */
    record Result(Message message, String sentence) {
    }

    private static Result result(Function<byte[], Message> decoder, byte[] payload) {
        try {
            return new Result(decoder.apply(payload), null);
        } catch (WireException e) {
            return new Result(null, e.getMessage());
        }
    }

    /** Envelopes of the light kinds, each a little or very wrong, as UTF-8 bytes, some of them broken. */
    static final class OddPayloads {
        private static final String SESSION = "\"chat-20260920t140211-3f9a\"";
        private static final List<String> ODD_VALUES = List.of("null", "true", "false", "-1", "0", "-0", "1.5",
                "1e3", "9223372036854775807", "9223372036854775808", "-9223372036854775809", "[]", "[\"a\"]", "{}",
                "{\"a\":1}", "\"\"", "\"5\"", "\"chat-ok\"", "\"Bad Id\"", "NaN", "01", "\"\\ud800\"",
                "{\"a\":1,\"a\":2}", "", "\"a\" \"b\"", "{\"x\":[1,{\"y\":null}]}", "\"x\\u0000\\n😀\"");
        private static final List<String> UNKNOWN_NAMES = List.of("extra", "kind", "body", "text", "turn", "later");

        static byte[] payload(Random random) {
            BodyShape shape = BodyShape.values()[random.nextInt(BodyShape.values().length)];
            String kind = kind(random, shape);
            String body = body(random, shape);
            String envelope = switch (random.nextInt(14)) {
                case 0 -> "{\"body\":" + body + ",\"kind\":" + kind + "}";
                case 1 -> "{\"id\":7,\"kind\":" + kind + ",\"body\":" + body + ",\"later\":[1,{\"a\":null}]}";
                case 2 -> "{\"kind\":" + kind + "}";
                case 3 -> "{\"kind\":" + kind + ",\"body\":" + pick(random, ODD_VALUES) + "}";
                case 4 -> "{\"kind\":" + kind + ",\"body\":" + body + "}" + pick(random, List.of(" ", " {}", "x", "\n", "]"));
                case 5 -> "{\"kind\":" + kind + ",\"body\":" + body + ",\"kind\":" + kind + "}";
                case 6 -> "[{\"kind\":" + kind + ",\"body\":" + body + "}]";
                case 7 -> " { \"kind\" : " + kind + " , \"body\" : " + body + " } ";
                default -> "{\"kind\":" + kind + ",\"body\":" + body + "}";
            };
            return broken(random, envelope.getBytes(StandardCharsets.UTF_8));
        }

        private static String kind(Random random, BodyShape shape) {
            return switch (random.nextInt(12)) {
                case 0 -> "\"" + pick(random, new ArrayList<>(Kinds.names())) + "\"";
                case 1 -> pick(random, List.of("\"nope\"", "5", "null", "[]", "\"Memory_admin\"", "\"\""));
                default -> "\"" + shape.kind() + "\"";
            };
        }

        /** The shape's fields, each present or not, right or odd, some twice, among unknown fields, shuffled. */
        private static String body(Random random, BodyShape shape) {
            List<String> members = new ArrayList<>();
            for (BodyShape.Field field : shape.fields()) {
                int times = random.nextInt(20) == 0 ? 0 : random.nextInt(25) == 0 ? 2 : 1;
                for (int i = 0; i < times; i++) {
                    String value = random.nextInt(4) == 0 ? pick(random, ODD_VALUES) : right(random, field.type());
                    members.add("\"" + field.name() + "\":" + value);
                }
            }
            for (int i = random.nextInt(3); i > 0; i--) {
                String value = random.nextBoolean() ? pick(random, ODD_VALUES) : right(random, BodyShape.Type.TEXT);
                members.add("\"" + pick(random, UNKNOWN_NAMES) + "\":" + value);
            }
            if (random.nextInt(3) == 0) {
                Collections.shuffle(members, random);
            }
            return "{" + String.join(",", members) + "}";
        }

        private static String right(Random random, BodyShape.Type type) {
            return switch (type) {
                case TEXT, OPTIONAL_TEXT -> pick(random, List.of("\"\"", "\"hi\"", "\"a\\\"b\\\\c\\n\"", "\"😀 \\uD83D\\uDE00\"",
                        "\"\\u00e9\\u2028\"", "\"tab\\tend\""));
                case COUNT -> pick(random, List.of("0", "1", "42", "2147483648", "9223372036854775807"));
                case SESSION -> SESSION;
            };
        }

        /** Most payloads as they are; some cut short, or with a byte that is not UTF-8 or is a NUL. */
        private static byte[] broken(Random random, byte[] bytes) {
            if (bytes.length == 0 || random.nextInt(8) != 0) {
                return bytes;
            }
            int at = random.nextInt(bytes.length);
            return switch (random.nextInt(3)) {
                case 0 -> java.util.Arrays.copyOf(bytes, at);
                case 1 -> {
                    byte[] copy = bytes.clone();
                    copy[at] = (byte) (int) pick(random, List.of(0xFF, 0xC0, 0x80, 0xED));
                    yield copy;
                }
                default -> {
                    byte[] copy = java.util.Arrays.copyOf(bytes, bytes.length + 1);
                    System.arraycopy(bytes, at, copy, at + 1, bytes.length - at);
                    copy[at] = 0;
                    yield copy;
                }
            };
        }

        private static <T> T pick(Random random, List<T> choices) {
            return choices.get(random.nextInt(choices.size()));
        }
    }
}
