package dev.boxmaker.loopd.sockets;

import dev.boxmaker.loopd.sentences.Sentences;
import dev.boxmaker.loopd.limits.TurnLimits;
import dev.boxmaker.loopd.turn.Turns;
import dev.boxmaker.proto.server.AsyncHandler;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Turn;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@code turn}: queued on the session's line; the socket worker is freed at once, since a turn can
 * take minutes. A text past {@link #TURN_TEXT_CHARS_MAX} is refused before it is counted or written;
 * a turn whose client has gone is stopped ({@link Turns#clientGone}).
 */
public final class TurnHandler implements AsyncHandler<Turn> {
    /** A turn's text, in characters (code points): {@link TurnLimits}, where the sentences read it too. */
    public static final int TURN_TEXT_CHARS_MAX = TurnLimits.TURN_TEXT_CHARS_MAX;
    /**
     * A request frame on loopd's socket: a turn at {@link #TURN_TEXT_CHARS_MAX} with every character
     * escaped at its longest in JSON (a surrogate pair as two six-byte escapes, 12 bytes) fits, with
     * room for the rest.
     */
    public static final int TURN_FRAME_BYTES_MAX = 1024 * 1024;

    private final Turns turns;

    public TurnHandler(Turns turns) {
        this.turns = turns;
    }

    @Override
    @SuppressWarnings("unchecked")
    public CompletionStage<Message> handleAsync(Turn request) {
        String text = request.text();
        // length() first: a text of fewer chars than the limit has fewer code points too.
        if (text.length() > TURN_TEXT_CHARS_MAX && text.codePointCount(0, text.length()) > TURN_TEXT_CHARS_MAX) {
            return CompletableFuture.failedFuture(new HandlerRefusal(Sentences.TURN_TEXT_TOO_LONG));
        }
        // The reply future itself, not a copy: clientGone cancels it, which Turns reads as the client gone.
        return (CompletionStage<Message>) (CompletionStage<? extends Message>) turns.submit(request);
    }

    @Override
    public void clientGone(CompletionStage<Message> stage) {
        turns.clientGone(stage.toCompletableFuture());
    }
}
