package dev.boxmaker.proto.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.testing.EchoHandlers;
import dev.boxmaker.proto.testing.RawSocket;
import dev.boxmaker.proto.testing.RawSocket.Received;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.testing.TestServers;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.Message;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The request deadline, the bound on connections, and many clients at once. */
class ServerLimitsTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String TIMED_OUT = "the request did not arrive within 10 seconds; the connection is closed";
    private static final int CLIENTS = 200;

    @TempDir
    Path dir;

    @Test
    void aConnectionThatSendsHalfAHeaderIsClosedAtTheDeadline() throws Exception {
        Duration deadline = Duration.ofMillis(300);
        try (RunningServer running = shortWait(deadline)) {
            // Taken before the connection, so the server's wait (from its accept) lies inside it.
            long started = System.nanoTime();
            try (RawSocket raw = RawSocket.open(running.socket())) {
                raw.write(new byte[] {0, 0});
                Received received = raw.receive(WAIT);

                assertThat(received.error()).isEqualTo(new ErrorReply(TIMED_OUT, null));
                assertThat(received.closed()).isTrue();
                // Not before the deadline; after it by at most 5 s, far above any load.
                assertThat(Duration.ofNanos(System.nanoTime() - started))
                        .isBetween(deadline, deadline.plusSeconds(5));
            }
        }
    }

    @Test
    void aConnectionThatSendsHalfABodyIsClosedAtTheDeadline() throws Exception {
        try (RunningServer running = shortWait(Duration.ofMillis(300));
                RawSocket raw = RawSocket.open(running.socket())) {
            byte[] frame = RawSocket.frame("{\"kind\":\"loop_admin\",\"body\":{\"command\":\"echo\",\"arg\":\"x\"}}");
            raw.write(Arrays.copyOf(frame, frame.length / 2));
            Received received = raw.receive(WAIT);

            assertThat(received.error()).isEqualTo(new ErrorReply(TIMED_OUT, null));
            assertThat(received.closed()).isTrue();
        }
    }

    @Test
    void theDeadlineCoversTheRequestNotTheHandler() throws Exception {
        try (RunningServer running = shortWait(Duration.ofMillis(300))) {
            Message reply = SocketClient.call(running.socket(), new LoopAdmin("sleep", "800"), WAIT, WAIT, "test-entry");

            assertThat(reply).isEqualTo(new LoopAdminReply("800"));
        }
    }

    @Test
    void pastTheConnectionBoundANewConnectionIsAnsweredBusy() throws Exception {
        // Every idle connection is answered at the deadline, so each one can be read in turn: the
        // one over the bound was answered busy at once, the others time out.
        List<RawSocket> idle = new ArrayList<>();
        try (RunningServer running = shortWait(Duration.ofSeconds(5))) {
            for (int i = 0; i < SocketServer.CONNECTIONS_MAX + 1; i++) {
                idle.add(RawSocket.open(running.socket()));
            }
            List<String> sentences = new ArrayList<>();
            for (RawSocket raw : idle) {
                sentences.add(raw.receive(WAIT).error().message());
            }

            assertThat(sentences).filteredOn(TIMED_OUT::equals).hasSize(SocketServer.CONNECTIONS_MAX);
            assertThat(sentences).filteredOn("the daemon is busy; try again in a moment"::equals).hasSize(1);
            assertThat(SocketClient.call(running.socket(), new LoopAdmin("echo", "free again"), WAIT, WAIT, "t"))
                    .isEqualTo(new LoopAdminReply("free again"));
        } finally {
            for (RawSocket raw : idle) {
                raw.close();
            }
        }
    }

    @Test
    void twoHundredConcurrentClientsEachGetTheirOwnAnswer() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try (RunningServer running = RunningServer.echo(dir)) {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Message>> replies = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                String mine = "client " + i + " " + "x".repeat(i);
                replies.add(clients.submit(() -> {
                    go.await();
                    return SocketClient.call(running.socket(), new LoopAdmin("echo", mine), WAIT, WAIT, "test-entry");
                }));
            }
            go.countDown();

            for (int i = 0; i < CLIENTS; i++) {
                assertThat(replies.get(i).get(30, TimeUnit.SECONDS))
                        .isEqualTo(new LoopAdminReply("client " + i + " " + "x".repeat(i)));
            }
        } finally {
            clients.shutdownNow();
        }
    }

    private RunningServer shortWait(Duration requestWait) {
        return RunningServer.start(TestServers.socketIn(dir, "s.sock"), EchoHandlers.all(), requestWait);
    }
}
