package dev.boxmaker.loopd.sockets;

import dev.boxmaker.loopd.sentences.Sentences;
import dev.boxmaker.loopd.turn.Turns;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.SocketServer;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopStats;
import dev.boxmaker.proto.wire.msg.Turn;
import io.vertx.core.Vertx;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * loopd's one socket (wire.md): {@code turn}, {@code loop_admin} and {@code loop_stats}. Its requests are held to
 * {@link TurnHandler#TURN_FRAME_BYTES_MAX}: a larger frame is refused as a turn too long at its
 * length prefix, so a few 16 MiB frames at once cannot run loopd's heap out while they are decoded.
 */
public final class LoopdSockets implements AutoCloseable {
    private final SocketServer server;

    private LoopdSockets(SocketServer server) {
        this.server = server;
    }

    public static LoopdSockets start(Vertx vertx, Path socket, Path home, Turns turns) {
        return start(vertx, socket, home, turns, Optional.empty());
    }

    /** The socket, with {@code modelUrl} (the configured model, if any) in {@code loop_stats}. */
    public static LoopdSockets start(Vertx vertx, Path socket, Path home, Turns turns, Optional<URI> modelUrl) {
        Map<String, Handler<?>> handlers = Map.of(Turn.KIND, new TurnHandler(turns),
                LoopAdmin.KIND, new LoopAdminHandler(home), LoopStats.KIND, new LoopStatsHandler(turns, modelUrl));
        SocketServer server = new SocketServer(vertx, socket, "loopd turn", handlers,
                Duration.ofSeconds(SocketServer.REQUEST_WAIT_SECONDS), TurnHandler.TURN_FRAME_BYTES_MAX,
                Sentences.TURN_TEXT_TOO_LONG);
        server.start();
        return new LoopdSockets(server);
    }

    @Override
    public void close() {
        server.close();
    }
}
