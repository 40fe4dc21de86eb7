package dev.boxmaker.proto.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.boxmaker.proto.client.ClientException.Reason;
import dev.boxmaker.proto.testing.RawSocket;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.testing.TestServers;
import dev.boxmaker.proto.wire.Codec;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import io.vertx.core.Vertx;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every way a call can fail, each with its exact sentence, for the blocking client and the
 * non-blocking one ({@link AsyncSocketClient}) alike, and the ways it succeeds.
 */
class SocketClientTest {
    private static final String RUNBOOK = "memory-unavailable";
    /** The timeouts of calls whose test is not about them: no loaded machine reaches these. */
    private static final Duration CONNECT = Duration.ofSeconds(10);
    private static final Duration REPLY = Duration.ofSeconds(30);
    /** The reply timeout under test. */
    private static final Duration REPLY_TIMEOUT = Duration.ofSeconds(2);
    /** The connect timeout under test. */
    private static final Duration CONNECT_TIMEOUT = Duration.ofMillis(300);
    /**
     * How long a test waits for its server thread, and how late past a timeout under test a call may
     * give up: far above any load. The tests' point is the other side, that a call never gives up early.
     */
    private static final Duration BOUND = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(Client.class)
    void noSocketFileMeansNothingAnswers(Client client) {
        Path socket = TestServers.socketIn(dir, "none.sock");

        ClientException e = fail(client, socket, CONNECT, REPLY);

        assertThat(e.reason()).isEqualTo(Reason.NO_DAEMON);
        assertThat(e).hasMessage("nothing answers on " + socket + " (is the daemon running?); see runbook memory-unavailable");
    }

    @ParameterizedTest
    @EnumSource(Client.class)
    void aSocketNobodyListensOnMeansNothingAnswers(Client client) throws Exception {
        Path socket = TestServers.socketIn(dir, "stale.sock");
        try (ServerSocketChannel gone = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            gone.bind(UnixDomainSocketAddress.of(socket));
        }

        ClientException e = fail(client, socket, CONNECT, REPLY);

        assertThat(e.reason()).isEqualTo(Reason.NO_DAEMON);
        assertThat(e).hasMessage("nothing answers on " + socket + " (is the daemon running?); see runbook memory-unavailable");
    }

    @ParameterizedTest
    @EnumSource(Client.class)
    void aServerThatNeverAnswersTimesOutAtTheReplyTimeout(Client client) throws Exception {
        Path socket = TestServers.socketIn(dir, "silent.sock");
        try (ServerSocketChannel silent = listen(socket, 8)) {
            long started = System.nanoTime();
            ClientException e = fail(client, socket, CONNECT, REPLY_TIMEOUT);

            assertThat(e.reason()).isEqualTo(Reason.NO_REPLY);
            assertThat(e).hasMessage("no reply from " + socket + " within 2 seconds; see runbook memory-unavailable");
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isBetween(REPLY_TIMEOUT, REPLY_TIMEOUT.plus(BOUND));
        }
    }

    @ParameterizedTest
    @EnumSource(Client.class)
    void aFullBacklogTimesOutTheConnectAtTheConnectTimeout(Client client) throws Exception {
        Path socket = TestServers.socketIn(dir, "full.sock");
        List<SocketChannel> queued = new ArrayList<>();
        try (ServerSocketChannel never = listen(socket, 1)) {
            // Linux queues backlog + 1 connections; the next connect waits for room that never comes.
            fillBacklog(socket, queued);
            long started = System.nanoTime();
            ClientException e = fail(client, socket, CONNECT_TIMEOUT, REPLY);

            assertThat(e.reason()).isEqualTo(Reason.CONNECT_TIMED_OUT);
            assertThat(e).hasMessage("could not connect to " + socket + " within 300 ms; see runbook memory-unavailable");
            assertThat(Duration.ofNanos(System.nanoTime() - started))
                    .isBetween(CONNECT_TIMEOUT, CONNECT_TIMEOUT.plus(BOUND));
        } finally {
            for (SocketChannel channel : queued) {
                channel.close();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Client.class)
    void aServerThatClosesEarlyLosesTheConnection(Client client) throws Exception {
        Path socket = TestServers.socketIn(dir, "rude.sock");
        try (ServerSocketChannel rude = listen(socket, 8)) {
            Thread server = serveOnce(rude, null);

            ClientException e = fail(client, socket, CONNECT, REPLY);
            server.join(BOUND.toMillis());

            assertThat(e.reason()).isEqualTo(Reason.CONNECTION_LOST);
            assertThat(e).hasMessage("the connection to " + socket + " closed before a reply came; see runbook memory-unavailable");
        }
    }

    @ParameterizedTest
    @EnumSource(Client.class)
    void aReplyThatIsNotJsonIsABadReply(Client client) throws Exception {
        Path socket = TestServers.socketIn(dir, "garbled.sock");
        try (ServerSocketChannel garbled = listen(socket, 8)) {
            Thread server = serveOnce(garbled, RawSocket.frame("<html>"));

            ClientException e = fail(client, socket, CONNECT, REPLY);
            server.join(BOUND.toMillis());

            assertThat(e.reason()).isEqualTo(Reason.BAD_REPLY);
            assertThat(e).hasMessage("the reply from " + socket
                    + " could not be read (the frame is not valid JSON); see runbook memory-unavailable");
        }
    }

    @ParameterizedTest
    @EnumSource(Client.class)
    void aReplyLongerThanTheLimitIsABadReplyAndIsNotRead(Client client) throws Exception {
        Path socket = TestServers.socketIn(dir, "huge.sock");
        try (ServerSocketChannel huge = listen(socket, 8)) {
            Thread server = serveOnce(huge, RawSocket.header(0x7FFF_FFFFL));

            ClientException e = fail(client, socket, CONNECT, REPLY);
            server.join(BOUND.toMillis());

            assertThat(e.reason()).isEqualTo(Reason.BAD_REPLY);
            assertThat(e).hasMessage("the reply from " + socket + " could not be read (frame too large: 2,147,483,647 "
                    + "bytes; the limit is 16,777,216); see runbook memory-unavailable");
        }
    }

    @Test
    void anErrorReplyIsReturnedForTheCallerToJudge() throws Exception {
        try (RunningServer running = RunningServer.echo(dir)) {
            assertThat(SocketClient.call(running.socket(), new MemoryBlock(), CONNECT, REPLY, RUNBOOK))
                    .isEqualTo(new ErrorReply("this socket does not serve \"memory_block\"", null));
        }
    }

    @Test
    void aReplyComesBackWithWireWaitsForTheKind() throws Exception {
        try (RunningServer running = RunningServer.echo(dir)) {
            assertThat(SocketClient.call(running.socket(), new LoopAdmin("echo", "hi"), RUNBOOK))
                    .isEqualTo(new LoopAdminReply("hi"));
        }
    }

    @Test
    void theLightCodecSendsAndReadsWhatTheTreeCodecDoes() throws Exception {
        try (RunningServer running = RunningServer.echo(dir)) {
            assertThat(SocketClient.call(running.socket(), new LoopAdmin("echo", "hi 😀"), CONNECT, REPLY, RUNBOOK,
                    Codec.LIGHT)).isEqualTo(new LoopAdminReply("hi 😀"));
            assertThat(SocketClient.call(running.socket(), new MemoryBlock(), CONNECT, REPLY, RUNBOOK, Codec.LIGHT))
                    .isEqualTo(new ErrorReply("this socket does not serve \"memory_block\"", null));
        }
    }

    @Test
    void aBadReplyReadByTheLightCodecHasTheSameSentence() throws Exception {
        Path socket = TestServers.socketIn(dir, "odd.sock");
        try (ServerSocketChannel odd = listen(socket, 8)) {
            Thread server = serveOnce(odd, RawSocket.frame("{\"kind\":\"loop_admin_reply\",\"body\":{\"text\":7}}"));

            ClientException e = catchThrowableOfType(ClientException.class, () -> SocketClient.call(socket,
                    new LoopAdmin("echo", "x"), CONNECT, REPLY, RUNBOOK, Codec.LIGHT));
            server.join(BOUND.toMillis());

            assertThat(e.reason()).isEqualTo(Reason.BAD_REPLY);
            assertThat(e).hasMessage("the reply from " + socket + " could not be read (the body of loop_admin_reply "
                    + "is not valid: \"text\" has the wrong type or value); see runbook memory-unavailable");
        }
    }

    /** The blocking client, and the non-blocking one, which must fail the same ways with the same sentences. */
    enum Client { BLOCKING, NON_BLOCKING }

    private static Vertx vertx;
    private static AsyncSocketClient async;

    @BeforeAll
    static void startVertx() {
        vertx = TestServers.vertx();
        async = new AsyncSocketClient(vertx);
    }

    @AfterAll
    static void stopVertx() throws Exception {
        async.close();
        TestServers.close(vertx);
    }

    /** The call's failure; Mutiny's blocking wait wraps the non-blocking client's, being checked. */
    static ClientException fail(Client client, Path socket, Duration connect, Duration reply) {
        if (client == Client.BLOCKING) {
            return catchThrowableOfType(ClientException.class,
                    () -> SocketClient.call(socket, new LoopAdmin("echo", "x"), connect, reply, RUNBOOK));
        }
        Throwable failure = catchThrowableOfType(RuntimeException.class,
                () -> async.call(socket, new LoopAdmin("echo", "x"), connect, reply, RUNBOOK).await().atMost(BOUND));
        assertThat(failure.getCause()).isInstanceOf(ClientException.class);
        return (ClientException) failure.getCause();
    }

    static ServerSocketChannel listen(Path socket, int backlog) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket), backlog);
        return server;
    }

    static void fillBacklog(Path socket, List<SocketChannel> queued) throws IOException {
        while (true) {
            SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
            channel.configureBlocking(false);
            try {
                channel.connect(UnixDomainSocketAddress.of(socket));
                queued.add(channel);
            } catch (IOException full) {
                channel.close();
                return;
            }
        }
    }

    /**
     * Accepts one connection, reads the request frame as a server does, writes {@code reply} (or
     * nothing), and closes it. Read first: a server that closes with a request unread resets the
     * connection, and whether its reply is still read then is the kernel's race, not the client's.
     */
    static Thread serveOnce(ServerSocketChannel server, byte[] reply) {
        Thread thread = new Thread(() -> {
            try (SocketChannel connection = server.accept()) {
                ByteBuffer header = ByteBuffer.allocate(4);
                while (header.hasRemaining() && connection.read(header) >= 0) {
                    // the length prefix
                }
                ByteBuffer request = ByteBuffer.allocate(header.flip().getInt());
                while (request.hasRemaining() && connection.read(request) >= 0) {
                    // the request's bytes
                }
                if (reply != null) {
                    connection.write(ByteBuffer.wrap(reply));
                }
            } catch (IOException ignored) {
                // The test's assertions are on the client's side.
            }
        }, "test-server");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}
