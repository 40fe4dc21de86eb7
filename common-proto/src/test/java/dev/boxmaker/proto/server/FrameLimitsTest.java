package dev.boxmaker.proto.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.testing.RawSocket;
import dev.boxmaker.proto.testing.RawSocket.Received;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.wire.Frames;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The frame's length at its bounds: 0, 1, the limit, one past it (wire.md, "Frames"). */
class FrameLimitsTest {
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

    @Test
    void aLengthOfZeroIsAnsweredEmptyFrame() throws Exception {
        Received received = RawSocket.send(running.socket(), RawSocket.header(0));

        assertThat(received.error()).isEqualTo(new ErrorReply("empty frame", null));
        assertThat(received.closed()).isTrue();
    }

    @Test
    void aOneBytePayloadPassesTheLengthCheckAndIsDecoded() throws Exception {
        Received received = RawSocket.send(running.socket(), RawSocket.frame("1"));

        assertThat(received.error().message()).isEqualTo("the frame is not an envelope: it must be one JSON object "
                + "with a string \"kind\" and an object \"body\"");
        assertThat(received.closed()).isTrue();
    }

    @Test
    void aRequestOfExactlyTheLimitIsServedEndToEnd() throws Exception {
        String head = "{\"kind\":\"loop_admin\",\"body\":{\"command\":\"size\",\"arg\":\"";
        String tail = "\"}}";
        int argChars = Frames.FRAME_BYTES_MAX - head.length() - tail.length();
        byte[] payload = new byte[Frames.FRAME_BYTES_MAX];
        byte[] headBytes = head.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(headBytes, 0, payload, 0, headBytes.length);
        Arrays.fill(payload, headBytes.length, headBytes.length + argChars, (byte) 'a');
        byte[] tailBytes = tail.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(tailBytes, 0, payload, payload.length - tailBytes.length, tailBytes.length);

        Received received = RawSocket.send(running.socket(), RawSocket.frame(payload));

        assertThat(received.message()).isEqualTo(new LoopAdminReply(Integer.toString(argChars)));
        assertThat(received.closed()).isTrue();
    }

    @Test
    void oneBytePastTheLimitIsRefusedAfterTheHeaderAlone() throws Exception {
        try (RawSocket raw = RawSocket.open(running.socket())) {
            // Only the 4-byte header goes out: the answer must come without the 16 MiB behind it.
            raw.write(RawSocket.header(Frames.FRAME_BYTES_MAX + 1L));
            Received received = raw.receive(Duration.ofSeconds(5));

            assertThat(received.error()).isEqualTo(
                    new ErrorReply("frame too large: 16,777,217 bytes; the limit is 16,777,216", null));
            assertThat(received.closed()).isTrue();
        }
    }

    @Test
    void aLengthPastTwoGibibytesIsNamedAsTheUnsignedNumberItIs() throws Exception {
        Received received = RawSocket.send(running.socket(), RawSocket.header(0xFFFF_FFFFL));

        assertThat(received.error().message())
                .isEqualTo("frame too large: 4,294,967,295 bytes; the limit is 16,777,216");
    }

    @Test
    void aHeaderCutShortByTheClientLeavingClosesQuietly() throws Exception {
        try (RawSocket raw = RawSocket.open(running.socket())) {
            raw.write(new byte[] {0, 0});
            raw.shutdownOutput();
            Received received = raw.receive(Duration.ofSeconds(5));

            assertThat(received.isEmpty()).isTrue();
            assertThat(received.closed()).isTrue();
        }
        // Regression: the parser hands over a short record at end-of-stream, which was once read
        // as a header and threw on the event loop.
        running.assertNothingUnhandled();
    }

    @Test
    void aBodyCutShortByTheClientLeavingClosesQuietly() throws Exception {
        try (RawSocket raw = RawSocket.open(running.socket())) {
            byte[] frame = RawSocket.frame("{\"kind\":\"loop_admin\",\"body\":{\"command\":\"echo\",\"arg\":\"x\"}}");
            raw.write(Arrays.copyOf(frame, frame.length - 1));
            raw.shutdownOutput();
            Received received = raw.receive(Duration.ofSeconds(5));

            assertThat(received.isEmpty()).isTrue();
            assertThat(received.closed()).isTrue();
        }
        running.assertNothingUnhandled();
    }

    @Test
    void bytesAfterTheFirstFrameAreNotRead() throws Exception {
        byte[] first = RawSocket.frame("{\"kind\":\"loop_admin\",\"body\":{\"command\":\"echo\",\"arg\":\"one\"}}");
        byte[] second = RawSocket.frame("{\"kind\":\"loop_admin\",\"body\":{\"command\":\"echo\",\"arg\":\"two\"}}");
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);

        Received received = RawSocket.send(running.socket(), both);

        assertThat(received.message()).isEqualTo(new LoopAdminReply("one"));
        assertThat(received.closed()).isTrue();
    }
}
