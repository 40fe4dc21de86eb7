package dev.boxmaker.proto.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.testing.RawSocket;
import dev.boxmaker.proto.testing.RawSocket.Received;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every bad input of wire.md gets an error frame with its exact sentence, then the connection closes. */
class BadInputTest {
    @TempDir
    Path dir;

    private RunningServer running;

    @BeforeEach
    void start() {
        running = RunningServer.echo(dir);
    }

    @AfterEach
    void stop() throws Exception {
        running.close();
    }

    static Stream<Arguments> badInputs() {
        return Stream.of(
                Arguments.of("invalid UTF-8", new byte[] {'{', (byte) 0xC3, '}'},
                        "the frame is not valid UTF-8"),
                Arguments.of("invalid JSON", utf8("{\"kind\": "),
                        "the frame is not valid JSON"),
                Arguments.of("not an object", utf8("[\"session_updated\", {}]"),
                        "the frame is not an envelope: it must be one JSON object with a string \"kind\" and an object \"body\""),
                Arguments.of("no kind", utf8("{\"body\": {}}"),
                        "the frame is not an envelope: it must be one JSON object with a string \"kind\" and an object \"body\""),
                Arguments.of("unknown kind", utf8("{\"kind\": \"launch\", \"body\": {}}"),
                        "unknown kind \"launch\""),
                Arguments.of("missing body", utf8("{\"kind\": \"session_updated\"}"),
                        "the body of session_updated is missing"),
                Arguments.of("a body missing a field", utf8("{\"kind\": \"session_updated\", \"body\": {\"turn\": 3}}"),
                        "the body of session_updated is not valid: \"session\" is missing"),
                Arguments.of("a nested body missing a field", utf8("{\"kind\": \"memory_call\", \"body\": {\"request\": "
                        + "{\"call\": \"c1\", \"tool\": \"recall\", \"args\": {}}, \"taint\": \"public\", \"untrusted\": false}}"),
                        "the body of memory_call is not valid: \"request.session\" is missing"),
                Arguments.of("an invalid SessionId",
                        utf8("{\"kind\": \"session_updated\", \"body\": {\"session\": \"../x\", \"turn\": 3}}"),
                        "the body of session_updated is not valid: \"session\" is wrong: invalid session id \"../x\": "
                                + "it must be a lower-case prefix, a dash, and 1 to 128 letters, digits, '_' or '-'"),
                Arguments.of("a kind this socket does not serve", utf8("{\"kind\": \"memory_block\", \"body\": {}}"),
                        "this socket does not serve \"memory_block\""),
                Arguments.of("a reply kind sent as a request", utf8("{\"kind\": \"ok\", \"body\": {}}"),
                        "this socket does not serve \"ok\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void isAnsweredWithItsSentenceAndTheConnectionCloses(String what, byte[] payload, String sentence)
            throws Exception {
        Received received = RawSocket.send(running.socket(), RawSocket.frame(payload));

        assertThat(received.error()).isEqualTo(new ErrorReply(sentence, null));
        assertThat(received.closed()).isTrue();
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
