package dev.boxmaker.proto.wire;

import static dev.boxmaker.proto.wire.WireSamples.envelope;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import dev.boxmaker.proto.wire.msg.Turn;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Every way a payload can be wrong ends in a fixed sentence (wire.md, "Frames"). */
class EnvelopeErrorsTest {
    private static final String CHAT = "\"chat-20260920t140211-3f9a\"";

    private static String refusal(String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        try {
            Envelope.decode(bytes);
        } catch (WireException e) {
            return e.getMessage();
        }
        throw new AssertionError("accepted: " + json);
    }

    @Test
    void unknownBodyFieldsAreIgnored() {
        String json = envelope("session_updated", "{\"later\":{\"x\":[1,2]},\"session\":" + CHAT + ",\"turn\":3,\"note\":null}");
        assertThat(Envelope.decode(json.getBytes(StandardCharsets.UTF_8)))
                .isEqualTo(new SessionUpdated(SessionId.of("chat-20260920t140211-3f9a"), 3));
    }

    @Test
    void unknownEnvelopeFieldsAreIgnored() {
        String json = "{\"id\":7,\"kind\":\"turn\",\"body\":{\"session\":" + CHAT + ",\"text\":\"hi\",\"speaker\":null}}";
        assertThat(Envelope.decode(json.getBytes(StandardCharsets.UTF_8)))
                .isEqualTo(new Turn(SessionId.of("chat-20260920t140211-3f9a"), "hi", null));
    }

    @Test
    void aMissingFieldIsNamed() {
        assertThat(refusal(envelope("session_updated", "{\"turn\":3}")))
                .isEqualTo("the body of session_updated is not valid: \"session\" is missing");
    }

    @Test
    void aNullRequiredFieldIsMissing() {
        assertThat(refusal(envelope("turn", "{\"session\":" + CHAT + ",\"text\":null,\"speaker\":null}")))
                .isEqualTo("the body of turn is not valid: \"text\" is missing");
    }

    @Test
    void aMissingFieldInsideANestedObjectIsNamedByItsPath() {
        String body = "{\"request\":{\"session\":" + CHAT + ",\"call\":\"c\",\"args\":{}},\"taint\":\"private\",\"untrusted\":false}";
        assertThat(refusal(envelope("memory_call", body)))
                .isEqualTo("the body of memory_call is not valid: \"request.tool\" is missing");
    }

    @Test
    void aMissingBooleanIsNamed() {
        assertThat(refusal(envelope("session_state_reply", "{\"class\":\"private\"}")))
                .isEqualTo("the body of session_state_reply is not valid: \"untrusted\" is missing");
    }

    @Test
    void aWrongTypeIsNamed() {
        assertThat(refusal(envelope("session_updated", "{\"session\":" + CHAT + ",\"turn\":\"three\"}")))
                .isEqualTo("the body of session_updated is not valid: \"turn\" has the wrong type or value");
    }

    @Test
    void aCountWrittenAsAStringIsTheWrongType() {
        assertThat(refusal(envelope("session_updated", "{\"session\":" + CHAT + ",\"turn\":\"3\"}")))
                .isEqualTo("the body of session_updated is not valid: \"turn\" has the wrong type or value");
    }

    @Test
    void aCountWithAFractionIsTheWrongType() {
        assertThat(refusal(envelope("session_updated", "{\"session\":" + CHAT + ",\"turn\":3.5}")))
                .isEqualTo("the body of session_updated is not valid: \"turn\" has the wrong type or value");
    }

    @Test
    void aCountPastTheLargestLongIsTheWrongType() {
        assertThat(refusal(envelope("session_updated", "{\"session\":" + CHAT + ",\"turn\":9223372036854775808}")))
                .isEqualTo("the body of session_updated is not valid: \"turn\" has the wrong type or value");
    }

    @Test
    void aBooleanWrittenAsANumberIsTheWrongType() {
        assertThat(refusal(envelope("session_state_reply", "{\"class\":\"private\",\"untrusted\":0}")))
                .isEqualTo("the body of session_state_reply is not valid: \"untrusted\" has the wrong type or value");
    }

    @Test
    void aNumberWhereTextBelongsIsTheWrongType() {
        assertThat(refusal(envelope("turn", "{\"session\":" + CHAT + ",\"text\":5,\"speaker\":null}")))
                .isEqualTo("the body of turn is not valid: \"text\" has the wrong type or value");
    }

    @Test
    void argsThatAreNotAnObjectAreTheWrongType() {
        String body = "{\"session\":" + CHAT + ",\"call\":\"c\",\"tool\":\"t\",\"args\":[1]}";
        assertThat(refusal(envelope("tool_request", body)))
                .isEqualTo("the body of tool_request is not valid: \"args\" has the wrong type or value");
    }

    @Test
    void aNegativeCountIsRefused() {
        assertThat(refusal(envelope("session_updated", "{\"session\":" + CHAT + ",\"turn\":-1}")))
                .isEqualTo("the body of session_updated is not valid: \"turn\" must not be negative");
    }

    @Test
    void aTooLongCallIdIsRefused() {
        String body = "{\"session\":" + CHAT + ",\"call\":\"" + "c".repeat(129) + "\",\"tool\":\"t\",\"args\":{}}";
        assertThat(refusal(envelope("tool_request", body)))
                .isEqualTo("the body of tool_request is not valid: \"call\" is longer than 128 characters");
    }

    @Test
    void aCallIdAtTheLimitIsAccepted() {
        String body = "{\"session\":" + CHAT + ",\"call\":\"" + "c".repeat(128) + "\",\"tool\":\"t\",\"args\":{}}";
        assertThat(Envelope.decode(envelope("tool_request", body).getBytes(StandardCharsets.UTF_8)).kind())
                .isEqualTo("tool_request");
    }

    @Test
    void anInvalidSessionIdIsRefusedWithItsSentence() {
        assertThat(refusal(envelope("session_updated", "{\"session\":\"../x\",\"turn\":3}")))
                .isEqualTo("the body of session_updated is not valid: \"session\" is wrong: invalid session id \"../x\": "
                        + "it must be a lower-case prefix, a dash, and 1 to 128 letters, digits, '_' or '-'");
    }

    @Test
    void anUnknownDataClassIsRefusedWithItsSentence() {
        assertThat(refusal(envelope("session_state_reply", "{\"class\":\"top-secret\",\"untrusted\":false}")))
                .isEqualTo("the body of session_state_reply is not valid: \"class\" is wrong: "
                        + "unknown data class \"top-secret\": it must be public, private or secret");
    }

    @Test
    void anUnknownOutcomeIsRefusedWithItsSentence() {
        String body = "{\"call\":\"c\",\"outcome\":\"maybe\",\"text\":\"\",\"class\":\"public\",\"untrusted\":false,\"grant\":null}";
        assertThat(refusal(envelope("tool_response", body)))
                .isEqualTo("the body of tool_response is not valid: \"outcome\" is wrong: "
                        + "unknown outcome \"maybe\": it must be ok, refused, denied or failed");
    }

    @Test
    void anUnknownKindIsNamed() {
        assertThat(refusal(envelope("memory_blocks", "{}"))).isEqualTo("unknown kind \"memory_blocks\"");
    }

    @Test
    void aMissingOrNullBodyIsNamed() {
        assertThat(refusal("{\"kind\":\"ok\"}")).isEqualTo("the body of ok is missing");
        assertThat(refusal("{\"kind\":\"ok\",\"body\":null}")).isEqualTo("the body of ok is missing");
    }

    @Test
    void anythingButAnEnvelopeIsRefused() {
        String sentence = "the frame is not an envelope: it must be one JSON object with a string \"kind\" and an object \"body\"";
        assertThat(refusal("[1,2]")).isEqualTo(sentence);
        assertThat(refusal("{\"kind\":7,\"body\":{}}")).isEqualTo(sentence);
        assertThat(refusal("{\"kind\":\"ok\",\"body\":[]}")).isEqualTo(sentence);
        assertThat(refusal("")).isEqualTo(sentence);
    }

    @Test
    void invalidJsonIsRefused() {
        assertThat(refusal("{\"kind\":\"ok\",")).isEqualTo("the frame is not valid JSON");
    }

    @Test
    void aSecondValueAfterTheEnvelopeIsRefused() {
        assertThat(refusal("{\"kind\":\"ok\",\"body\":{}} {\"kind\":\"reindex\",\"body\":{}}"))
                .isEqualTo("the frame is not valid JSON");
    }

    @Test
    void aDuplicateKeyIsRefused() {
        assertThat(refusal("{\"kind\":\"ok\",\"kind\":\"reindex\",\"body\":{}}")).isEqualTo("the frame is not valid JSON");
    }

    @Test
    void invalidUtf8IsRefused() {
        byte[] bytes = {'{', '"', 'k', (byte) 0xC3, (byte) 0x28, '"', '}'};
        assertThatThrownBy(() -> Envelope.decode(bytes)).isInstanceOf(WireException.class)
                .hasMessage("the frame is not valid UTF-8");
    }
}
