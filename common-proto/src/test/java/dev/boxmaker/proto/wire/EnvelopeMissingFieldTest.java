package dev.boxmaker.proto.wire;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Regression: an absent field was named twice ("session.session"), as Jackson's path already ends with it. */
class EnvelopeMissingFieldTest {
    @Test
    void anAbsentFieldIsNamedOnce() {
        assertThatThrownBy(() -> decode("{\"kind\":\"session_updated\",\"body\":{\"turn\":3}}"))
                .hasMessage("the body of session_updated is not valid: \"session\" is missing");
    }

    @Test
    void aNullFieldIsNamedOnce() {
        assertThatThrownBy(() -> decode("{\"kind\":\"session_updated\",\"body\":{\"session\":null,\"turn\":3}}"))
                .hasMessage("the body of session_updated is not valid: \"session\" is missing");
    }

    @Test
    void anAbsentNestedFieldIsNamedWithItsPath() {
        assertThatThrownBy(() -> decode("{\"kind\":\"memory_call\",\"body\":{\"request\":{\"call\":\"c\",\"tool\":\"t\","
                + "\"args\":{}},\"taint\":\"public\",\"untrusted\":false}}"))
                .hasMessage("the body of memory_call is not valid: \"request.session\" is missing");
    }

    private static void decode(String json) {
        Envelope.decode(json.getBytes(StandardCharsets.UTF_8));
    }
}
