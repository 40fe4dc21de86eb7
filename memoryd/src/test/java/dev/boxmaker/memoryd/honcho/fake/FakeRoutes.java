package dev.boxmaker.memoryd.honcho.fake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What each route answers once its body passed the checks: Honcho's shapes and statuses. */
final class FakeRoutes {
    /** A list page's default and largest size. */
    static final int PAGE_SIZE_DEFAULT = 50;
    static final int PAGE_SIZE_MAX = 100;
    static final int SEARCH_LIMIT_DEFAULT = 10;
    static final int CHAT_QUERY_CHARS_MAX = 10_000;
    private static final Set<String> REASONING_LEVELS = Set.of("minimal", "low", "medium", "high", "max");

    /**
     * Routes that need no workspace first. The workspace itself; a peer or a session, and peer chat,
     * which get or create their workspace ({@code src/crud/peer.py} {@code get_or_create_peers},
     * {@code src/crud/session.py} {@code get_or_create_session}, both through {@code src/crud/workspace.py}
     * {@code get_or_create_workspace}); and the reads that are plain selects filtered by workspace, so a
     * missing one is an empty answer ({@code src/crud/peer.py} {@code get_peers}, {@code src/routers/workspaces.py}
     * {@code search_workspace}, {@code src/routers/conclusions.py} {@code list_conclusions} and
     * {@code query_conclusions}).
     */
    private static final Set<FakeRoute> WITHOUT_WORKSPACE = Set.of(FakeRoute.WORKSPACE, FakeRoute.WORKSPACE_UPDATE,
            FakeRoute.PEER,
            FakeRoute.SESSION, FakeRoute.PEER_CHAT, FakeRoute.PEER_LIST, FakeRoute.SEARCH, FakeRoute.CONCLUSION_LIST,
            FakeRoute.CONCLUSION_QUERY);

    /** An answer: a status and a JSON body, or none (204). */
    record Reply(int status, JsonNode body) {
    }

    private final ObjectMapper json;
    private final FakeStore store;

    FakeRoutes(ObjectMapper json, FakeStore store) {
        this.json = json;
        this.store = store;
    }

    Reply answer(FakeRoute route, Map<String, String> params, JsonNode body, Map<String, String> query) {
        String w = params.get("w");
        if (!WITHOUT_WORKSPACE.contains(route) && !store.hasWorkspace(w)) {
            return detail(404, "Workspace " + w + " not found");
        }
        boolean[] created = new boolean[1];
        return switch (route) {
            case WORKSPACE -> created(store.workspace(body, created), created[0]);
            // src/routers/workspaces.py update_workspace -> src/crud/workspace.py update_workspace: gets or
            // creates the workspace, then merges the configuration's keys into its own; 200 and the workspace.
            case WORKSPACE_UPDATE -> new Reply(200, store.updateWorkspace(w, body));
            case PEER -> created(store.peer(w, body, created), created[0]);
            case SESSION -> created(store.session(w, body, created), created[0]);
            // src/routers/sessions.py get_session_peers: a page of the session's peers.
            case SESSION_PEERS -> page(store.memberPeers(w, params.get("s")), query);
            case MESSAGES -> messages(w, params.get("s"), body);
            // src/routers/messages.py get_messages -> src/crud/message.py get_messages: a plain select, no check
            // that the session exists, so a missing session answers 200 and an empty page.
            case MESSAGE_LIST -> page(store.messages(w, params.get("s"), filters(body), null, Integer.MAX_VALUE),
                    query);
            case SEARCH -> new Reply(200, array(store.messages(w, null, filters(body), body.get("query").asText(),
                    body.path("limit").asInt(SEARCH_LIMIT_DEFAULT))));
            case CONCLUSIONS -> conclusions(w, body);
            case CONCLUSION_LIST -> page(store.conclusions(w, filters(body), null, Integer.MAX_VALUE), query);
            case CONCLUSION_QUERY -> query(w, body);
            case CONCLUSION_DELETE -> store.deleteConclusion(w, params.get("id"))
                    ? new Reply(204, null) : detail(404, "Conclusion " + params.get("id") + " not found");
            case PEER_LIST -> page(store.peers(w, filters(body)), query);
            case WORKSPACE_CHAT -> chat(w, body);
            case PEER_CHAT -> peerChat(w, params.get("p"), body);
        };
    }

    /** Workspace chat's own rule (it is not in the 3.0.12 document): peer chat's body, by hand. */
    JsonNode chatProblems(JsonNode body) {
        String why = null;
        JsonNode query = body == null ? null : body.get("query");
        if (body == null || !body.isObject()) {
            why = "Input should be a valid dictionary";
        } else if (query == null || !query.isTextual()) {
            why = "Field required";
        } else if (query.asText().isEmpty() || query.asText().length() > CHAT_QUERY_CHARS_MAX) {
            why = "String should have between 1 and " + CHAT_QUERY_CHARS_MAX + " characters";
        } else if (body.has("reasoning_level") && !REASONING_LEVELS.contains(body.get("reasoning_level").asText())) {
            why = "Input should be 'minimal', 'low', 'medium', 'high' or 'max'";
        } else if (body.has("stream") && !body.get("stream").isBoolean()) {
            why = "Input should be a valid boolean";
        }
        if (why == null) {
            return null;
        }
        ObjectNode answer = json.createObjectNode();
        ObjectNode item = answer.putArray("detail").addObject().put("type", "value_error");
        item.putArray("loc").add("body");
        item.put("msg", why);
        item.putObject("ctx");
        return answer;
    }

    /**
     * src/crud/message.py create_messages: gets or creates the session with the messages' peers
     * (get_or_create_session with one SessionPeerConfig per peer_id) before adding them.
     */
    private Reply messages(String w, String s, JsonNode body) {
        ObjectNode session = json.createObjectNode().put("id", s);
        ObjectNode peers = session.putObject("peers");
        for (JsonNode m : body.get("messages")) {
            peers.putObject(m.get("peer_id").asText());
        }
        store.session(w, session, new boolean[1]);
        return new Reply(201, array(store.addMessages(w, s, body)));
    }

    private Reply conclusions(String w, JsonNode body) {
        for (JsonNode c : body.get("conclusions")) {
            for (String peer : List.of(c.get("observer_id").asText(), c.get("observed_id").asText())) {
                if (!store.hasPeer(w, peer)) {
                    return detail(404, "Peer " + peer + " not found");
                }
            }
            if (c.hasNonNull("session_id") && !store.hasSession(w, c.get("session_id").asText())) {
                return detail(404, "Session " + c.get("session_id").asText() + " not found");
            }
        }
        return new Reply(201, array(store.addConclusions(w, body)));
    }

    /** honcho.md: a query needs both the observer and the observed in its filters. */
    private Reply query(String w, JsonNode body) {
        JsonNode filters = filters(body);
        if (filters == null || !filters.has("observer_id") || !filters.has("observed_id")) {
            return detail(422, "observer_id and observed_id are required in filters");
        }
        return new Reply(200, array(store.conclusions(w, filters, body.get("query").asText(),
                body.path("top_k").asInt(SEARCH_LIMIT_DEFAULT))));
    }

    /**
     * Workspace chat, which 3.0.12 lacks (FakeHoncho answers it 404 unless a test stands for a newer
     * server): the fake's dialectic over the whole workspace, every conclusion and message.
     */
    private Reply chat(String w, JsonNode body) {
        String query = body.get("query").asText();
        return said(store.conclusions(w, null, query, SEARCH_LIMIT_DEFAULT),
                store.messages(w, null, null, query, SEARCH_LIMIT_DEFAULT));
    }

    /**
     * Peer chat ({@code src/routers/peers.py} {@code chat}): gets or creates the peer and its workspace
     * ({@code crud.get_or_create_peers}), then reasons as that peer, observer = the peer, observed =
     * {@code target} or the peer; a target that does not exist is 404 ({@code src/dialectic/chat.py}
     * {@code agentic_chat}'s {@code crud.get_peer} for the observed). The fake's dialectic: the
     * conclusions of that observer about that observed, then the messages of the sessions the peer
     * belongs to ({@link FakeStore#messagesSeenBy}), each matching the query by the search rule.
     */
    private Reply peerChat(String w, String peer, JsonNode body) {
        store.chatPeer(w, peer);
        String observed = body.hasNonNull("target") ? body.get("target").asText() : peer;
        if (!store.hasPeer(w, observed)) {
            return detail(404, "Peer " + observed + " not found");
        }
        String query = body.get("query").asText();
        ObjectNode filters = json.createObjectNode().put("observer_id", peer).put("observed_id", observed);
        return said(store.conclusions(w, filters, query, SEARCH_LIMIT_DEFAULT),
                store.messagesSeenBy(w, peer, query, SEARCH_LIMIT_DEFAULT));
    }

    /** A chat's answer: the contents of what the dialectic found, one a line, or {@code content: null}. */
    private Reply said(List<ObjectNode> conclusions, List<ObjectNode> messages) {
        StringBuilder content = new StringBuilder();
        for (ObjectNode found : conclusions) {
            content.append(content.length() > 0 ? "\n" : "").append(found.get("content").asText());
        }
        for (ObjectNode found : messages) {
            content.append(content.length() > 0 ? "\n" : "").append(found.get("content").asText());
        }
        ObjectNode answer = json.createObjectNode();
        if (content.length() == 0) {
            answer.putNull("content");
        } else {
            answer.put("content", content.toString());
        }
        return new Reply(200, answer);
    }

    private Reply page(List<ObjectNode> all, Map<String, String> query) {
        int size = Math.min(PAGE_SIZE_MAX, Math.max(1, parse(query.get("size"), PAGE_SIZE_DEFAULT)));
        int page = Math.max(1, parse(query.get("page"), 1));
        if ("true".equals(query.get("reverse"))) {
            all = new java.util.ArrayList<>(all);
            java.util.Collections.reverse(all);
        }
        int from = Math.min(all.size(), (page - 1) * size);
        ObjectNode answer = json.createObjectNode();
        answer.set("items", array(all.subList(from, Math.min(all.size(), from + size))));
        answer.put("total", all.size()).put("page", page).put("size", size)
                .put("pages", (all.size() + size - 1) / size);
        return new Reply(200, answer);
    }

    private static int parse(String value, int otherwise) {
        try {
            return value == null ? otherwise : Integer.parseInt(value);
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    private static JsonNode filters(JsonNode body) {
        return body == null || body.isNull() ? null : body.get("filters");
    }

    /**
     * 201 when made, 200 when it existed: {@code response.status_code = 201 if result.created else 200}
     * in {@code src/routers/workspaces.py} {@code get_or_create_workspace}, {@code src/routers/peers.py}
     * {@code get_or_create_peer} and {@code src/routers/sessions.py} {@code get_or_create_session}.
     */
    private Reply created(ObjectNode entity, boolean created) {
        return new Reply(created ? 201 : 200, entity);
    }

    private ArrayNode array(List<ObjectNode> items) {
        ArrayNode array = json.createArrayNode();
        items.forEach(array::add);
        return array;
    }

    /** Honcho's error shape: {@code {"detail": "<sentence>"}}. */
    Reply detail(int status, String sentence) {
        return new Reply(status, json.createObjectNode().put("detail", sentence));
    }
}
