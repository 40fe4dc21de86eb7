package dev.boxmaker.proto.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.boxmaker.proto.client.ClientException.Reason;
import dev.boxmaker.proto.testing.RawSocket;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.testing.TestServers;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import dev.boxmaker.proto.wire.msg.Message;
import io.vertx.core.Vertx;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The non-blocking client fails every way the blocking one does, with the same sentences
 * ({@link SocketClientTest}), and answers what it answers.
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
    void noSocketFileMeansNothingAnswers() {
        Path socket = TestServers.socketIn(dir, "none.sock");

        ClientException e = fail(socket, CONNECT, REPLY);

        assertThat(e.reason()).isEqualTo(Reason.NO_DAEMON);
        assertThat(e).hasMessage("nothing answers on " + socket + " (is the daemon running?); see runbook memory-unavailable");
    }

    @Test
    void aSocketNobodyListensOnMeansNothingAnswers() throws Exception {
        Path socket = TestServers.socketIn(dir, "stale.sock");
        try (ServerSocketChannel gone = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            gone.bind(UnixDomainSocketAddress.of(socket));
        }

        ClientException e = fail(socket, CONNECT, REPLY);

        assertThat(e.reason()).isEqualTo(Reason.NO_DAEMON);
        assertThat(e).hasMessage("nothing answers on " + socket + " (is the daemon running?); see runbook memory-unavailable");
    }

    @Test
    void aServerThatNeverAnswersTimesOut() throws Exception {
        Path socket = TestServers.socketIn(dir, "silent.sock");
        try (ServerSocketChannel silent = SocketClientTest.listen(socket, 8)) {
            ClientException e = fail(socket, CONNECT, REPLY);

            assertThat(e.reason()).isEqualTo(Reason.NO_REPLY);
            assertThat(e).hasMessage("no reply from " + socket + " within 2 seconds; see runbook memory-unavailable");
        }
    }

    @Test
    void aFullBacklogTimesOutTheConnect() throws Exception {
        Path socket = TestServers.socketIn(dir, "full.sock");
        List<SocketChannel> queued = new ArrayList<>();
        try (ServerSocketChannel never = SocketClientTest.listen(socket, 1)) {
            SocketClientTest.fillBacklog(socket, queued);
            ClientException e = fail(socket, Duration.ofMillis(300), REPLY);

            assertThat(e.reason()).isEqualTo(Reason.CONNECT_TIMED_OUT);
            assertThat(e).hasMessage("could not connect to " + socket + " within 300 ms; see runbook memory-unavailable");
        } finally {
            for (SocketChannel channel : queued) {
                channel.close();
            }
        }
    }

    @Test
    void aServerThatClosesEarlyLosesTheConnection() throws Exception {
        Path socket = TestServers.socketIn(dir, "rude.sock");
        try (ServerSocketChannel rude = SocketClientTest.listen(socket, 8)) {
            Thread server = SocketClientTest.serveOnce(rude, null);

            ClientException e = fail(socket, CONNECT, REPLY);
            server.join(BOUND.toMillis());

            assertThat(e.reason()).isEqualTo(Reason.CONNECTION_LOST);
            assertThat(e).hasMessage("the connection to " + socket + " closed before a reply came; see runbook memory-unavailable");
        }
    }

    @Test
    void aReplyThatIsNotJsonIsABadReply() throws Exception {
        Path socket = TestServers.socketIn(dir, "garbled.sock");
        try (ServerSocketChannel garbled = SocketClientTest.listen(socket, 8)) {
            Thread server = SocketClientTest.serveOnce(garbled, RawSocket.frame("<html>"));

            ClientException e = fail(socket, CONNECT, REPLY);
            server.join(BOUND.toMillis());

            assertThat(e.reason()).isEqualTo(Reason.BAD_REPLY);
            assertThat(e).hasMessage("the reply from " + socket
                    + " could not be read (the frame is not valid JSON); see runbook memory-unavailable");
        }
    }

    @Test
    void aReplyLongerThanTheLimitIsABadReplyAndIsNotRead() throws Exception {
        Path socket = TestServers.socketIn(dir, "huge.sock");
        try (ServerSocketChannel huge = SocketClientTest.listen(socket, 8)) {
            Thread server = SocketClientTest.serveOnce(huge, RawSocket.header(0x7FFF_FFFFL));

            ClientException e = fail(socket, CONNECT, REPLY);
            server.join(BOUND.toMillis());

            assertThat(e.reason()).isEqualTo(Reason.BAD_REPLY);
            assertThat(e).hasMessage("the reply from " + socket + " could not be read (frame too large: 2,147,483,647 "
                    + "bytes; the limit is 16,777,216); see runbook memory-unavailable");
        }
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

    /** The call's failure, which Mutiny's blocking await wraps, being checked. */
    private ClientException fail(Path socket, Duration connect, Duration reply) {
        Throwable failure = catchThrowableOfType(RuntimeException.class,
                () -> client.call(socket, new LoopAdmin("echo", "x"), connect, reply, RUNBOOK).await().atMost(BOUND));
        assertThat(failure.getCause()).isInstanceOf(ClientException.class);
        return (ClientException) failure.getCause();
    }
}
