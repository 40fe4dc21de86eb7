package dev.boxmaker.loopd.testing;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.SocketServer;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/** brokerd as loopd sees it: every {@code tool_request} recorded and answered by {@link #answer}. */
public final class FakeBrokerd implements AutoCloseable {
    public final List<ToolRequest> requests = new CopyOnWriteArrayList<>();
    public volatile Function<ToolRequest, ToolResponse> answer = r -> new ToolResponse(r.call(), Outcome.OK,
            r.tool() + " ran", DataClass.PRIVATE, false, "test");
    private final SocketServer server;

    public FakeBrokerd(Vertx vertx, Path socket) {
        Handler<ToolRequest> handler = request -> {
            requests.add(request);
            return answer.apply(request);
        };
        server = new SocketServer(vertx, socket, "fake brokerd", Map.of(ToolRequest.KIND, handler));
        server.start();
    }

    @Override
    public void close() {
        server.close();
    }
}
