package dev.boxmaker.loopd.testing;

import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.server.SocketServer;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import dev.boxmaker.proto.wire.msg.MemoryBlockReply;
import dev.boxmaker.proto.wire.msg.Ok;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * memoryd as loopd sees it: {@code memory_block} answers {@link #block} (or refuses with
 * {@link #refusal} when set), and every {@code session_updated} is recorded.
 */
public final class FakeMemoryd implements AutoCloseable {
    public volatile String block = "## soul.md\nA test soul.";
    public volatile String refusal;
    public final List<SessionUpdated> updates = new CopyOnWriteArrayList<>();
    private final SocketServer server;

    public FakeMemoryd(Vertx vertx, Path socket) {
        Handler<MemoryBlock> blockHandler = request -> {
            if (refusal != null) {
                throw new HandlerRefusal(refusal, "memory-unavailable");
            }
            return new MemoryBlockReply(block);
        };
        Handler<SessionUpdated> updated = request -> {
            updates.add(request);
            return new Ok();
        };
        server = new SocketServer(vertx, socket, "fake memoryd", Map.of(MemoryBlock.KIND, blockHandler,
                SessionUpdated.KIND, updated));
        server.start();
    }

    @Override
    public void close() {
        server.close();
    }

}
