package dev.boxmaker.proto.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.testing.EchoHandlers;
import dev.boxmaker.proto.testing.RawSocket;
import dev.boxmaker.proto.testing.RawSocket.Received;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.testing.TempHomes;
import dev.boxmaker.proto.testing.TestServers;
import dev.boxmaker.proto.wire.Frames;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Nothing a client sends can stop the server (wire.md): random bytes, random payloads in honest
 * frames, and valid frames cut short each get an error frame or a closed connection, and the
 * server answers a valid request right after. jqwik prints each property's seed; a failing seed
 * replays with {@code @Property(seed = "...")}. 75 tries a property, 300 in all, keep it to seconds.
 */
class SocketServerFuzzProperties {
    private static final int TRIES = 75;
    private static final Duration WAIT = Duration.ofSeconds(10);
    /** JSON's punctuation and the words of real envelopes, so some payloads get far into decoding. */
    private static final String JSONISH = "{}[]\":,. 0123456789-truefalsenull kind body session turn "
            + "session_updated loop_admin command arg echo chat-";

    private static Path dir;
    private static RunningServer running;

    @BeforeContainer
    static void start() throws IOException {
        dir = TempHomes.create("bx");
        // A short request wait, as a safety net: every try also ends its writing, so none waits on it.
        running = RunningServer.start(TestServers.socketIn(dir, "s.sock"), EchoHandlers.all(), Duration.ofSeconds(2));
    }

    @AfterContainer
    static void stop() throws Exception {
        try {
            running.close();
        } finally {
            TempHomes.delete(dir);
        }
    }

    @Property(tries = TRIES)
    void randomBytes(@ForAll @Size(max = 64) byte[] bytes) throws Exception {
        sendAndCheck(bytes);
    }

    @Property(tries = TRIES)
    void randomPayloadsInHonestFrames(@ForAll @Size(min = 1, max = 256) byte[] payload) throws Exception {
        sendAndCheck(RawSocket.frame(payload));
    }

    @Property(tries = TRIES)
    void jsonLikeTextInHonestFrames(@ForAll("jsonish") String text) throws Exception {
        sendAndCheck(RawSocket.frame(text));
    }

    @Property(tries = TRIES)
    void validFramesCutShort(@ForAll("truncated") byte[] cut) throws Exception {
        sendAndCheck(cut);
    }

    @Provide
    Arbitrary<String> jsonish() {
        return Arbitraries.strings().withChars(JSONISH.toCharArray()).ofMinLength(1).ofMaxLength(120);
    }

    @Provide
    Arbitrary<byte[]> truncated() {
        Arbitrary<Message> requests = Arbitraries.oneOf(
                Arbitraries.strings().alpha().ofMaxLength(40).map(arg -> new LoopAdmin("echo", arg)),
                Arbitraries.longs().between(0, Long.MAX_VALUE).map(turn -> new SessionUpdated(SessionId.of("chat-t"), turn)));
        return requests.map(Frames::encode)
                .flatMap(frame -> Arbitraries.integers().between(0, frame.length - 1)
                        .map(length -> Arrays.copyOf(frame, length)));
    }

    /**
     * Sends {@code bytes}, ends the writing (the client is gone), and checks that what came back is
     * nothing or one error frame, that the connection closed, and that the server still serves.
     */
    private static void sendAndCheck(byte[] bytes) throws Exception {
        try (RawSocket raw = RawSocket.open(running.socket())) {
            raw.write(bytes);
            raw.shutdownOutput();
            Received received = raw.receive(WAIT);

            assertThat(received.closed()).as("the connection closed").isTrue();
            if (!received.isEmpty()) {
                assertThat(received.message()).isInstanceOf(ErrorReply.class);
            }
        }
        Message reply = SocketClient.call(running.socket(), new LoopAdmin("echo", "alive"), WAIT, WAIT, "test-entry");
        assertThat(reply).isEqualTo(new LoopAdminReply("alive"));
        running.assertNothingUnhandled();
    }
}
