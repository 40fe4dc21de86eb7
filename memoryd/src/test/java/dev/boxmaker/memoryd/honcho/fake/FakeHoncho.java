package dev.boxmaker.memoryd.honcho.fake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * A Honcho server for tests (honcho.md, "The fake server"): in memory, on loopback, on a random
 * port. Every route of honcho.md with its shapes and statuses; each request body held to the OpenAPI
 * document ({@link SchemaCheck}); every request recorded, and the most chats open at once. It can be
 * told to be down, slow (everywhere or for one workspace), to answer
 * a status or a body for a route, to refuse a key with 401, or to commit a write and drop the
 * connection before answering.
 */
public final class FakeHoncho implements AutoCloseable {
    /** The largest request body the fake reads; the real server's limit is not in the document. */
    public static final long REQUEST_BYTES_MAX = 16L * 1024 * 1024;
    /** FastAPI's default place for the document, without auth ({@code src/main.py} sets no {@code openapi_url}). */
    public static final String OPENAPI_PATH = "/openapi.json";

    /** One request as it arrived: header names lower-cased, the body as text, when ({@link System#nanoTime}). */
    public record Recorded(String method, String path, Map<String, String> headers, String body, long arrivedNanos) {
        /** The {@code Authorization} header, or null. */
        public String authorization() {
            return headers.get("authorization");
        }
    }

    /** A canned answer for a route: a status, a content type and the bytes of the body. */
    public record Canned(int status, String contentType, byte[] body, Map<String, String> headers) {
        public Canned(int status, String contentType, byte[] body) {
            this(status, contentType, body, Map.of());
        }

        public static Canned json(int status, String body) {
            return new Canned(status, "application/json", body.getBytes(StandardCharsets.UTF_8));
        }

        /** A 201 whose JSON body never ends (EndlessBody). */
        public static Canned endless() {
            return new Canned(201, "application/json", null);
        }

        public Canned withHeader(String name, String value) {
            Map<String, String> more = new java.util.LinkedHashMap<>(headers);
            more.put(name, value);
            return new Canned(status, contentType, body, Map.copyOf(more));
        }
    }

    private final ObjectMapper json = new ObjectMapper();
    private final Vertx vertx = Vertx.vertx();
    private final FakeStore store = new FakeStore(json);
    private final FakeRoutes routes = new FakeRoutes(json, store);
    private final SchemaCheck schemas = new SchemaCheck(json);
    private final List<Recorded> requests = new CopyOnWriteArrayList<>();
    private final Map<FakeRoute, Canned> canned = new ConcurrentHashMap<>();
    private final Map<FakeRoute, AtomicInteger> drops = new ConcurrentHashMap<>();
    /** Answers for the next requests of a route, one each, before anything is done ({@link #answerNext}). */
    private final Map<FakeRoute, java.util.Queue<Canned>> next = new ConcurrentHashMap<>();
    /** Answers sent in place of the next replies of a route, after its write is done ({@link #commitThenAnswer}). */
    private final Map<FakeRoute, java.util.Queue<Canned>> afterCommit = new ConcurrentHashMap<>();
    private final Set<String> refusedKeys = ConcurrentHashMap.newKeySet();
    /** Workspaces whose requests are recorded and never answered, until {@link #unhang}. */
    private final Set<String> hungWorkspaces = ConcurrentHashMap.newKeySet();
    /** Workspaces whose requests are done and never answered, until {@link #unhang}. */
    private final Set<String> hungAfterStore = ConcurrentHashMap.newKeySet();
    private final Set<FakeRoute> hungRoutes = ConcurrentHashMap.newKeySet();
    private final Router router;
    private volatile Duration delay = Duration.ZERO;
    private final Map<String, Duration> workspaceDelays = new ConcurrentHashMap<>();
    private final Map<FakeRoute, Duration> routeDelays = new ConcurrentHashMap<>();
    /** Chats (workspace or peer) whose answer has not ended, and the most there were at once. */
    private final AtomicInteger chatsNow = new AtomicInteger();
    private final AtomicInteger chatsAtOnce = new AtomicInteger();
    private volatile String refusedText;
    private final Set<FakeRoute> endless = ConcurrentHashMap.newKeySet();
    private final java.util.concurrent.atomic.AtomicLong endlessWritten = new java.util.concurrent.atomic.AtomicLong();
    private final AtomicInteger endlessClosed = new AtomicInteger();
    private volatile BiConsumer<FakeRoute, JsonNode> answered = (route, body) -> { };
    private volatile HttpServer server;
    private volatile int port;
    /** Off only for a benchmark that separates the fake's own cost from the client's; tests keep it on. */
    private volatile boolean checkSchemas = true;
    private final FakeWork work = new FakeWork();
    /** Off: workspace chat is 404, as on 3.0.12; on, the fake stands for a newer server that has it. */
    private volatile boolean workspaceChat;

    private FakeHoncho() {
        schemas.load();
        router = Router.router(vertx);
        router.route().handler(BodyHandler.create(false).setBodyLimit(REQUEST_BYTES_MAX));
        for (FakeRoute route : FakeRoute.values()) {
            router.route(io.vertx.core.http.HttpMethod.valueOf(route.method()), route.path())
                    .handler(ctx -> arrived(route, ctx));
        }
        router.get(OPENAPI_PATH).handler(ctx -> {
            record(ctx);
            ctx.response().setStatusCode(200).putHeader("Content-Type", "application/json")
                    .end(Buffer.buffer(schemas.document(workspaceChat)));
        });
        router.route().handler(ctx -> {
            record(ctx);
            send(ctx, routes.detail(404, "Not Found"));
        });
    }

    /** Starts a fake on 127.0.0.1 and a free port. */
    public static FakeHoncho start() {
        FakeHoncho fake = new FakeHoncho();
        fake.listen(0);
        return fake;
    }

    public int port() {
        return port;
    }

    /** The base URL a client is given, e.g. {@code http://127.0.0.1:40123}. */
    public URI url() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** Every request so far, oldest first. */
    public List<Recorded> requests() {
        return List.copyOf(requests);
    }

    public void clearRequests() {
        requests.clear();
    }

    /** Down: the port refuses connections until {@link #up}. */
    public void down() {
        HttpServer s = server;
        if (s != null) {
            FakeWire.await(s.close());
            server = null;
        }
    }

    /** Up again, on the same port. */
    public void up() {
        if (server == null) {
            listen(port);
        }
    }

    /** Every answer waits {@code delay} first (zero: none). */
    public void slow(Duration delay) {
        this.delay = delay;
    }

    /** Every request of {@code route} waits {@code delay} more (zero: none more): a chat that takes its time. */
    public void slow(FakeRoute route, Duration delay) {
        routeDelays.put(route, delay);
    }

    /** Every request to {@code workspace} waits {@code delay} more (zero: none more); a long one hangs it. */
    public void slow(String workspace, Duration delay) {
        workspaceDelays.put(workspace, delay);
    }

    /**
     * On: the fake stands for a server newer than 3.0.12 that has workspace chat (its OpenAPI document
     * lists the route). Off, as at start: 3.0.12, which has no such route ({@code src/routers/workspaces.py}
     * declares none), so the request is FastAPI's 404 {@code {"detail": "Not Found"}}.
     */
    public void workspaceChat(boolean on) {
        workspaceChat = on;
    }

    /** The most chat requests (workspace chat and peer chat) that were open at once, from arrival to answer. */
    public int chatsAtOnceMax() {
        return chatsAtOnce.get();
    }

    /** {@code route} answers {@code answer} instead of doing anything, until {@link #clearAnswers}. */
    public void answer(FakeRoute route, Canned answer) {
        canned.put(route, answer);
    }

    /** {@code route} answers {@code status} with Honcho's error shape. */
    public void answer(FakeRoute route, int status) {
        answer(route, Canned.json(status, "{\"detail\":\"status " + status + " for this test\"}"));
    }

    /** The next requests of {@code route} get {@code answers}, one each, and nothing is done; then as usual. */
    public void answerNext(FakeRoute route, Canned... answers) {
        next.computeIfAbsent(route, r -> new java.util.concurrent.ConcurrentLinkedQueue<>()).addAll(List.of(answers));
    }

    /**
     * The next requests of {@code route} are done (a write is committed), and each is answered with one
     * of {@code answers} in place of its reply; then as usual.
     */
    public void commitThenAnswer(FakeRoute route, Canned... answers) {
        afterCommit.computeIfAbsent(route, r -> new java.util.concurrent.ConcurrentLinkedQueue<>())
                .addAll(List.of(answers));
    }

    public void clearAnswers() {
        next.clear();
        afterCommit.clear();
        canned.clear();
        refusedText = null;
        endless.clear();
    }

    /**
     * A request to add messages whose body holds {@code text} is refused with a 422 in Honcho's shape,
     * and nothing of it is added, until {@link #clearAnswers}: one message of a batch that Honcho refuses.
     */
    public void refuseContaining(String text) {
        refusedText = text;
    }

    /**
     * {@code route} answers 201 with a JSON body that never ends, written as fast as the client reads
     * it, until the client closes the connection; {@link #endlessBytesWritten} counts what left.
     */
    public void answerEndless(FakeRoute route) {
        endless.add(route);
    }

    /** The bytes of endless bodies handed to the socket so far. */
    public long endlessBytesWritten() {
        return endlessWritten.get();
    }

    /** The endless answers whose connection the client closed. */
    public int endlessClosed() {
        return endlessClosed.get();
    }

    /**
     * Every request to {@code workspace} from now on is recorded and never answered (the connection
     * stays open), as a server stuck on one workspace does; the other workspaces answer as before.
     */
    public void hang(String workspace) {
        hungWorkspaces.add(workspace);
    }

    /** Every request of {@code route} from now on is recorded and never answered (the connection stays open). */
    public void hang(FakeRoute route) {
        hungRoutes.add(route);
    }

    /** Requests to {@code workspace} are answered again (those already hung stay unanswered). */
    public void unhang(String workspace) {
        hungWorkspaces.remove(workspace);
        hungAfterStore.remove(workspace);
    }

    /**
     * Every request to {@code workspace} from now on is done (the store holds its effect) and never
     * answered, until {@link #unhang}: a server that commits a write and stalls before its answer leaves.
     * Set from an {@link #onAnswered} listener, it holds the request being answered too.
     */
    public void hangAfterStore(String workspace) {
        hungAfterStore.add(workspace);
    }

    /** A request bearing {@code key} is answered 401, as a server with auth on does for a wrong key. */
    public void refuseKey(String key) {
        refusedKeys.add(key);
    }

    /** The next {@code times} requests of {@code route} are done, then their connection closed unanswered. */
    public void commitThenDrop(FakeRoute route, int times) {
        drops.put(route, new AtomicInteger(times));
    }

    /**
     * {@code listener} is told of every request done (a status below 300), with its answer's body or
     * null, on the fake's event loop the moment the store holds its effect and before it is answered:
     * for benchmarks timing an arrival.
     */
    public void onAnswered(BiConsumer<FakeRoute, JsonNode> listener) {
        answered = listener;
    }

    /**
     * For benchmarks only: whether request bodies are held to the OpenAPI document (on unless told
     * otherwise). Off, the fake does less than Honcho's server would refuse; no test turns it off.
     */
    public void checkSchemas(boolean on) {
        checkSchemas = on;
    }

    /**
     * The fake's own work so far, in nanoseconds, on its event loops, summed over requests: routing a
     * request, then once its body is in, recording it, parsing it, the schema check, the store and
     * writing the answer's JSON to the socket. Not the HTTP parsing below the router, nor the client's.
     */
    public long workNanos() {
        return work.nanos();
    }

    /** A session's messages, oldest first (for tests to assert on). */
    public List<JsonNode> messages(String workspace, String session) {
        return List.copyOf(store.messages(workspace, session, null, null, Integer.MAX_VALUE));
    }

    /** A workspace's conclusions, oldest first. */
    public List<JsonNode> conclusions(String workspace) {
        return List.copyOf(store.conclusions(workspace, null, null, Integer.MAX_VALUE));
    }

    /**
     * A conclusion of {@code peer} about itself made as Honcho's deriver makes one from messages
     * ({@code src/crud/representation.py} {@code save_representation} → {@code crud.create_documents}),
     * not through the conclusions route; its id, which no client was answered.
     */
    public String derive(String workspace, String peer, String content) {
        com.fasterxml.jackson.databind.node.ObjectNode batch = dev.boxmaker.proto.Json.MAPPER.createObjectNode();
        batch.putArray("conclusions").addObject().put("content", content).put("observer_id", peer)
                .put("observed_id", peer);
        return store.addConclusions(workspace, batch).get(0).get("id").asText();
    }

    /** A workspace as the server holds it (its configuration), null when it does not exist. */
    public JsonNode workspace(String id) {
        return store.workspaceOf(id);
    }

    /** Every workspace, peer and session, sorted: {@code w}, {@code w/peer p}, {@code w/session s}. */
    public List<String> entities() {
        return store.entities();
    }

    /** The peers of a session and their settings. */
    public Map<String, ? extends JsonNode> sessionPeers(String workspace, String session) {
        return store.sessionPeers(workspace, session);
    }

    @Override
    public void close() {
        down();
        FakeWire.await(vertx.close());
    }

    private void listen(int wanted) {
        HttpServer s = vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setReuseAddress(true))
                .requestHandler(request -> work.counted(() -> router.handle(request)));
        server = FakeWire.await(s.listen(wanted));
        port = server.actualPort();
    }

    private void arrived(FakeRoute route, RoutingContext ctx) {
        work.counted(() -> record(ctx));
        if (route == FakeRoute.WORKSPACE_CHAT || route == FakeRoute.PEER_CHAT) {
            chatsAtOnce.accumulateAndGet(chatsNow.incrementAndGet(), Math::max);
            // Called once the answer is written or the connection closed before it.
            ctx.addEndHandler(done -> chatsNow.decrementAndGet());
        }
        if (hungWorkspaces.contains(String.valueOf(ctx.pathParam("w"))) || hungRoutes.contains(route)) {
            return;
        }
        Duration wait = delay.plus(workspaceDelays.getOrDefault(String.valueOf(ctx.pathParam("w")), Duration.ZERO))
                .plus(routeDelays.getOrDefault(route, Duration.ZERO));
        if (wait.isZero()) {
            handle(route, ctx);
        } else {
            vertx.setTimer(wait.toMillis(), t -> handle(route, ctx));
        }
    }

    private void handle(FakeRoute route, RoutingContext ctx) {
        work.counted(() -> respond(route, ctx));
    }

    private void respond(FakeRoute route, RoutingContext ctx) {
        String auth = ctx.request().getHeader("Authorization");
        if (auth != null && auth.startsWith("Bearer ") && refusedKeys.contains(auth.substring("Bearer ".length()))) {
            send(ctx, routes.detail(401, "Invalid or expired API key"));
            return;
        }
        Canned once = next.getOrDefault(route, new java.util.LinkedList<>()).poll();
        Canned answer = once != null ? once : canned.get(route);
        if (answer != null) {
            sendCanned(ctx, answer);
            return;
        }
        if (route == FakeRoute.WORKSPACE_CHAT && !workspaceChat) {
            send(ctx, routes.detail(404, "Not Found"));
            return;
        }
        Buffer raw = ctx.body().buffer();
        if (endless.contains(route)) {
            EndlessBody.write(vertx, ctx.response(), endlessWritten, endlessClosed);
            return;
        }
        String refused = refusedText;
        if (route == FakeRoute.MESSAGES && refused != null && raw != null
                && raw.toString(StandardCharsets.UTF_8).contains(refused)) {
            send(ctx, routes.detail(422, "a message of this batch is refused for this test"));
            return;
        }
        JsonNode body;
        try {
            body = raw == null || raw.length() == 0 ? null : json.readTree(raw.getBytes());
        } catch (java.io.IOException e) {
            send(ctx, new FakeRoutes.Reply(422, schemas.notJson()));
            return;
        }
        JsonNode problems = check(route, body);
        if (problems != null) {
            send(ctx, new FakeRoutes.Reply(422, problems));
            return;
        }
        FakeRoutes.Reply reply = routes.answer(route, ctx.pathParams(), body, FakeWire.query(ctx));
        if (reply.status() < 300) {
            answered.accept(route, reply.body());
        }
        if (hungAfterStore.contains(String.valueOf(ctx.pathParam("w")))) {
            return;
        }
        Canned instead = reply.status() < 300 ? afterCommit.getOrDefault(route, new java.util.LinkedList<>()).poll()
                : null;
        if (instead != null) {
            sendCanned(ctx, instead);
            return;
        }
        AtomicInteger drop = drops.get(route);
        if (drop != null && drop.getAndDecrement() > 0 && reply.status() < 300) {
            ctx.request().connection().close();
            return;
        }
        send(ctx, reply);
    }

    private void sendCanned(RoutingContext ctx, Canned answer) {
        ctx.response().setStatusCode(answer.status()).putHeader("Content-Type", answer.contentType());
        answer.headers().forEach(ctx.response()::putHeader);
        if (answer.body() == null) {
            EndlessBody.write(vertx, ctx.response(), endlessWritten, endlessClosed);
        } else {
            ctx.response().end(Buffer.buffer(answer.body()));
        }
    }

    private JsonNode check(FakeRoute route, JsonNode body) {
        if (route == FakeRoute.WORKSPACE_CHAT) {
            return routes.chatProblems(body);
        }
        if (!checkSchemas || route.schema() == null || body == null && route.bodyOptional()) {
            return null;
        }
        return schemas.problems(route.schema(), body == null ? json.nullNode() : body);
    }

    private void record(RoutingContext ctx) {
        Map<String, String> headers = new TreeMap<>();
        ctx.request().headers().forEach(h -> headers.put(h.getKey().toLowerCase(java.util.Locale.ROOT), h.getValue()));
        Buffer raw = ctx.body().buffer();
        requests.add(new Recorded(ctx.request().method().name(), ctx.request().path(), Map.copyOf(headers),
                raw == null ? "" : raw.toString(StandardCharsets.UTF_8), System.nanoTime()));
    }

    private void send(RoutingContext ctx, FakeRoutes.Reply reply) {
        FakeWire.send(ctx, reply, json);
    }
}
