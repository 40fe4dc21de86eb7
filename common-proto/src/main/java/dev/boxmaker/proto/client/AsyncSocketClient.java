package dev.boxmaker.proto.client;

import dev.boxmaker.proto.Sentences;
import dev.boxmaker.proto.client.ClientException.Reason;
import dev.boxmaker.proto.wire.Codec;
import dev.boxmaker.proto.wire.msg.Message;
import io.netty.channel.unix.Errors;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.SocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The non-blocking client of wire.md, for a daemon calling another from its own sockets' work: the
 * same exchange as {@link SocketClient} (connect, write one frame, read one frame, close), the same
 * frame limit and the same failures with the same sentences, but on Vert.x's event loop over the
 * Unix socket, answering a {@link Uni}. While the other daemon works, no thread of the caller waits.
 *
 * <p>The reply is decoded on the event loop: replies between daemons are small (a tool's answer), and
 * a frame is at most {@code FRAME_BYTES_MAX}. Whoever continues from the {@code Uni} with blocking work
 * (a file, an fsync) moves to a worker first ({@code emitOn}).
 *
 * <p>A full backlog: a non-blocking connect to a Unix socket fails at once with {@code EAGAIN} where a
 * blocking one waits; this client tries again every {@link #CONNECT_RETRY_MILLIS} until its connect
 * wait ends, so the wait means what it means in {@link SocketClient}.
 */
public final class AsyncSocketClient implements AutoCloseable {
    /** How often a connect refused for a full backlog is tried again within its wait. */
    public static final long CONNECT_RETRY_MILLIS = 10;
    /** Linux's {@code EAGAIN}: a Unix socket's backlog is full. */
    private static final int EAGAIN = 11;
    /** Linux's {@code EACCES}. */
    private static final int EACCES = 13;

    private static final Pattern NETTY_ERRNO = Pattern.compile("^connect\\(\\.\\.\\) failed with error\\(-(\\d{1,4})\\)");

    private final Vertx vertx;
    private final NetClient client;
    private final Codec codec;

    /** A client on {@code vertx} (which the caller owns and closes after this), framing with the tree codec. */
    public AsyncSocketClient(Vertx vertx) {
        this(vertx, Codec.TREE);
    }

    public AsyncSocketClient(Vertx vertx, Codec codec) {
        this.vertx = Objects.requireNonNull(vertx, "vertx");
        this.codec = Objects.requireNonNull(codec, "codec");
        this.client = vertx.createNetClient(new NetClientOptions());
    }

    /** {@link #call(Path, Message, Duration, Duration, String)} with wire.md's waits for the kind. */
    public Uni<Message> call(Path socket, Message request, String runbook) {
        return call(socket, request, Wait.connect(), Wait.reply(request.kind()), runbook);
    }

    /**
     * Sends {@code request} and answers the reply, an {@code ErrorReply} included, or fails with a
     * {@link ClientException} whose message is the sentence to show. Nothing happens until the
     * {@code Uni} is subscribed; cancelling it closes the connection.
     *
     * @throws dev.boxmaker.proto.wire.WireException (from the subscription) when the request itself is
     *                                               too large to frame, a caller's bug
     */
    public Uni<Message> call(Path socket, Message request, Duration connectTimeout, Duration replyTimeout,
            String runbook) {
        Objects.requireNonNull(runbook, "runbook");
        return Uni.createFrom().<Message>emitter(emitter -> {
            byte[] frame = codec.encode(request);
            AsyncExchange exchange = new AsyncExchange(vertx, socket, frame, replyTimeout, runbook, codec, emitter);
            emitter.onTermination(exchange::close);
            long deadline = System.nanoTime() + connectTimeout.toNanos();
            connect(exchange, socket, connectTimeout, deadline, runbook);
        });
    }

    private void connect(AsyncExchange exchange, Path socket, Duration connectTimeout, long deadline, String runbook) {
        if (exchange.isDone()) {
            return;
        }
        client.connect(SocketAddress.domainSocketAddress(socket.toString())).onComplete(result -> {
            if (result.succeeded()) {
                exchange.connected(result.result());
                return;
            }
            Throwable cause = result.cause();
            int errno = errno(cause);
            if (errno == EAGAIN) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    exchange.fail(new ClientException(Reason.CONNECT_TIMED_OUT, socket,
                            Sentences.connectTimedOut(socket, connectTimeout.toMillis(), runbook), cause));
                    return;
                }
                vertx.setTimer(Math.max(1, Math.min(CONNECT_RETRY_MILLIS, left / 1_000_000)),
                        id -> connect(exchange, socket, connectTimeout, deadline, runbook));
                return;
            }
            if (errno == EACCES || (errno == 0 && notPermitted(socket))) {
                exchange.fail(new ClientException(Reason.NOT_PERMITTED, socket, Sentences.notPermitted(socket, runbook), cause));
                return;
            }
            // No file, or a file nobody listens on (refused): both mean no daemon is there.
            exchange.fail(new ClientException(Reason.NO_DAEMON, socket, Sentences.noDaemon(socket, runbook), cause));
        });
    }

    /**
     * The C library's error number behind a failed connect, or 0. Netty's connect failure is a class
     * of its own that is not public, wrapped once more; its number is in the text Netty writes itself,
     * {@code "connect(..) failed with error(-11): ..."} (the C library's own words follow it, and are
     * not read).
     */
    private static int errno(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof Errors.NativeIoException io) {
                return -io.expectedErr();
            }
            Matcher m = t.getMessage() == null ? null : NETTY_ERRNO.matcher(t.getMessage());
            if (m != null && m.find()) {
                return Integer.parseInt(m.group(1));
            }
        }
        return 0;
    }

    /** As {@link SocketClient}'s: asked of the file system, on a failure only. */
    private static boolean notPermitted(Path socket) {
        return !Files.notExists(socket) && !Files.isWritable(socket);
    }

    /** Closes the client's connection pool; calls in flight end as lost connections. */
    @Override
    public void close() {
        client.close();
    }
}
