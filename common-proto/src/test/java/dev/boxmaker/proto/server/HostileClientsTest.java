package dev.boxmaker.proto.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.testing.RawSocket;
import dev.boxmaker.proto.testing.RawSocket.Received;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.wire.Frames;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients that announce more than they send, and clients that shut their output after the request:
 * what an outside attack found (issue 27, items 6 and 7).
 */
class HostileClientsTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    /** Enough announced frames at the limit to fill the shared pool, and one more. */
    private static final int ANNOUNCERS = (int) (SocketServer.BUFFERED_BYTES_MAX / Frames.FRAME_BYTES_MAX) + 1;

    @TempDir
    Path dir;

    @Test
    void connectionsThatOnlyAnnounceSixteenMebibytesLeaveTheSocketAnsweringEveryoneElse() throws Exception {
        List<RawSocket> announcers = new ArrayList<>();
        try (RunningServer running = RunningServer.echo(dir)) {
            for (int i = 0; i < ANNOUNCERS; i++) {
                RawSocket raw = RawSocket.open(running.socket());
                announcers.add(raw);
                raw.write(RawSocket.header(Frames.FRAME_BYTES_MAX));
            }
            // Every announcer is read by now: a frame on one more connection is read after them.
            for (int i = 0; i < 3; i++) {
                assertThat(SocketClient.call(running.socket(), new LoopAdmin("echo", "still here " + i), WAIT, WAIT, "t"))
                        .isEqualTo(new LoopAdminReply("still here " + i));
            }
            // A large request (past a connection's own bytes) is served too: the announcers hold nothing.
            String large = "x".repeat(4 * SocketServer.CONNECTION_OWN_BYTES);
            assertThat(SocketClient.call(running.socket(), new LoopAdmin("size", large), WAIT, WAIT, "t"))
                    .isEqualTo(new LoopAdminReply(Integer.toString(large.length())));
        } finally {
            for (RawSocket raw : announcers) {
                raw.close();
            }
        }
    }

    @Test
    void aClientThatShutsItsOutputAfterItsRequestStillGetsTheWholeAnswer() throws Exception {
        try (RunningServer running = RunningServer.echo(dir)) {
            for (String command : List.of("echo", "sleep")) {
                try (RawSocket raw = RawSocket.open(running.socket())) {
                    String arg = command.equals("sleep") ? "300" : "half-closed";
                    raw.write(RawSocket.frame("{\"kind\":\"loop_admin\",\"body\":{\"command\":\"" + command
                            + "\",\"arg\":\"" + arg + "\"}}"));
                    raw.shutdownOutput();
                    Received received = raw.receive(WAIT);

                    assertThat(received.message()).isEqualTo(new LoopAdminReply(arg));
                    assertThat(received.closed()).isTrue();
                }
            }
            running.assertNothingUnhandled();
        }
    }
}
