package dev.boxmaker.memoryd.honcho.fake;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/** The fake's plumbing: a request's query parameters, an answer written, a Vert.x future awaited. */
final class FakeWire {
    private static final long WAIT_SECONDS = 10;

    private FakeWire() {
    }

    static Map<String, String> query(RoutingContext ctx) {
        Map<String, String> query = new TreeMap<>();
        ctx.queryParams().forEach(e -> query.putIfAbsent(e.getKey(), e.getValue()));
        return query;
    }

    static void send(RoutingContext ctx, FakeRoutes.Reply reply, ObjectMapper json) {
        if (reply.body() == null) {
            ctx.response().setStatusCode(reply.status()).end();
            return;
        }
        try {
            ctx.response().setStatusCode(reply.status()).putHeader("Content-Type", "application/json")
                    .end(Buffer.buffer(json.writeValueAsBytes(reply.body())));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            ctx.fail(e);
        }
    }

    static <T> T await(io.vertx.core.Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("the fake Honcho could not start or stop", e);
        }
    }
}
