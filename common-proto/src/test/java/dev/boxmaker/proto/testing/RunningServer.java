package dev.boxmaker.proto.testing;

import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.SocketServer;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** A started {@code SocketServer} on its own Vert.x, for one test; closing stops both. */
public final class RunningServer implements AutoCloseable {
    private final Vertx vertx;
    private final SocketServer server;
    private final List<Throwable> unhandled;

    private RunningServer(Vertx vertx, SocketServer server, List<Throwable> unhandled) {
        this.vertx = vertx;
        this.server = server;
        this.unhandled = unhandled;
    }

    /** {@link EchoHandlers} at {@code dir/s.sock}, with the normal request wait. */
    public static RunningServer echo(Path dir) {
        return start(TestServers.socketIn(dir, "s.sock"), EchoHandlers.all(),
                Duration.ofSeconds(SocketServer.REQUEST_WAIT_SECONDS));
    }

    public static RunningServer start(Path socket, Map<String, ? extends Handler<?>> handlers, Duration requestWait) {
        Vertx vertx = TestServers.vertx();
        // An exception that escapes to Vert.x is a server bug even when the client saw nothing wrong.
        List<Throwable> unhandled = new CopyOnWriteArrayList<>();
        vertx.exceptionHandler(unhandled::add);
        try {
            SocketServer server = new SocketServer(vertx, socket, "test", handlers, requestWait);
            server.start();
            return new RunningServer(vertx, server, unhandled);
        } catch (RuntimeException e) {
            vertx.close();
            throw e;
        }
    }

    public Path socket() {
        return server.socket();
    }

    public SocketServer server() {
        return server;
    }

    public Vertx vertx() {
        return vertx;
    }

    /** Fails when an exception escaped to Vert.x's event loop since the last check. */
    public void assertNothingUnhandled() {
        List<Throwable> escaped = List.copyOf(unhandled);
        unhandled.removeAll(escaped);
        if (!escaped.isEmpty()) {
            AssertionError error = new AssertionError(escaped.size() + " exceptions escaped to Vert.x");
            escaped.forEach(error::addSuppressed);
            throw error;
        }
    }

    /** Stops the server and its Vert.x, then fails if any exception escaped to Vert.x meanwhile. */
    @Override
    public void close() throws Exception {
        try {
            server.close();
        } finally {
            TestServers.close(vertx);
        }
        assertNothingUnhandled();
    }
}
