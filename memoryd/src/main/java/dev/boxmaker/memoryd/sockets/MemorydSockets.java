package dev.boxmaker.memoryd.sockets;

import dev.boxmaker.memoryd.block.BlockBuilder;
import dev.boxmaker.memoryd.config.MemorydSettings;
import dev.boxmaker.memoryd.honcho.sync.HonchoSync;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.SocketServer;
import dev.boxmaker.proto.server.SocketsInUse;
import dev.boxmaker.memoryd.tool.MemoryStore;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.MemoryStats;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.recall.Recall;
import dev.boxmaker.memoryd.recall.RecallLog;
import dev.boxmaker.memoryd.recall.fleet.FleetRecall;
import dev.boxmaker.memoryd.index.search.Searcher;
import dev.boxmaker.proto.wire.msg.Reindex;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** memoryd's three sockets (wire.md) and which kinds each serves. */
public final class MemorydSockets implements AutoCloseable {
    private final List<SocketServer> servers = new ArrayList<>(3);
    private final RecallLog recallLog;
    /** recall's Honcho sources, with {@code [honcho]} only: their clients and pool are closed with the sockets. */
    private final Optional<FleetRecall> fleet;

    private MemorydSockets(RecallLog recallLog, Optional<FleetRecall> fleet) {
        this.recallLog = recallLog;
        this.fleet = fleet;
    }

    /** Starts every socket of a memoryd without {@code [honcho]}. */
    public static MemorydSockets start(Vertx vertx, MemorydSettings settings, MemoryStore store, MemoryIndex index) {
        return start(vertx, settings, store, index, Optional.empty());
    }

    /**
     * Starts every socket, or none: a socket that fails to start closes those already up. {@code honcho}
     * is the Honcho write path with {@code [honcho]}: session_updated feeds its turn decisions, sync
     * reads its report.
     */
    public static MemorydSockets start(Vertx vertx, MemorydSettings settings, MemoryStore store, MemoryIndex index,
            Optional<HonchoSync> honcho) {
        BlockBuilder block = new BlockBuilder(settings.memoryDir());
        MemorydSockets sockets = new MemorydSockets(new RecallLog(settings.memoryDir()),
                settings.honcho().map(FleetRecall::open));
        Recall recall = new Recall(new Searcher(index), sockets.recallLog, Clock.systemUTC(), settings.owner(),
                sockets.fleet);
        try {
            sockets.add(vertx, "loop", settings.loopSocket(),
                    Map.of(MemoryBlock.KIND, new MemoryBlockHandler(block),
                            SessionUpdated.KIND, new SessionUpdatedHandler(index, honcho.map(HonchoSync::turns))));
            sockets.add(vertx, "broker", settings.brokerSocket(),
                    Map.of(MemoryCall.KIND, new MemoryCallHandler(store, recall, index)));
            sockets.add(vertx, "admin", settings.adminSocket(),
                    Map.of(MemoryAdmin.KIND, new MemoryAdminHandler(block, store, recall, index, honcho),
                            Reindex.KIND, new ReindexHandler(index),
                            MemoryStats.KIND, new MemoryStatsHandler(index)));
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

    private void add(Vertx vertx, String name, java.nio.file.Path path, Map<String, Handler<?>> handlers) {
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
        // Every recall is answered now; the lines the background flush has not reached go to the disk.
        recallLog.flushNow();
        fleet.ifPresent(FleetRecall::close);
    }
}
