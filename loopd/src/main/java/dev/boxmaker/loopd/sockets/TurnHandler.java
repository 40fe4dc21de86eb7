package dev.boxmaker.loopd.sockets;

import dev.boxmaker.loopd.turn.Turns;
import dev.boxmaker.proto.server.AsyncHandler;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Turn;
import java.util.concurrent.CompletionStage;

/** {@code turn}: queued on the session's line; the socket worker is freed at once, since a turn can take minutes. */
public final class TurnHandler implements AsyncHandler<Turn> {
    private final Turns turns;

    public TurnHandler(Turns turns) {
        this.turns = turns;
    }

    @Override
    public CompletionStage<Message> handleAsync(Turn request) {
        return turns.submit(request).thenApply(reply -> reply);
    }
}
