package dev.boxmaker.proto.server;

import dev.boxmaker.proto.wire.msg.Message;

/**
 * An {@link AsyncHandler} called on the connection's event loop instead of the worker pool, for the
 * requests {@link #onLoop} accepts: those whose work is itself asynchronous (a call to another daemon),
 * so that neither the request nor its answer waits for a worker to wake. The handler must not block on
 * the loop: whatever it writes to disk it moves to a thread of its own first. A request it declines,
 * and one whose frame is over {@link SocketServer#LOOP_REQUEST_BYTES_MAX}, runs on the worker pool as
 * an {@link AsyncHandler}'s does.
 *
 * @param <T> the request record of the kind this handler is registered for
 */
@FunctionalInterface
public interface LoopHandler<T extends Message> extends AsyncHandler<T> {
    /** Whether {@code request} is handled on the event loop; every request by default. Must not block. */
    default boolean onLoop(T request) {
        return true;
    }
}
