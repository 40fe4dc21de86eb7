package dev.boxmaker.brokerd.sockets;

import dev.boxmaker.brokerd.decide.Broker;
import dev.boxmaker.proto.server.LoopHandler;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import java.util.concurrent.CompletionStage;

/**
 * {@code tool_request} from loopd. Asynchronous: a call waiting for the owner is a pending stage,
 * not a blocked worker, and so is a memory tool's call waiting on memoryd, handled on the event loop;
 * every other call completes before this returns.
 */
public final class ToolRequestHandler implements LoopHandler<ToolRequest> {
    private final Broker broker;

    public ToolRequestHandler(Broker broker) {
        this.broker = broker;
    }

    /** A memory tool's call, which waits on memoryd without blocking, on the event loop; the others on a worker. */
    @Override
    public boolean onLoop(ToolRequest request) {
        return broker.onLoop(request.tool());
    }

    @Override
    public CompletionStage<Message> handleAsync(ToolRequest request) {
        return broker.handle(request).thenApply(response -> (Message) response);
    }
}
