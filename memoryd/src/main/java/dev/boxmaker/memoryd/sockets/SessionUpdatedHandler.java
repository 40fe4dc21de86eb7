package dev.boxmaker.memoryd.sockets;

import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Ok;
import dev.boxmaker.proto.wire.msg.SessionUpdated;

/**
 * {@code session_updated} on loopd's socket: queues reading the session's new records and answers
 * at once, so a finished turn never waits for the index.
 */
public final class SessionUpdatedHandler implements Handler<SessionUpdated> {
    private final MemoryIndex index;

    public SessionUpdatedHandler(MemoryIndex index) {
        this.index = index;
    }

    @Override
    public Message handle(SessionUpdated request) {
        index.sessionUpdated(request.session());
        return new Ok();
    }
}
