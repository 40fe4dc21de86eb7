package dev.boxmaker.loopd.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.boxmaker.proto.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A model for tests (loopd.md, "The self-test and the scripted model"): an HTTP server on loopback
 * that answers {@code POST /v1/chat/completions} from a script of replies, in order, and records
 * every request it got. Reusable by other modules' tests through loopd's test-jar.
 *
 * <pre>{@code
 * try (ScriptedModel model = ScriptedModel.start()) {
 *     model.add(Reply.toolCall("call_1", "recall", "{\"query\":\"launch\"}"), Reply.text("Thursday."));
 *     // point [model] url at model.url(), take a turn, then:
 *     model.requests().get(1).messages();
 * }
 * }</pre>
 *
 * When the script is empty it answers {@link #whenEmpty} (by default HTTP 500 with a body naming
 * the problem), so a test that takes more calls than it scripted fails clearly.
 */
public final class ScriptedModel implements AutoCloseable {
    /** The path the server answers on. */
    public static final String PATH = "/v1/chat/completions";
    /** Threads answering at once: enough for the concurrency tests. */
    public static final int THREADS = 16;

    private final HttpServer server;
    private final ExecutorService pool;
    private final Deque<Reply> script = new ArrayDeque<>();
    private final List<Request> requests = new ArrayList<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private volatile Reply whenEmpty = Reply.status(500, "{\"error\":\"the script is empty\"}");
    /** Answers wait for it after their request is recorded: open until a test {@link #hold}s them. */
    private volatile CountDownLatch held = new CountDownLatch(0);

    /** One request as it came: the raw body and the Authorization header (null when none). */
    public record Request(String body, String authorization) {
        /** The body as JSON. */
        public JsonNode json() {
            try {
                return Json.MAPPER.readTree(body);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }

        /** The request's {@code messages}, as sent. */
        public JsonNode messages() {
            return json().get("messages");
        }
    }

    /** One scripted answer: a status and a body, after an optional delay. */
    public record Reply(int status, String body, long delayMillis) {
        /** An answer with text and no tool calls. */
        public static Reply text(String content) {
            ObjectNode message = JsonNodeFactory.instance.objectNode().put("role", "assistant").put("content", content);
            return completion(message);
        }

        /** An answer with tool calls: {@code id, name, arguments} in threes. */
        public static Reply toolCalls(String... idNameArgs) {
            ObjectNode message = JsonNodeFactory.instance.objectNode().put("role", "assistant");
            message.putNull("content");
            ArrayNode calls = message.putArray("tool_calls");
            for (int i = 0; i + 2 < idNameArgs.length; i += 3) {
                ObjectNode call = calls.addObject().put("id", idNameArgs[i]).put("type", "function");
                call.putObject("function").put("name", idNameArgs[i + 1]).put("arguments", idNameArgs[i + 2]);
            }
            return completion(message);
        }

        /** One tool call. */
        public static Reply toolCall(String id, String name, String arguments) {
            return toolCalls(id, name, arguments);
        }

        /** Any status and body: errors, or a completion written by hand. */
        public static Reply status(int status, String body) {
            return new Reply(status, body, 0);
        }

        /** The same answer after {@code millis}. */
        public Reply after(long millis) {
            return new Reply(status, body, millis);
        }

        private static Reply completion(ObjectNode message) {
            ObjectNode root = JsonNodeFactory.instance.objectNode().put("id", "scripted").put("object", "chat.completion");
            root.putArray("choices").addObject().put("index", 0).put("finish_reason", "stop").set("message", message);
            return new Reply(200, root.toString(), 0);
        }
    }

    private ScriptedModel(HttpServer server, ExecutorService pool) {
        this.server = server;
        this.pool = pool;
    }

    /** A model on a free loopback port, answering at once. */
    public static ScriptedModel start() throws IOException {
        // The JDK's server writes a reply's headers and body apart; without TCP_NODELAY the body waits
        // for the client's delayed ACK, about 40 ms a call. Read when the server class first loads.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        ScriptedModel model = new ScriptedModel(server, pool);
        server.createContext(PATH, model::answer);
        server.setExecutor(pool);
        server.start();
        return model;
    }

    /** The base URL to put in {@code [model] url}. */
    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Adds replies to the end of the script. */
    public ScriptedModel add(Reply... replies) {
        synchronized (script) {
            script.addAll(List.of(replies));
        }
        return this;
    }

    /** The answer once the script is used up (a benchmark sets one that repeats forever). */
    public ScriptedModel whenEmpty(Reply reply) {
        whenEmpty = reply;
        return this;
    }

    /**
     * Holds every answer, after its request is recorded, until the returned latch is counted down:
     * the test, not a delay, decides what has happened before the model replies.
     */
    public CountDownLatch hold() {
        CountDownLatch latch = new CountDownLatch(1);
        held = latch;
        return latch;
    }

    /** Every request so far, in arrival order. */
    public List<Request> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    /** The most requests that were being answered at the same moment. */
    public int maxConcurrent() {
        return maxInFlight.get();
    }

    private void answer(HttpExchange exchange) throws IOException {
        int now = inFlight.incrementAndGet();
        maxInFlight.accumulateAndGet(now, Math::max);
        try {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Reply reply;
            synchronized (requests) {
                requests.add(new Request(body, exchange.getRequestHeaders().getFirst("Authorization")));
            }
            synchronized (script) {
                reply = script.isEmpty() ? whenEmpty : script.removeFirst();
            }
            held.await();
            if (reply.delayMillis() > 0) {
                Thread.sleep(reply.delayMillis());
            }
            byte[] out = reply.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(reply.status(), out.length);
            try (OutputStream o = exchange.getResponseBody()) {
                o.write(out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            inFlight.decrementAndGet();
            exchange.close();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }
}
