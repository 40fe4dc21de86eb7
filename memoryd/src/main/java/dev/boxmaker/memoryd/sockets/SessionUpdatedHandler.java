package dev.boxmaker.memoryd.sockets;

import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Ok;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import java.util.List;

/**
 * {@code session_updated} on loopd's socket: tells each listener (the index, which queues reading the
 * session's new records, and with {@code [honcho]} the Honcho decision of its finished turns) and
 * answers at once, so a finished turn never waits for the index, brokerd or Honcho.
 */
public final class SessionUpdatedHandler implements Handler<SessionUpdated> {
    /** What is told of a session's new records; it queues its work and returns at once. */
    @FunctionalInterface
    public interface Listener {
        void sessionUpdated(SessionId session, long turn);
    }

    private final List<Listener> listeners;

    public SessionUpdatedHandler(List<Listener> listeners) {
        this.listeners = List.copyOf(listeners);
    }

    @Override
    public Message handle(SessionUpdated request) {
        for (Listener listener : listeners) {
            listener.sessionUpdated(request.session(), request.turn());
        }
        return new Ok();
    }
}
