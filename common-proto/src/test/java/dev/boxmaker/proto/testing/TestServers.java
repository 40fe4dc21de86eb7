package dev.boxmaker.proto.testing;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** What a test needs to run a {@code SocketServer}: a Vert.x with the native transport, short paths. */
public final class TestServers {
    /** The longest path a Unix socket address holds (sun_path, with its terminating NUL). */
    public static final int SOCKET_PATH_BYTES_MAX = 107;

    private static final int VERTX_CLOSE_SECONDS = 10;

    private TestServers() {
    }

    /** A Vert.x that uses epoll, as every daemon's does. */
    public static Vertx vertx() {
        return Vertx.vertx(new VertxOptions().setPreferNativeTransport(true));
    }

    /** Closes a test's Vert.x, waiting a bounded time. */
    public static void close(Vertx vertx) throws Exception {
        if (vertx != null) {
            vertx.close().toCompletionStage().toCompletableFuture().get(VERTX_CLOSE_SECONDS, TimeUnit.SECONDS);
        }
    }

    /** {@code dir/name}, checked to fit a socket address so a long temp dir fails clearly, not oddly. */
    public static Path socketIn(Path dir, String name) {
        Path socket = dir.resolve(name).toAbsolutePath();
        if (socket.toString().getBytes(StandardCharsets.UTF_8).length > SOCKET_PATH_BYTES_MAX) {
            throw new IllegalStateException("the socket path is too long for a Unix socket: " + socket);
        }
        return socket;
    }
}
