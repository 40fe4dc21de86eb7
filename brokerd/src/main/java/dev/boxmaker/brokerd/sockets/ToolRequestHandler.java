package dev.boxmaker.brokerd.sockets;

import dev.boxmaker.brokerd.decide.Broker;
import dev.boxmaker.proto.server.AsyncHandler;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import java.util.concurrent.CompletionStage;

/**
 * {@code tool_request} from loopd. Asynchronous: a call waiting for the owner is a pending stage,
 * not a blocked worker; every other call completes before this returns.
 */
public final class ToolRequestHandler implements AsyncHandler<ToolRequest> {
    private final Broker broker;

    public ToolRequestHandler(Broker broker) {
        this.broker = broker;
    }

    @Override
    public CompletionStage<Message> handleAsync(ToolRequest request) {
        return broker.handle(request).thenApply(response -> (Message) response);
    }
}
