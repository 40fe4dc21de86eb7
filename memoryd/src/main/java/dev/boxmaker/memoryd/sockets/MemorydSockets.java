package dev.boxmaker.memoryd.sockets;

import dev.boxmaker.memoryd.admin.AdminRouter;
import dev.boxmaker.memoryd.ask.AskMemory;
import dev.boxmaker.memoryd.block.BlockBuilder;
import dev.boxmaker.memoryd.config.MemorydSettings;
import dev.boxmaker.memoryd.recall.Recall;
import dev.boxmaker.memoryd.tool.CallTurns;
import dev.boxmaker.memoryd.tool.MemoryStore;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.SocketServer;
import dev.boxmaker.proto.server.SocketsInUse;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.MemoryStats;
import dev.boxmaker.proto.wire.msg.Reindex;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * memoryd's three sockets (wire.md) and which kinds each serves. The handlers only route: each turns
 * a frame into a call of what {@link Calls} holds and the answer into a frame; the daemon's objects
 * are built, and wired to each other, where memoryd is assembled.
 */
public final class MemorydSockets implements AutoCloseable {
    /** What the handlers call, built by memoryd's assembly. */
    public record Calls(BlockBuilder block, MemoryStore store, Recall recall, AskMemory ask, AdminRouter admin,
            List<SessionUpdatedHandler.Listener> sessionUpdates, ReindexHandler.Reindexing reindex,
            MemoryStatsHandler.IndexFigures indexFigures) {
    }

    private final List<SocketServer> servers = new ArrayList<>(3);
    private final Runnable afterClose;

    private MemorydSockets(Runnable afterClose) {
        this.afterClose = afterClose;
    }

    /**
     * Starts every socket, or none: a socket that fails to start closes those already up.
     * {@code afterClose} runs once every socket is closed and every request answered.
     */
    public static MemorydSockets start(Vertx vertx, MemorydSettings settings, Calls calls, Runnable afterClose) {
        MemorydSockets sockets = new MemorydSockets(afterClose);
        try {
            sockets.add(vertx, "loop", settings.loopSocket(),
                    Map.of(MemoryBlock.KIND, new MemoryBlockHandler(calls.block()),
                            SessionUpdated.KIND, new SessionUpdatedHandler(calls.sessionUpdates())));
            sockets.add(vertx, "broker", settings.brokerSocket(),
                    Map.of(MemoryCall.KIND, new MemoryCallHandler(calls.store(), calls.recall(), calls.ask(),
                            new CallTurns(settings.home()))));
            sockets.add(vertx, "admin", settings.adminSocket(),
                    Map.of(MemoryAdmin.KIND, new MemoryAdminHandler(calls.admin()),
                            Reindex.KIND, new ReindexHandler(calls.reindex()),
                            MemoryStats.KIND, new MemoryStatsHandler(calls.indexFigures())));
        } catch (RuntimeException e) {
            sockets.close();
            throw e;
        }
        return sockets;
    }

    /**
     * Refuses, with {@code Sentences.socketInUse}, when another process answers on one of the
     * sockets {@link #start} binds, so {@code Main} can stop a second memoryd before it opens anything.
     */
    public static void refuseIfAnswered(MemorydSettings settings) {
        SocketsInUse.refuse(settings.loopSocket(), settings.brokerSocket(), settings.adminSocket());
    }

    private void add(Vertx vertx, String name, Path path, Map<String, Handler<?>> handlers) {
        SocketServer server = new SocketServer(vertx, path, "memoryd " + name, handlers);
        server.start();
        servers.add(server);
    }

    @Override
    public void close() {
        for (SocketServer server : servers) {
            server.close();
        }
        servers.clear();
        afterClose.run();
    }
}
