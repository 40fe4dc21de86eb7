package dev.boxmaker.proto.server;

import dev.boxmaker.proto.Sentences;
import dev.boxmaker.proto.daemon.RepeatedLines;
import dev.boxmaker.proto.wire.Envelope;
import dev.boxmaker.proto.wire.Frames;
import dev.boxmaker.proto.wire.WireException;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.Message;
import io.vertx.core.buffer.Buffer;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.logging.Logger;

/**
 * A {@link SocketServer}'s answer to a whole request frame, on its worker pool: decodes the payload,
 * routes it to the handler of its kind, runs it and frames its reply or the refusal; it counts the
 * handlers running, which the server's close waits for. It logs under the server's category.
 */
final class Responder {
    private static final Logger LOG = Logger.getLogger(SocketServer.class);

    private final String name;
    private final Map<String, Handler<?>> handlers;
    private final AtomicInteger running = new AtomicInteger();
    /** Handler failures, one line each, counted when they repeat. */
    private final RepeatedLines failures = new RepeatedLines(LOG::error);

    /** Answers with {@code handlers}, one per kind the socket serves; {@code name} names the server in logs. */
    Responder(String name, Map<String, Handler<?>> handlers) {
        this.name = name;
        this.handlers = handlers;
    }

    /** Handlers running now. */
    int running() {
        return running.get();
    }

    /** Runs on a worker thread: decode, route, handle, frame. Never throws; the stage never fails. */
    CompletionStage<byte[]> respond(Buffer payload, Pending pending) {
        Message request;
        try {
            request = Envelope.decode(payload.getBytes());
        } catch (WireException e) {
            return CompletableFuture.completedFuture(refusal(e.getMessage(), null));
        }
        Handler<?> handler = handlers.get(request.kind());
        if (handler == null) {
            return CompletableFuture.completedFuture(refusal(Sentences.kindNotServed(request.kind()), null));
        }
        running.incrementAndGet();
        CompletionStage<Message> reply;
        try {
            if (handler instanceof AsyncHandler<?> async) {
                reply = handleAsync(async, request);
                pending.started(async, reply);
            } else {
                reply = CompletableFuture.completedFuture(handle(handler, request));
            }
        } catch (Exception | StackOverflowError e) {
            // An overflow too (a deep regex, a deep document): it unwound, and the count must go down,
            // or every later close would wait out its bound for a handler that is not running.
            reply = CompletableFuture.failedFuture(e);
        }
        return reply.handle((message, failure) -> {
            running.decrementAndGet();
            return frame(request.kind(), message, failure);
        });
    }

    private byte[] frame(String kind, Message reply, Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (cause instanceof HandlerRefusal refusal) {
            return refusal(refusal.getMessage(), refusal.runbook());
        }
        if (cause == null && reply == null) {
            cause = new IllegalStateException("the handler returned no reply");
        }
        if (cause != null) {
            // The request itself is never logged: it can hold secrets.
            // One line, counted when it repeats: a runaway client must not fill the disk with traces.
            failures.log(name + ": the " + kind + " handler failed: " + RepeatedLines.describe(cause));
            LOG.debugf(cause, "%s: the %s handler failed", name, kind);
            return SocketServer.FAILED_FRAME;
        }
        try {
            return Frames.encode(reply);
        } catch (RuntimeException e) {
            LOG.errorf(e, "%s: the %s reply could not be framed", name, kind);
            return SocketServer.FAILED_FRAME;
        }
    }

    @SuppressWarnings("unchecked")
    private static Message handle(Handler<?> handler, Message request) throws Exception {
        return ((Handler<Message>) handler).handle(request);
    }

    @SuppressWarnings("unchecked")
    private static CompletionStage<Message> handleAsync(AsyncHandler<?> handler, Message request) throws Exception {
        CompletionStage<Message> stage = ((AsyncHandler<Message>) handler).handleAsync(request);
        return stage != null ? stage : CompletableFuture.failedFuture(new IllegalStateException("the handler returned no stage"));
    }

    private byte[] refusal(String sentence, String runbook) {
        LOG.debugf("%s: refused a request: %s", name, sentence);
        return Frames.encode(new ErrorReply(sentence, runbook));
    }
}
