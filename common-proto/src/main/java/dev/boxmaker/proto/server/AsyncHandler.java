package dev.boxmaker.proto.server;

import dev.boxmaker.proto.wire.msg.Message;
import java.util.concurrent.CompletionStage;

/**
 * A handler whose reply may come later, for a kind that waits on something other than work (an
 * owner's approval): it is called on the worker pool like a {@link Handler}, returns at once with a
 * stage, and the reply is written when the stage completes, from whatever thread completes it. No
 * thread is held while it waits.
 *
 * <p>The stage completes with the reply, or exceptionally with a {@link HandlerRefusal} (answered as
 * an error frame) or anything else (answered {@code SERVER_FAILED} and logged). The caller bounds the
 * wait: the server does not time a stage out.
 *
 * @param <T> the request record of the kind this handler is registered for
 */
@FunctionalInterface
public interface AsyncHandler<T extends Message> extends Handler<T> {
    CompletionStage<Message> handleAsync(T request) throws Exception;

    /**
     * Called by the server when the client left before its answer (the connection closed, or the
     * client closed its end entirely), with the stage {@link #handleAsync} returned: a handler whose
     * work is only for that client stops it here. Nothing by default. Called at most once, from any
     * thread; must not block.
     */
    default void clientGone(CompletionStage<Message> stage) {
    }

    /** Not called by the server, which calls {@link #handleAsync}; blocks, for callers outside it. */
    @Override
    default Message handle(T request) throws Exception {
        return handleAsync(request).toCompletableFuture().get();
    }
}
