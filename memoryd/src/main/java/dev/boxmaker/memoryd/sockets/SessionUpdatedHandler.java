package dev.boxmaker.memoryd.sockets;

import dev.boxmaker.memoryd.honcho.sync.TurnDeciding;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Ok;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import java.util.Optional;

/**
 * {@code session_updated} on loopd's socket: queues reading the session's new records and, with
 * {@code [honcho]}, the Honcho decision of its finished turns, and answers at once, so a finished
 * turn never waits for the index, brokerd or Honcho.
 */
public final class SessionUpdatedHandler implements Handler<SessionUpdated> {
    private final MemoryIndex index;
    private final Optional<TurnDeciding> turns;

    public SessionUpdatedHandler(MemoryIndex index, Optional<TurnDeciding> turns) {
        this.index = index;
        this.turns = turns;
    }

    @Override
    public Message handle(SessionUpdated request) {
        index.sessionUpdated(request.session());
        turns.ifPresent(t -> t.sessionUpdated(request.session(), request.turn()));
        return new Ok();
    }
}
