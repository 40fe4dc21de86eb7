package dev.boxmaker.brokerd.sockets;

import dev.boxmaker.brokerd.config.BrokerdSettings;
import dev.boxmaker.brokerd.decide.Broker;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.SocketServer;
import dev.boxmaker.proto.server.SocketsInUse;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.BrokerStats;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** brokerd's three sockets (wire.md) and which kind each serves. */
public final class BrokerdSockets implements AutoCloseable {
    private final List<SocketServer> servers = new ArrayList<>(3);

    /** Starts every socket, or none: a socket that fails to start closes those already up. */
    public static BrokerdSockets start(Vertx vertx, BrokerdSettings settings, Broker broker) {
        BrokerdSockets sockets = new BrokerdSockets();
        try {
            sockets.add(vertx, "loop", settings.loopSocket(), Map.of(ToolRequest.KIND, new ToolRequestHandler(broker)));
            sockets.add(vertx, "admin", settings.adminSocket(), Map.of(BrokerAdmin.KIND, new BrokerAdminHandler(broker),
                    BrokerStats.KIND, new BrokerStatsHandler(broker)));
            sockets.add(vertx, "state", settings.stateSocket(),
                    Map.of(SessionState.KIND, new SessionStateHandler(broker.taints())));
        } catch (RuntimeException e) {
            sockets.close();
            throw e;
        }
        return sockets;
    }

    /**
     * Refuses, with {@code Sentences.socketInUse}, when another process answers on one of the
     * sockets {@link #start} binds, so {@code Main} can stop a second brokerd before it opens anything.
     */
    public static void refuseIfAnswered(BrokerdSettings settings) {
        SocketsInUse.refuse(settings.loopSocket(), settings.adminSocket(), settings.stateSocket());
    }

    private void add(Vertx vertx, String name, Path path, Map<String, Handler<?>> handlers) {
        SocketServer server = new SocketServer(vertx, path, "brokerd " + name, handlers);
        server.start();
        servers.add(server);
    }

    @Override
    public void close() {
        for (SocketServer server : servers) {
            server.close();
        }
        servers.clear();
    }
}
