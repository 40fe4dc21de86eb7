package dev.boxmaker.proto.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.testing.LogLines;
import dev.boxmaker.proto.testing.RawSocket;
import dev.boxmaker.proto.testing.RawSocket.Received;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.testing.TestServers;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.Message;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An {@link AsyncHandler} hears when its client left before the answer, so its work can stop; a
 * client that only shut its output has not left, and gets the answer.
 */
class ClientGoneTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final byte[] REQUEST = RawSocket.frame("{\"kind\":\"loop_admin\",\"body\":{\"command\":\"wait\",\"arg\":\"x\"}}");

    private final LinkedBlockingQueue<CompletableFuture<Message>> started = new LinkedBlockingQueue<>();
    private final LinkedBlockingQueue<CompletionStage<Message>> gone = new LinkedBlockingQueue<>();
    private final List<CompletableFuture<Message>> all = new CopyOnWriteArrayList<>();
    @TempDir
    Path dir;
    private RunningServer running;

    @BeforeEach
    void start() {
        AsyncHandler<LoopAdmin> handler = new AsyncHandler<>() {
            @Override
            public CompletionStage<Message> handleAsync(LoopAdmin request) {
                CompletableFuture<Message> later = new CompletableFuture<>();
                started.add(later);
                all.add(later);
                return later;
            }

            @Override
            public void clientGone(CompletionStage<Message> stage) {
                gone.add(stage);
            }
        };
        running = RunningServer.start(TestServers.socketIn(dir, "s.sock"), Map.of(LoopAdmin.KIND, handler), WAIT);
    }

    @AfterEach
    void stop() throws Exception {
        for (CompletableFuture<Message> stage : all) {
            stage.complete(new LoopAdminReply("late"));
        }
        running.close();
    }

    @Test
    void aClientThatClosesBeforeItsAnswerIsToldToTheHandlerWithItsStage() throws Exception {
        CompletableFuture<Message> stage;
        try (RawSocket raw = RawSocket.open(running.socket())) {
            raw.write(REQUEST);
            stage = started.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(stage).isNotNull();
        }

        assertThat(gone.poll(WAIT.toSeconds(), TimeUnit.SECONDS)).isSameAs(stage);
    }

    @Test
    void aClientThatOnlyShutItsOutputIsNotGoneAndGetsTheAnswer() throws Exception {
        try (LogLines logged = LogLines.of(Exchange.class.getName(), Level.FINE);
                RawSocket raw = RawSocket.open(running.socket())) {
            raw.write(REQUEST);
            raw.shutdownOutput();
            CompletableFuture<Message> stage = started.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(stage).isNotNull();
            // The server has dealt with the end-of-stream, which it must not take for a leaving.
            String ended = "the client on " + running.socket() + " ended its input";
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (!logged.lines().contains(ended)) {
                assertThat(System.nanoTime()).as("the end of input seen within %s", WAIT).isLessThan(deadline);
                Thread.sleep(10);
            }
            stage.complete(new LoopAdminReply("answered"));
            Received received = raw.receive(WAIT);

            assertThat(received.message()).isEqualTo(new LoopAdminReply("answered"));
        }
        assertThat(gone).isEmpty();
    }
}
