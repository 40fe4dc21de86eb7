package dev.boxmaker.proto.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.testing.TestServers;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import dev.boxmaker.proto.wire.msg.Message;
import io.vertx.core.Vertx;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The non-blocking client answers what the blocking one answers, a reply of many chunks whole, and
 * many calls at once without a thread each; its failures are {@link SocketClientTest}'s, run for
 * both clients.
 */
class AsyncSocketClientTest {
    private static final String RUNBOOK = "memory-unavailable";
    private static final Duration CONNECT = Duration.ofSeconds(2);
    private static final Duration REPLY = Duration.ofSeconds(2);
    /** Generous: the timeouts under test are 2 seconds or less. */
    private static final Duration BOUND = Duration.ofSeconds(10);

    @TempDir
    Path dir;
    private Vertx vertx;
    private AsyncSocketClient client;

    @BeforeEach
    void start() {
        vertx = TestServers.vertx();
        client = new AsyncSocketClient(vertx);
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        TestServers.close(vertx);
    }

    @Test
    void aReplyAndAnErrorReplyComeBack() throws Exception {
        try (RunningServer running = RunningServer.echo(dir)) {
            assertThat(call(running.socket(), new LoopAdmin("echo", "hi 😀"))).isEqualTo(new LoopAdminReply("hi 😀"));
            assertThat(call(running.socket(), new MemoryBlock()))
                    .isEqualTo(new ErrorReply("this socket does not serve \"memory_block\"", null));
        }
    }

    @Test
    void aReplyOfManyChunksComesBackWhole() throws Exception {
        String large = "x".repeat(3 * 1024 * 1024);
        try (RunningServer running = RunningServer.echo(dir)) {
            assertThat(client.call(running.socket(), new LoopAdmin("echo", large), CONNECT, BOUND, RUNBOOK)
                    .await().atMost(BOUND)).isEqualTo(new LoopAdminReply(large));
        }
    }

    @Test
    void manyCallsAtOnceHoldNoThreadWhileTheyWait() throws Exception {
        Path socket = TestServers.socketIn(dir, "slow.sock");
        try (ServerSocketChannel silent = SocketClientTest.listen(socket, 256)) {
            int before = Thread.activeCount();
            var calls = new ArrayList<java.util.concurrent.CompletableFuture<Message>>();
            for (int i = 0; i < 100; i++) {
                calls.add(client.call(socket, new LoopAdmin("echo", "x"), CONNECT, Duration.ofMillis(500), RUNBOOK)
                        .subscribeAsCompletionStage());
            }
            assertThat(Thread.activeCount() - before).isLessThan(100);
            for (var call : calls) {
                assertThat(catchThrowableOfType(Exception.class, call::join).getCause())
                        .isInstanceOf(ClientException.class).hasMessageStartingWith("no reply from " + socket);
            }
        }
    }

    private Message call(Path socket, Message request) {
        return client.call(socket, request, CONNECT, REPLY, RUNBOOK).await().atMost(BOUND);
    }

}
