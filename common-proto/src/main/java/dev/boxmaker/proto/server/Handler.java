package dev.boxmaker.proto.server;

import dev.boxmaker.proto.wire.msg.Message;

/**
 * The work behind one message kind (conventions.md: one message kind, one handler). It runs on the
 * server's worker pool, never on the event loop, so it may block on files, SQLite or HTTP.
 *
 * <p>It answers with the reply message (an {@code ErrorReply} is a reply too), refuses with a
 * {@link HandlerRefusal} carrying a fixed sentence, or throws anything else, which the server
 * answers with {@code Sentences.SERVER_FAILED} and logs.
 *
 * @param <T> the request record of the kind this handler is registered for
 */
@FunctionalInterface
public interface Handler<T extends Message> {
    Message handle(T request) throws Exception;
}
