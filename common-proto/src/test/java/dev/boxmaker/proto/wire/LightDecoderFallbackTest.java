package dev.boxmaker.proto.wire;

import static dev.boxmaker.proto.wire.WireSamples.envelope;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.MemoryBlockReply;
import dev.boxmaker.proto.wire.msg.Reindexed;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each payload the light decoder is not sure of goes to {@link Envelope#decode}: the light read gives
 * nothing, and the owner reads the message, or the exact sentence, the mapper gives.
 */
class LightDecoderFallbackTest {
    private static final String CHAT = "\"chat-20260920t140211-3f9a\"";

    private static byte[] utf8(String json) {
        return json.getBytes(StandardCharsets.UTF_8);
    }

    /** The sentence the light decoder refuses {@code json} with, after checking it left it to the mapper. */
    private static String refusal(String json) {
        return refusal(utf8(json));
    }
    private static String refusal(byte[] payload) {
        assertThat(LightDecoder.read(payload)).isNull();
        try {
            LightDecoder.decode(payload);
        } catch (WireException e) {
            return e.getMessage();
        }
        throw new AssertionError("accepted: " + new String(payload, StandardCharsets.UTF_8));
    }

    @Test
    void theLightKindsAreReadWithoutTheMapper() {
        assertThat(LightDecoder.read(utf8(envelope("memory_admin_reply", "{\"text\":\"hi 😀\"}"))))
                .isEqualTo(new MemoryAdminReply("hi 😀"));
        assertThat(LightDecoder.read(utf8(envelope("error", "{\"message\":\"no\"}"))))
                .isEqualTo(new ErrorReply("no", null));
        assertThat(LightDecoder.read(utf8(envelope("turn_reply", "{\"session\":" + CHAT + ",\"turn\":4,\"text\":\"ok\"}"))))
                .isEqualTo(new TurnReply(SessionId.of("chat-20260920t140211-3f9a"), 4, "ok"));
    }

    @Test
    void unknownFieldsAnywhereAreSkippedByTheLightRead() {
        String json = "{\"id\":7,\"kind\":\"reindexed\",\"body\":{\"later\":{\"x\":[1,2.5,null]},\"logs\":1,"
                + "\"records\":2,\"notes\":3},\"after\":[{}]}";
        assertThat(LightDecoder.read(utf8(json))).isEqualTo(new Reindexed(1, 2, 3));
    }

    @Test
    void aKindTheLightCodecDoesNotKnowGoesToTheMapper() {
        byte[] payload = utf8(envelope("memory_block_reply", "{\"text\":\"## Memory\"}"));
        assertThat(LightDecoder.read(payload)).isNull();
        assertThat(LightDecoder.decode(payload)).isEqualTo(new MemoryBlockReply("## Memory"));
    }

    @Test
    void aBodyBeforeItsKindGoesToTheMapper() {
        byte[] payload = utf8("{\"body\":{\"text\":\"hi\"},\"kind\":\"memory_admin_reply\"}");
        assertThat(LightDecoder.read(payload)).isNull();
        assertThat(LightDecoder.decode(payload)).isEqualTo(new MemoryAdminReply("hi"));
    }

    private static final String NOT_ENVELOPE =
            "the frame is not an envelope: it must be one JSON object with a string \"kind\" and an object \"body\"";
    private static final String WRONG = " has the wrong type or value";

    /** Each way a payload can be wrong that the light read leaves to the mapper, and the mapper's sentence. */
    static Stream<Arguments> refusals() {
        return Stream.of(
                refused("an unknown kind", envelope("nope", "{}"), "unknown kind \"nope\""),
                refused("a kind that is not a string", "{\"kind\":5,\"body\":{}}", NOT_ENVELOPE),
                refused("no body", "{\"kind\":\"ok\"}", "the body of ok is missing"),
                refused("a null body", "{\"kind\":\"ok\",\"body\":null}", "the body of ok is missing"),
                refused("a body that is not an object", "{\"kind\":\"ok\",\"body\":[]}", NOT_ENVELOPE),
                refused("a missing text", envelope("memory_admin_reply", "{}"),
                        "the body of memory_admin_reply is not valid: \"text\" is missing"),
                refused("a missing count", envelope("reindexed", "{\"logs\":1,\"notes\":3}"),
                        "the body of reindexed is not valid: \"records\" is missing"),
                refused("a null required text", envelope("error", "{\"message\":null,\"runbook\":\"r\"}"),
                        "the body of error is not valid: \"message\" is missing"),
                refused("a null count", envelope("reindexed", "{\"logs\":null,\"records\":2,\"notes\":3}"),
                        "the body of reindexed is not valid: \"logs\"" + WRONG),
                refused("a number for a text", envelope("memory_admin_reply", "{\"text\":5}"),
                        "the body of memory_admin_reply is not valid: \"text\"" + WRONG),
                refused("an array for a text", envelope("broker_admin_reply", "{\"text\":[\"a\"]}"),
                        "the body of broker_admin_reply is not valid: \"text\"" + WRONG),
                refused("a fraction for a count", envelope("reindexed", "{\"logs\":1.5,\"records\":2,\"notes\":3}"),
                        "the body of reindexed is not valid: \"logs\"" + WRONG),
                refused("a string for a count", envelope("reindexed", "{\"logs\":\"1\",\"records\":2,\"notes\":3}"),
                        "the body of reindexed is not valid: \"logs\"" + WRONG),
                refused("a count past a long", envelope("reindexed",
                        "{\"logs\":9223372036854775808,\"records\":2,\"notes\":3}"),
                        "the body of reindexed is not valid: \"logs\"" + WRONG),
                refused("a negative count", envelope("turn_reply", "{\"session\":" + CHAT + ",\"turn\":-1,\"text\":\"t\"}"),
                        "the body of turn_reply is not valid: \"turn\" must not be negative"),
                refused("an invalid session", envelope("turn_reply", "{\"session\":\"Chat\",\"turn\":1,\"text\":\"t\"}"),
                        "the body of turn_reply is not valid: \"session\" is wrong: invalid session id \"Chat\": "
                                + "it must be a lower-case prefix, a dash, and 1 to 128 letters, digits, '_' or '-'"),
                refused("a duplicate field", envelope("memory_admin_reply", "{\"text\":\"a\",\"text\":\"b\"}"),
                        "the frame is not valid JSON"),
                refused("a duplicate key in an unknown field", envelope("ok", "{\"later\":{\"x\":1,\"x\":2}}"),
                        "the frame is not valid JSON"),
                refused("something after the envelope", envelope("ok", "{}") + " {}", "the frame is not valid JSON"),
                refused("an envelope cut short", "{\"kind\":\"ok\",\"body\":{}", "the frame is not valid JSON"),
                refused("NaN", "{\"kind\":\"ok\",\"body\":{\"n\":NaN}}", "the frame is not valid JSON"),
                refused("an array", "[]", NOT_ENVELOPE));
    }

    private static Arguments refused(String what, String json, String sentence) {
        return Arguments.of(Named.of(what, json), sentence);
    }

    @ParameterizedTest
    @MethodSource("refusals")
    void theMapperSaysWhatIsWrong(String json, String sentence) {
        assertThat(refusal(json)).isEqualTo(sentence);
    }

    @Test
    void notUtf8() {
        byte[] payload = utf8(envelope("memory_admin_reply", "{\"text\":\"ab\"}"));
        payload[payload.length - 4] = (byte) 0xFF;
        assertThat(refusal(payload)).isEqualTo("the frame is not valid UTF-8");
    }

    @Test
    void theLightDecoderIsTheLightCodecs() {
        byte[] payload = utf8(envelope("nope", "{}"));
        assertThatThrownBy(() -> Codec.LIGHT.decode(payload)).isInstanceOf(WireException.class)
                .hasMessage("unknown kind \"nope\"");
    }
}
