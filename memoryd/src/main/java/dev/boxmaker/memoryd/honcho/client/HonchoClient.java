package dev.boxmaker.memoryd.honcho.client;

import dev.boxmaker.memoryd.honcho.client.HonchoFailure.Kind;
import dev.boxmaker.memoryd.honcho.client.HonchoWire.ChatAnswer;
import dev.boxmaker.memoryd.honcho.client.HonchoWire.Conclusion;
import dev.boxmaker.memoryd.honcho.client.HonchoWire.Message;
import dev.boxmaker.memoryd.honcho.client.HonchoWire.Page;
import dev.boxmaker.proto.secrets.Secret;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import io.smallrye.faulttolerance.api.Guard;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.GenericType;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.jboss.logging.Logger;

/**
 * One Honcho workspace, as memoryd calls it (honcho.md): its key, where one is configured, on every
 * call and on no other workspace's; timeouts and retries by SmallRye Fault Tolerance. Every failure
 * is a {@link HonchoFailure}; an answer's body is read up to {@link BodyCap#RESPONSE_BYTES_MAX} and
 * never logged. Only idempotent calls (get-or-create, lists, searches, queries, a delete) are tried
 * again; adding messages or conclusions is not, since a lost answer may hide a committed write. It
 * holds at most {@link #CONNECTIONS_MAX} connections, and a call interrupted while it waits lets go of
 * them (see {@link #letGoIfInterrupted}).
 */
public final class HonchoClient implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(HonchoClient.class);
    /** The largest answer read from Honcho ({@link BodyCap}): a batch's echoed messages must fit in it. */
    public static final int ANSWER_BYTES_MAX = BodyCap.RESPONSE_BYTES_MAX;
    /** A create's "created", "existed" and the spec's "exists". */
    private static final Set<Integer> CREATED = Set.of(200, 201, 409);
    private static final Set<Integer> ADDED = Set.of(200, 201);
    private static final Set<Integer> OK = Set.of(200);
    /** A delete's "deleted", and "already gone". */
    private static final Set<Integer> DELETED = Set.of(200, 204, 404);
    /** Too many requests, and a request timeout: the server is busy, not refusing. */
    private static final Set<Integer> BUSY = Set.of(429, 408);
    /** Connections the writes, lists, searches and queries of one workspace hold at once; more calls wait for one. */
    public static final int WRITE_CONNECTIONS_MAX = 4;
    /** Connections its chats hold at once: ask_memory's two chats at a time. */
    public static final int CHAT_CONNECTIONS_MAX = 2;
    /** Connections one workspace's client holds at once, whatever its callers do. */
    public static final int CONNECTIONS_MAX = WRITE_CONNECTIONS_MAX + CHAT_CONNECTIONS_MAX;
    /** The REST client's pool size (ClientImpl reads it from its configuration; the builder has no method for it). */
    private static final String POOL_SIZE = "io.quarkus.rest.client.connection-pool-size";

    private final String workspace;
    private final boolean keyed;
    private final URI base;
    private final Optional<Secret> key;
    private final HonchoTimeouts timeouts;
    /** Replaced, and the old one closed, when an answer runs past the cap (see {@link #dropConnections}). */
    private volatile HonchoApi writes;
    private volatile HonchoApi chats;
    private final Guard once;
    private final Guard retried;
    private final Guard chatGuard;

    private HonchoClient(URI base, String workspace, Optional<Secret> key, HonchoTimeouts t) {
        this.workspace = workspace;
        this.keyed = key.isPresent();
        this.base = base;
        this.key = key;
        this.timeouts = t;
        this.writes = writesApi();
        this.chats = chatsApi();
        this.once = Guard.create().withTimeout().duration(t.write().toMillis(), ChronoUnit.MILLIS).done().build();
        // Without retries (recall's read clients) the retry layer would add its work to every call and do nothing.
        this.retried = t.retries() == 0 ? once : Guard.create()
                .withRetry().maxRetries(t.retries()).delay(t.retryDelay().toMillis(), ChronoUnit.MILLIS)
                .whenException(HonchoClient::unreachable).done()
                .withTimeout().duration(t.write().toMillis(), ChronoUnit.MILLIS).done()
                .build();
        this.chatGuard = Guard.create().withTimeout().duration(t.chat().toMillis(), ChronoUnit.MILLIS).done().build();
    }

    /** The client of {@code workspace} on the server at {@code base} (without {@code /v3}). */
    public static HonchoClient create(URI base, String workspace, Optional<Secret> key, HonchoTimeouts timeouts) {
        return new HonchoClient(base, workspace, key, timeouts);
    }

    private HonchoApi writesApi() {
        return api(base, key, timeouts.connect(), timeouts.write(), WRITE_CONNECTIONS_MAX);
    }

    private HonchoApi chatsApi() {
        return api(base, key, timeouts.connect(), timeouts.chat(), CHAT_CONNECTIONS_MAX);
    }

    private static HonchoApi api(URI base, Optional<Secret> key, Duration connect, Duration read, int connections) {
        // memoryd.toml alone says where Honcho is and what goes with each call.
        AmbientConfig.refuse();
        QuarkusRestClientBuilder builder = QuarkusRestClientBuilder.newBuilder()
                .baseUri(base)
                .connectTimeout(connect.toMillis(), TimeUnit.MILLISECONDS)
                // An idle timeout (Vert.x's RequestOptions.setTimeout): a byte a second keeps it from firing.
                .readTimeout(read.toMillis(), TimeUnit.MILLISECONDS)
                .property(POOL_SIZE, connections)
                // Statuses are this class's to judge: a 409 or a 404 is not an exception here.
                .property("microprofile.rest.client.disable.default.mapper", true)
                .register(new BodyCap());
        key.ifPresent(k -> builder.register(new BearerKey(k)));
        return builder.build(HonchoApi.class);
    }

    /** The workspace this client writes to. */
    public String workspace() {
        return workspace;
    }

    /** Whether its calls carry a key. */
    public boolean keyed() {
        return keyed;
    }

    /** Gets or creates the workspace; its answer, empty where the server answered 409 (exists) without one. */
    public Optional<HonchoWire.Workspace> createWorkspace(Map<String, Object> metadata,
            HonchoWire.WorkspaceConfiguration configuration) throws HonchoFailure {
        return Optional.ofNullable(call("workspace", retried, CREATED, a -> a.workspace(
                new HonchoWire.WorkspaceCreate(workspace, metadata, configuration)),
                new GenericType<HonchoWire.Workspace>() { }));
    }

    /** Merges {@code configuration} into the workspace's ({@code PUT /v3/workspaces/{w}}). */
    public void updateWorkspace(HonchoWire.WorkspaceConfiguration configuration) throws HonchoFailure {
        call("workspace update", retried, OK, a -> a.updateWorkspace(workspace,
                new HonchoWire.WorkspaceUpdate(configuration)), null);
    }

    public void createPeer(String peer, Map<String, Object> configuration) throws HonchoFailure {
        call("peer", retried, CREATED, a -> a.peer(workspace,
                new HonchoWire.PeerCreate(peer, null, configuration)), null);
    }

    public void createSession(String session, Map<String, HonchoWire.SessionPeer> peers) throws HonchoFailure {
        call("session", retried, CREATED, a -> a.session(workspace,
                new HonchoWire.SessionCreate(session, null, peers)), null);
    }

    /** 1 to 100 messages, in order; never tried again here (a lost answer is looked up by the worker). */
    public List<Message> addMessages(String session, List<HonchoWire.MessageCreate> messages) throws HonchoFailure {
        return call("messages", once, ADDED, a -> a.addMessages(workspace, session,
                new HonchoWire.MessageBatch(messages)), new GenericType<List<Message>>() { });
    }

    /** A session's messages whose metadata matches {@code filters} (the first page). */
    public Page<Message> listMessages(String session, Map<String, Object> filters) throws HonchoFailure {
        return call("message list", retried, OK, a -> a.listMessages(workspace, session,
                new HonchoWire.ListFilter(filters)), new GenericType<Page<Message>>() { });
    }

    public List<Message> search(String query, int limit, Map<String, Object> filters) throws HonchoFailure {
        return call("search", retried, OK, a -> a.search(workspace,
                new HonchoWire.SearchQuery(query, limit, filters)), new GenericType<List<Message>>() { });
    }

    /** 1 to 100 conclusions; never tried again here. */
    public List<Conclusion> createConclusions(List<HonchoWire.ConclusionCreate> conclusions) throws HonchoFailure {
        return call("conclusions", once, ADDED, a -> a.createConclusions(workspace,
                new HonchoWire.ConclusionBatch(conclusions)), new GenericType<List<Conclusion>>() { });
    }

    public Page<Conclusion> listConclusions(Map<String, Object> filters) throws HonchoFailure {
        return call("conclusion list", retried, OK, a -> a.listConclusions(workspace,
                new HonchoWire.ListFilter(filters)), new GenericType<Page<Conclusion>>() { });
    }

    public List<Conclusion> queryConclusions(String query, int topK, String observer, String observed)
            throws HonchoFailure {
        Map<String, Object> filters = Map.of("observer_id", observer, "observed_id", observed);
        return call("conclusion query", retried, OK, a -> a.queryConclusions(workspace,
                new HonchoWire.ConclusionQuery(query, topK, filters)), new GenericType<List<Conclusion>>() { });
    }

    /** Deletes a conclusion; one already gone (404) is done too. */
    public void deleteConclusion(String id) throws HonchoFailure {
        call("conclusion delete", retried, DELETED, a -> a.deleteConclusion(workspace, id), null);
    }

    /**
     * Whether {@code peer} exists here, by a read ({@code POST …/peers/list} filtered by id): a peer
     * chat gets or creates its peer, so a read asks as a peer only once this says it exists.
     */
    public boolean hasPeer(String peer) throws HonchoFailure {
        Page<HonchoWire.Created> page = call("peer list", retried, OK, a -> a.listPeers(workspace,
                new HonchoWire.ListFilter(Map.of("id", peer))), new GenericType<Page<HonchoWire.Created>>() { });
        return page.items().stream().anyMatch(p -> peer.equals(p.id()));
    }

    /** Whether the workspace has any peer (one that does not exist has none), by a read. */
    public boolean hasPeers() throws HonchoFailure {
        Page<HonchoWire.Created> page = call("peer list", retried, OK, a -> a.listPeers(workspace,
                new HonchoWire.ListFilter(null)), new GenericType<Page<HonchoWire.Created>>() { });
        return !page.items().isEmpty();
    }

    /** The workspace's chat, on a server that has it (not 3.0.12). Empty when Honcho answers {@code content: null}. */
    public Optional<String> workspaceChat(String query, String reasoningLevel) throws HonchoFailure {
        HonchoWire.ChatQuery body = new HonchoWire.ChatQuery(query, reasoningLevel, false, null);
        return Optional.ofNullable(call("chat", chatGuard, OK, a -> a.chat(workspace, body),
                new GenericType<ChatAnswer>() { }).content());
    }

    /**
     * {@code peer}'s chat: Honcho reasons as {@code peer} about {@code target} (itself when null), over
     * the sessions {@code peer} belongs to. It gets or creates {@code peer}: see {@link #hasPeer}.
     */
    public Optional<String> peerChat(String peer, String target, String query, String reasoningLevel)
            throws HonchoFailure {
        HonchoWire.ChatQuery body = new HonchoWire.ChatQuery(query, reasoningLevel, false, target);
        return Optional.ofNullable(call("peer chat", chatGuard, OK, a -> a.peerChat(workspace, peer, body),
                new GenericType<ChatAnswer>() { }).content());
    }

    private static boolean unreachable(Throwable e) {
        return e instanceof HonchoFailure f && f.kind() == Kind.UNREACHABLE;
    }

    /** One guarded call: the status judged, then the body read into {@code type} (none when null). */
    private <T> T call(String operation, Guard guard, Set<Integer> accepted, Function<HonchoApi, Response> request,
            GenericType<T> type) throws HonchoFailure {
        boolean chat = guard == chatGuard;
        Callable<Object> attempt = () -> attempt(operation, accepted, chat, request, type);
        try {
            @SuppressWarnings("unchecked")
            T answer = (T) guard.call(attempt, Object.class);
            return answer;
        } catch (HonchoFailure f) {
            LOG.debugf("honcho %s %s: %s %d", workspace, operation, f.kind().word(), f.status());
            throw f;
        } catch (Exception e) {
            // A timeout of the guard, or an interrupt: no answer.
            LOG.debugf("honcho %s %s: %s (%s)", workspace, operation, Kind.UNREACHABLE.word(), e.getClass().getSimpleName());
            throw new HonchoFailure(workspace, operation, Kind.UNREACHABLE, 0);
        }
    }

    private <T> T attempt(String operation, Set<Integer> accepted, boolean chat,
            Function<HonchoApi, Response> request, GenericType<T> type) throws HonchoFailure {
        HonchoApi api = chat ? chats : writes;
        Response response;
        try {
            response = request.apply(api);
        } catch (ProcessingException | WebApplicationException e) {
            letGoIfInterrupted(e, chat, api);
            throw new HonchoFailure(workspace, operation, Kind.UNREACHABLE, 0);
        }
        try (response) {
            int status = response.getStatus();
            if (status == 401 || status == 403) {
                throw new HonchoFailure(workspace, operation, Kind.KEY_REFUSED, status);
            }
            if (status >= 500) {
                throw new HonchoFailure(workspace, operation, Kind.UNREACHABLE, status);
            }
            if (BUSY.contains(status)) {
                throw new HonchoFailure(workspace, operation, Kind.BUSY, status,
                        RetryAfter.parse(response.getHeaderString("Retry-After"), java.time.Instant.now()));
            }
            if (!accepted.contains(status)) {
                throw new HonchoFailure(workspace, operation, Kind.REFUSED, status);
            }
            return type == null || status == 409 ? null : body(operation, response, type, chat, api);
        }
    }

    private <T> T body(String operation, Response response, GenericType<T> type, boolean chat, HonchoApi api)
            throws HonchoFailure {
        MediaType media = response.getMediaType();
        if (media == null || !media.isCompatible(MediaType.APPLICATION_JSON_TYPE)) {
            throw new HonchoFailure(workspace, operation, Kind.BAD_ANSWER, response.getStatus());
        }
        T answer;
        try {
            answer = response.readEntity(type);
        } catch (RuntimeException e) {
            // Garbage, a wrong shape, or past the cap: the exception may quote the body, so it goes nowhere.
            if (BodyCap.pastCap(e)) {
                dropConnections();
            } else if (letGoIfInterrupted(e, chat, api)) {
                throw new HonchoFailure(workspace, operation, Kind.UNREACHABLE, 0);
            }
            throw new HonchoFailure(workspace, operation, Kind.BAD_ANSWER, response.getStatus());
        }
        if (!HonchoWire.complete(answer)) {
            throw new HonchoFailure(workspace, operation, Kind.BAD_ANSWER, response.getStatus());
        }
        return answer;
    }

    /**
     * An answer ran past the cap. The REST client streams a body from the socket as it is read, but
     * closing an answer read in part reads the rest and throws it away, which for an endless answer
     * never ends; so both REST clients are closed, their connections with them, before the answer is,
     * and new ones take their place. A call under way on the other thread fails as unreachable.
     */
    private synchronized void dropConnections() {
        HonchoApi[] old = {writes, chats};
        writes = writesApi();
        chats = chatsApi();
        closeAll(old);
    }

    /**
     * A call interrupted (its {@code Uni}'s limit or its guard's timeout passed) while it waited for its
     * answer. The REST client gives the blocked thread back but leaves the request running, and a server
     * that sends a byte now and then keeps the read timeout (an idle timeout) from ever firing, so the
     * connection would stay open and taken from the pool. The REST client {@code api} the call used is
     * closed, its connections with it (other calls on it fail as unreachable), and a new one takes its place,
     * once, however many of its calls were interrupted. Whether it was interrupted is returned.
     */
    private boolean letGoIfInterrupted(Throwable e, boolean chat, HonchoApi api) {
        if (!interrupted(e)) {
            return false;
        }
        synchronized (this) {
            if ((chat ? chats : writes) != api) {
                return true; // closed already, by another call of its
            }
            // Closed before its successor is handed out, so the old connections go before new ones come.
            HonchoApi next = chat ? chatsApi() : writesApi();
            closeAll(new HonchoApi[] {api});
            if (chat) {
                chats = next;
            } else {
                writes = next;
            }
        }
        return true;
    }

    private static boolean interrupted(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            // A socket's timeout is an InterruptedIOException too, but its connection is closed already.
            if (t instanceof InterruptedException || t instanceof java.io.InterruptedIOException
                    && !(t instanceof java.net.SocketTimeoutException)) {
                return true;
            }
        }
        return Thread.currentThread().isInterrupted();
    }

    /** Closes both REST clients and their connections. */
    @Override
    public void close() {
        closeAll(new HonchoApi[] {writes, chats});
    }

    private void closeAll(HonchoApi[] apis) {
        for (HonchoApi api : apis) {
            try {
                ((java.io.Closeable) api).close();
            } catch (java.io.IOException | RuntimeException e) {
                LOG.debugf("honcho %s: closing a client failed (%s)", workspace, e.getClass().getSimpleName());
            }
        }
    }

    @Override
    public String toString() {
        return "HonchoClient[" + workspace + (keyed ? ", keyed" : "") + "]";
    }
}
