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
import java.util.Map;
import java.util.TreeMap;
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
 * Tests section says how to replay it. 75 examples a property, 450 in all, keep it to seconds.
 */
class SocketServerFuzzProperties {
    private static final int EXAMPLES = 75;
    /** Shrink attempts a failure may take, a connection or two each. */
    private static final int SHRINKS = 1000;
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
        qt().withShrinkCycles(SHRINKS).withExamples(EXAMPLES).forAll(Texts.bytes(0, 64)).checkAssert(SocketServerFuzzProperties::sendAndCheck);
    }

    @Test
    void randomPayloadsInHonestFrames() {
        qt().withShrinkCycles(SHRINKS).withExamples(EXAMPLES).forAll(Texts.bytes(1, 256).map(RawSocket::frame))
                .checkAssert(SocketServerFuzzProperties::sendAndCheck);
    }

    @Test
    void hostileEnvelopesOfEveryKindInHonestFrames() {
        qt().withShrinkCycles(SHRINKS).withExamples(EXAMPLES).forAll(HostileFrames.payloads(WireMessages.messages()))
                .checkAssert(payload -> sendWhole(RawSocket.frame(payload)));
    }

    /** The served kinds, whole and well-formed but for hostile values: the handlers' own replies or refusals. */
    @Test
    void hostileServedRequestsInHonestFrames() {
        Gen<Message> served = Generate.oneOf(
                // The test handlers' commands but sleep, which would wait as long as a hostile arg says.
                Generate.oneOf(Generate.pick(List.of("echo", "size", "thread", "refuse", "fail", "overflow", "null")),
                        Texts.of("abcdefghijklmnopqrstuvwxyz_", 0, 12)).zip(OddTexts.any(), LoopAdmin::new),
                WireMessages.sessions().zip(Generate.longRange(0, Long.MAX_VALUE), SessionUpdated::new));
        Map<String, Integer> answers = new TreeMap<>();
        qt().withShrinkCycles(SHRINKS).withExamples(EXAMPLES * 2).forAll(HostileFrames.payloads(served))
                .checkAssert(payload -> answers.merge(sendWhole(RawSocket.frame(payload)), 1, Integer::sum));
        System.out.println("SocketServerFuzzProperties: answers to hostile served requests " + answers);
        // Guards the property against frames that never reach a handler.
        assertThat(answers).containsKeys(ErrorReply.KIND, LoopAdminReply.KIND, Ok.KIND);
    }

    @Test
    void validFramesCutShort() {
        qt().withShrinkCycles(SHRINKS).withExamples(EXAMPLES).forAll(truncated().describedAs(Texts::hex)).checkAssert(SocketServerFuzzProperties::sendAndCheck);
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
        send(bytes, true);
    }

    /**
     * Sends a whole frame and waits for the answer without ending the writing: a client that ends it
     * is gone, and the server does not answer a request it handled for nobody.
     */
    private static String sendWhole(byte[] frame) {
        return send(frame, false);
    }

    /** Sends {@code bytes} and checks what followed; the answer's kind, or "none". */
    private static String send(byte[] bytes, boolean endWriting) {
        try {
            String answer = "none";
            try (RawSocket raw = RawSocket.open(running.socket())) {
                raw.write(bytes);
                if (endWriting) {
                    raw.shutdownOutput();
                }
                Received received = raw.receive(WAIT);

                assertThat(received.closed()).as("the connection closed").isTrue();
                if (!received.isEmpty()) {
                    assertThat(received.message()).isInstanceOfAny(ErrorReply.class, LoopAdminReply.class, Ok.class);
                    answer = received.message().kind();
                }
            }
            Message reply = SocketClient.call(running.socket(), new LoopAdmin("echo", "alive"), WAIT, WAIT, "test-entry");
            assertThat(reply).isEqualTo(new LoopAdminReply("alive"));
            running.assertNothingUnhandled();
            return answer;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
