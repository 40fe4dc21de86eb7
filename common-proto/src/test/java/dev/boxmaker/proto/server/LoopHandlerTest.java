package dev.boxmaker.proto.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.testing.TestServers;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.Message;
import io.vertx.core.Context;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@link LoopHandler} answers the requests it takes on the connection's event loop, without a worker;
 * those it declines, and a request over {@link SocketServer#LOOP_REQUEST_BYTES_MAX}, on the worker pool.
 * Each reply says where its handler ran.
 */
class LoopHandlerTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path dir;
    private RunningServer running;

    @BeforeEach
    void start() throws Exception {
        LoopHandler<LoopAdmin> handler = new LoopHandler<>() {
            @Override
            public boolean onLoop(LoopAdmin request) {
                return !request.command().equals("worker");
            }

            @Override
            public CompletableFuture<Message> handleAsync(LoopAdmin request) {
                String where = Context.isOnEventLoopThread() ? "event loop" : Thread.currentThread().getName();
                return CompletableFuture.completedFuture(new LoopAdminReply(where));
            }
        };
        running = RunningServer.start(TestServers.socketIn(dir, "s.sock"), Map.of(LoopAdmin.KIND, handler), WAIT);
    }

    @AfterEach
    void stop() throws Exception {
        running.close();
    }

    @Test
    void aRequestTheHandlerTakesIsAnsweredOnTheEventLoop() throws Exception {
        assertThat(call("loop", "")).isEqualTo(new LoopAdminReply("event loop"));
    }

    @Test
    void aRequestTheHandlerDeclinesRunsOnTheWorkerPool() throws Exception {
        assertThat(((LoopAdminReply) call("worker", "")).text()).startsWith("bx-");
    }

    @Test
    void aRequestOverTheLoopLimitRunsOnTheWorkerPool() throws Exception {
        assertThat(((LoopAdminReply) call("loop", "x".repeat(SocketServer.LOOP_REQUEST_BYTES_MAX))).text()).startsWith("bx-");
        assertThat(call("loop", "x".repeat(SocketServer.LOOP_REQUEST_BYTES_MAX - 200))).isEqualTo(new LoopAdminReply("event loop"));
    }

    private Message call(String command, String arg) throws Exception {
        return SocketClient.call(running.socket(), new LoopAdmin(command, arg), WAIT, WAIT, "test-entry");
    }
}
