package dev.boxmaker.memoryd.honcho.fake;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A 201 whose JSON body never ends: an array's first message whose content goes on for ever, written
 * in chunks as fast as the client takes them (the write queue's back-pressure), until the client
 * closes the connection. Counts the bytes handed to the socket.
 */
final class EndlessBody {
    static final int CHUNK_BYTES = 64 * 1024;
    private static final Buffer CHUNK = Buffer.buffer("a".repeat(CHUNK_BYTES));

    private EndlessBody() {
    }

    static void write(Vertx vertx, HttpServerResponse response, AtomicLong written, AtomicInteger closedCount) {
        response.setStatusCode(201).putHeader("Content-Type", "application/json").setChunked(true);
        response.setWriteQueueMaxSize(CHUNK_BYTES);
        boolean[] closed = {false};
        response.closeHandler(v -> {
            closed[0] = true;
            closedCount.incrementAndGet();
        });
        response.exceptionHandler(e -> closed[0] = true);
        Buffer head = Buffer.buffer("[{\"id\":\"x\",\"peer_id\":\"p\",\"content\":\"", StandardCharsets.UTF_8.name());
        response.write(head);
        written.addAndGet(head.length());
        Runnable[] more = new Runnable[1];
        more[0] = () -> {
            while (!closed[0] && !response.writeQueueFull()) {
                response.write(CHUNK);
                written.addAndGet(CHUNK_BYTES);
            }
            if (!closed[0]) {
                response.drainHandler(v -> vertx.runOnContext(x -> more[0].run()));
            }
        };
        more[0].run();
    }
}
