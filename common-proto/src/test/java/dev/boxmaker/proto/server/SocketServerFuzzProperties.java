package dev.boxmaker.proto.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

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
import dev.boxmaker.proto.testing.HostileFrames;
import dev.boxmaker.proto.testing.OddTexts;
import dev.boxmaker.proto.testing.Texts;
import dev.boxmaker.proto.testing.WireMessages;
import dev.boxmaker.proto.wire.msg.Ok;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Nothing a client sends can stop the server (wire.md): random bytes, random payloads in honest
 * frames, whole envelopes of every real kind with hostile values ({@link HostileFrames}), and valid
 * frames cut short each get an error frame, the served kind's reply, or a closed connection, and the
 * server answers a valid request right after. QuickTheories prints each property's seed; the README's
 * Tests section says how to replay it. 75 examples a property, 375 in all, keep it to seconds.
 */
class SocketServerFuzzProperties {
    private static final int EXAMPLES = 75;
    private static final Duration WAIT = Duration.ofSeconds(10);

    private static Path dir;
    private static RunningServer running;

    @BeforeAll
    static void start() throws IOException {
        dir = TempHomes.create("bx");
        // A short request wait, as a safety net: every try also ends its writing, so none waits on it.
        running = RunningServer.start(TestServers.socketIn(dir, "s.sock"), EchoHandlers.all(), Duration.ofSeconds(2));
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            running.close();
        } finally {
            TempHomes.delete(dir);
        }
    }

    @Test
    void randomBytes() {
        qt().withExamples(EXAMPLES).forAll(Texts.bytes(0, 64)).checkAssert(SocketServerFuzzProperties::sendAndCheck);
    }

    @Test
    void randomPayloadsInHonestFrames() {
        qt().withExamples(EXAMPLES).forAll(Texts.bytes(1, 256).map(RawSocket::frame))
                .checkAssert(SocketServerFuzzProperties::sendAndCheck);
    }

    @Test
    void hostileEnvelopesOfEveryKindInHonestFrames() {
        qt().withExamples(EXAMPLES).forAll(HostileFrames.payloads(WireMessages.messages()))
                .checkAssert(payload -> sendAndCheck(RawSocket.frame(payload)));
    }

    /** The served kinds, whole and well-formed but for hostile values: the handlers' own replies or refusals. */
    @Test
    void hostileServedRequestsInHonestFrames() {
        Gen<Message> served = Generate.oneOf(
                // The test handlers' commands but sleep, which would wait as long as a hostile arg says.
                Generate.oneOf(Generate.pick(List.of("echo", "size", "thread", "refuse", "fail", "overflow", "null")),
                        Texts.of("abcdefghijklmnopqrstuvwxyz_", 0, 12)).zip(OddTexts.any(), LoopAdmin::new),
                WireMessages.sessions().zip(Generate.longRange(0, Long.MAX_VALUE), SessionUpdated::new));
        qt().withExamples(EXAMPLES).forAll(HostileFrames.payloads(served))
                .checkAssert(payload -> sendAndCheck(RawSocket.frame(payload)));
    }

    @Test
    void validFramesCutShort() {
        qt().withExamples(EXAMPLES).forAll(truncated().describedAs(Texts::hex)).checkAssert(SocketServerFuzzProperties::sendAndCheck);
    }

    static Gen<byte[]> truncated() {
        Gen<Message> requests = Generate.oneOf(
                Texts.of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", 0, 40).map(arg -> new LoopAdmin("echo", arg)),
                Generate.longRange(0, Long.MAX_VALUE).map(turn -> new SessionUpdated(SessionId.of("chat-t"), turn)));
        return in -> {
            byte[] frame = Frames.encode(requests.generate(in));
            return Arrays.copyOf(frame, Generate.range(0, frame.length - 1).generate(in));
        };
    }

    /**
     * Sends {@code bytes}, ends the writing (the client is gone), and checks that what came back is
     * nothing or one error frame, that the connection closed, and that the server still serves.
     */
    private static void sendAndCheck(byte[] bytes) {
        try {
            try (RawSocket raw = RawSocket.open(running.socket())) {
                raw.write(bytes);
                raw.shutdownOutput();
                Received received = raw.receive(WAIT);

                assertThat(received.closed()).as("the connection closed").isTrue();
                if (!received.isEmpty()) {
                    assertThat(received.message()).isInstanceOfAny(ErrorReply.class, LoopAdminReply.class, Ok.class);
                }
            }
            Message reply = SocketClient.call(running.socket(), new LoopAdmin("echo", "alive"), WAIT, WAIT, "test-entry");
            assertThat(reply).isEqualTo(new LoopAdminReply("alive"));
            running.assertNothingUnhandled();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
