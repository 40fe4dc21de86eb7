package dev.boxmaker.memoryd.honcho.fake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

/**
 * The fake's data, in memory, as Honcho answers it: workspaces, peers, sessions (with their peers),
 * messages in the order they were added, conclusions. Every method is synchronized: one request at a
 * time touches it.
 *
 * <p>Searching, the fake's own rule (the real server mixes embeddings and full text): a text's words
 * are its runs of letters and digits, lower-cased; a message or conclusion matches a query when every
 * word of the query is one of its words; matches come oldest first, up to the limit. An empty query
 * matches everything.
 */
final class FakeStore {
    /** The length of the ids the server makes for messages and conclusions. */
    static final int ID_CHARS = 21;
    private static final String ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

    private final ObjectMapper json;
    private final Random random = new Random(24);
    private final Map<String, ObjectNode> workspaces = new LinkedHashMap<>();
    private final Map<String, Map<String, ObjectNode>> peers = new LinkedHashMap<>();
    private final Map<String, Map<String, ObjectNode>> sessions = new LinkedHashMap<>();
    private final Map<String, Map<String, ObjectNode>> sessionPeers = new LinkedHashMap<>();
    private final Map<String, List<ObjectNode>> messages = new LinkedHashMap<>();
    private final Map<String, Map<String, ObjectNode>> conclusions = new LinkedHashMap<>();

    FakeStore(ObjectMapper json) {
        this.json = json;
    }

    synchronized boolean hasWorkspace(String w) {
        return workspaces.containsKey(w);
    }

    synchronized boolean hasPeer(String w, String p) {
        return peers.getOrDefault(w, Map.of()).containsKey(p);
    }

    synchronized boolean hasSession(String w, String s) {
        return sessions.getOrDefault(w, Map.of()).containsKey(s);
    }

    /**
     * Get or create; {@code created[0]} says which. An existing workspace is returned unchanged, the
     * metadata and configuration sent not applied ({@code src/crud/workspace.py} {@code get_or_create_workspace}
     * returns the one {@code _fetch_workspace} found as it is).
     */
    synchronized ObjectNode workspace(JsonNode body, boolean[] created) {
        String id = body.get("id").asText();
        created[0] = !workspaces.containsKey(id);
        return workspaces.computeIfAbsent(id, k -> {
            ObjectNode w = entity(id);
            w.set("metadata", objectOr(body.get("metadata")));
            w.set("configuration", objectOr(body.get("configuration")));
            return w;
        }).deepCopy();
    }

    synchronized ObjectNode workspaceOf(String id) {
        ObjectNode w = workspaces.get(id);
        return w == null ? null : w.deepCopy();
    }

    /**
     * {@code src/crud/workspace.py} {@code update_workspace}: get or create (so a workspace that does not
     * exist is made, with the metadata given or none), metadata replaced when given, and the configuration's
     * keys merged into the stored one: each key given replaces that key whole, keys not given are kept.
     */
    synchronized ObjectNode updateWorkspace(String id, JsonNode body) {
        ObjectNode w = workspaces.computeIfAbsent(id, k -> {
            ObjectNode made = entity(id);
            made.putObject("metadata");
            made.putObject("configuration");
            return made;
        });
        if (body.hasNonNull("metadata")) {
            w.set("metadata", body.get("metadata").deepCopy());
        }
        if (body.hasNonNull("configuration")) {
            ((ObjectNode) w.get("configuration")).setAll(dumped((ObjectNode) body.get("configuration")));
        }
        return w.deepCopy();
    }

    /** {@code WorkspaceConfiguration}'s own sections ({@code src/schemas/configuration.py}), each a model. */
    private static final List<String> CONFIGURATION_SECTIONS = List.of("reasoning", "peer_card", "summary", "dream");

    /**
     * A configuration as {@code src/crud/workspace.py} {@code update_workspace} merges it:
     * {@code workspace.configuration.model_dump(exclude_none=True)}, so a key given as null, or a null
     * inside one of the configuration's own sections, is left out (and a key left out changes nothing).
     */
    private static ObjectNode dumped(ObjectNode configuration) {
        ObjectNode dumped = withoutNulls(configuration.deepCopy());
        for (String section : CONFIGURATION_SECTIONS) {
            if (dumped.get(section) instanceof ObjectNode inner) {
                withoutNulls(inner);
            }
        }
        return dumped;
    }

    private static ObjectNode withoutNulls(ObjectNode node) {
        List<String> nulls = new ArrayList<>();
        node.fieldNames().forEachRemaining(name -> {
            if (node.get(name).isNull()) {
                nulls.add(name);
            }
        });
        node.remove(nulls);
        return node;
    }

    /**
     * A workspace made by a route that gets or creates something in it: no metadata, no configuration
     * ({@code src/crud/peer.py} {@code get_or_create_peers} and {@code src/crud/session.py}
     * {@code get_or_create_session} both call {@code src/crud/workspace.py} {@code get_or_create_workspace}
     * with a bare {@code WorkspaceCreate(name=...)}, whose configuration dumps to {@code {}}).
     */
    synchronized void ensureWorkspace(String w) {
        workspaces.computeIfAbsent(w, k -> {
            ObjectNode made = entity(w);
            made.putObject("metadata");
            made.putObject("configuration");
            return made;
        });
    }

    /** Get or create; an existing peer's configuration is replaced when a different one is sent. */
    synchronized ObjectNode peer(String w, JsonNode body, boolean[] created) {
        ensureWorkspace(w);
        String id = body.get("id").asText();
        Map<String, ObjectNode> all = peers.computeIfAbsent(w, k -> new LinkedHashMap<>());
        created[0] = !all.containsKey(id);
        ObjectNode peer = all.computeIfAbsent(id, k -> {
            ObjectNode p = entity(id).put("workspace_id", w);
            p.set("metadata", objectOr(body.get("metadata")));
            p.set("configuration", json.createObjectNode());
            return p;
        });
        if (body.hasNonNull("configuration")) {
            peer.set("configuration", body.get("configuration").deepCopy());
        }
        return peer.deepCopy();
    }

    /**
     * Get or create; the peers given are made members (src/crud/session.py get_or_create_session: "any
     * provided peers are ensured to be members", created where new), those already in it keep their settings.
     */
    synchronized ObjectNode session(String w, JsonNode body, boolean[] created) {
        ensureWorkspace(w);
        String id = body.get("id").asText();
        Map<String, ObjectNode> all = sessions.computeIfAbsent(w, k -> new LinkedHashMap<>());
        created[0] = !all.containsKey(id);
        ObjectNode session = all.computeIfAbsent(id, k -> {
            ObjectNode s = entity(id).put("is_active", true).put("workspace_id", w);
            s.set("metadata", objectOr(body.get("metadata")));
            s.set("configuration", objectOr(body.get("configuration")));
            return s;
        });
        Map<String, ObjectNode> in = sessionPeers.computeIfAbsent(w + "/" + id, k -> new LinkedHashMap<>());
        JsonNode wanted = body.get("peers");
        if (wanted != null && wanted.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = wanted.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                ensurePeer(w, e.getKey());
                in.putIfAbsent(e.getKey(), objectOr(e.getValue()));
            }
        }
        return session.deepCopy();
    }

    /** Every workspace, peer and session, sorted (for tests). */
    synchronized List<String> entities() {
        Set<String> all = new TreeSet<>(workspaces.keySet());
        peers.forEach((w, ps) -> ps.keySet().forEach(p -> all.add(w + "/peer " + p)));
        sessions.forEach((w, ss) -> ss.keySet().forEach(s -> all.add(w + "/session " + s)));
        return List.copyOf(all);
    }

    /** A session's peers and their settings, for tests. */
    synchronized Map<String, ObjectNode> sessionPeers(String w, String s) {
        return Map.copyOf(sessionPeers.getOrDefault(w + "/" + s, Map.of()));
    }

    /** The peers that are members of a session, as peers (for the session's peers route). */
    synchronized List<ObjectNode> memberPeers(String w, String s) {
        List<ObjectNode> members = new ArrayList<>();
        for (String p : sessionPeers.getOrDefault(w + "/" + s, Map.of()).keySet()) {
            members.add(peers.get(w).get(p).deepCopy());
        }
        return members;
    }

    /**
     * Every message added, echoed whole ({@code src/routers/messages.py} {@code create_messages_for_session}:
     * 201, {@code list[schemas.Message]}, each with id, content, peer, session, metadata, time, workspace
     * and token count).
     */
    synchronized List<ObjectNode> addMessages(String w, String s, JsonNode batch) {
        List<ObjectNode> added = new ArrayList<>();
        for (JsonNode m : batch.get("messages")) {
            ensurePeer(w, m.get("peer_id").asText());
            ObjectNode message = entity(newId()).put("content", m.get("content").asText())
                    .put("peer_id", m.get("peer_id").asText()).put("session_id", s).put("workspace_id", w)
                    .put("token_count", words(m.get("content").asText()).size());
            message.set("metadata", objectOr(m.get("metadata")));
            if (m.hasNonNull("created_at")) {
                message.put("created_at", m.get("created_at").asText());
            }
            messages.computeIfAbsent(w, k -> new ArrayList<>()).add(message);
            added.add(message.deepCopy());
        }
        return added;
    }

    /** Messages of the workspace (of one session when {@code s} is given) matching {@code filters} and the query. */
    synchronized List<ObjectNode> messages(String w, String s, JsonNode filters, String query, int limit) {
        List<ObjectNode> found = new ArrayList<>();
        for (ObjectNode m : messages.getOrDefault(w, List.of())) {
            boolean inSession = s == null || s.equals(m.get("session_id").asText());
            if (inSession && matches(m, filters) && contains(m, query) && found.size() < limit) {
                found.add(m.deepCopy());
            }
        }
        return found;
    }

    /**
     * The messages of the sessions {@code peer} belongs to that match the query, oldest first: what peer
     * chat's dialectic may search ({@code src/routers/peers.py} {@code chat} passes {@code observer=peer_id}
     * to {@code src/dialectic/chat.py} {@code agentic_chat}; the dialectic's message tools in
     * {@code src/utils/agent_tools.py} "scope results to sessions this peer belongs to", and
     * {@code src/utils/search.py} {@code search} joins the session-peers table for that perspective).
     */
    synchronized List<ObjectNode> messagesSeenBy(String w, String peer, String query, int limit) {
        List<ObjectNode> found = new ArrayList<>();
        for (ObjectNode m : messages.getOrDefault(w, List.of())) {
            boolean member = sessionPeers.getOrDefault(w + "/" + m.get("session_id").asText(), Map.of()).containsKey(peer);
            if (member && contains(m, query) && found.size() < limit) {
                found.add(m.deepCopy());
            }
        }
        return found;
    }

    /** A workspace's peers matching {@code filters}, oldest first; none for a workspace that does not exist. */
    synchronized List<ObjectNode> peers(String w, JsonNode filters) {
        List<ObjectNode> found = new ArrayList<>();
        for (ObjectNode p : peers.getOrDefault(w, Map.of()).values()) {
            if (matches(p, filters)) {
                found.add(p.deepCopy());
            }
        }
        return found;
    }

    /** Gets or creates {@code peer} (and its workspace), as peer chat does. */
    synchronized void chatPeer(String w, String peer) {
        ensureWorkspace(w);
        ensurePeer(w, peer);
    }

    /**
     * Conclusions carry no metadata: {@code src/schemas/api.py} {@code ConclusionCreate} has only
     * content, observer, observed and session (a {@code metadata} sent is ignored, pydantic's default),
     * and {@code src/routers/conclusions.py} {@code create_conclusions} answers 201 with
     * {@code schemas.Conclusion}, which has none. A conclusion is found by a query the moment it is made
     * ({@code crud.create_observations} stores it with its embedding before answering).
     */
    synchronized List<ObjectNode> addConclusions(String w, JsonNode batch) {
        List<ObjectNode> added = new ArrayList<>();
        for (JsonNode c : batch.get("conclusions")) {
            String id = newId();
            ObjectNode conclusion = entity(id).put("content", c.get("content").asText())
                    .put("observer_id", c.get("observer_id").asText())
                    .put("observed_id", c.get("observed_id").asText()).put("level", "explicit");
            conclusion.set("session_id", c.hasNonNull("session_id") ? c.get("session_id") : json.nullNode());
            conclusions.computeIfAbsent(w, k -> new LinkedHashMap<>()).put(id, conclusion);
            added.add(conclusion.deepCopy());
        }
        return added;
    }

    synchronized List<ObjectNode> conclusions(String w, JsonNode filters, String query, int limit) {
        List<ObjectNode> found = new ArrayList<>();
        for (ObjectNode c : conclusions.getOrDefault(w, Map.of()).values()) {
            if (matches(c, filters) && contains(c, query) && found.size() < limit) {
                found.add(c.deepCopy());
            }
        }
        return found;
    }

    synchronized boolean deleteConclusion(String w, String id) {
        return conclusions.getOrDefault(w, new LinkedHashMap<>()).remove(id) != null;
    }

    private void ensurePeer(String w, String p) {
        peers.computeIfAbsent(w, k -> new LinkedHashMap<>()).computeIfAbsent(p, k -> {
            ObjectNode peer = entity(p).put("workspace_id", w);
            peer.putObject("metadata");
            peer.putObject("configuration");
            return peer;
        });
    }

    /**
     * Filters as the fake reads them: {@code metadata} (each key equal), and any other key compared
     * with the field of that name ({@code peer_id}, {@code session_id}, {@code observer_id}, ...).
     */
    private static boolean matches(ObjectNode item, JsonNode filters) {
        if (filters == null || !filters.isObject()) {
            return true;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = filters.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            if (f.getKey().equals("metadata") && f.getValue().isObject()) {
                JsonNode metadata = item.get("metadata");
                for (Iterator<Map.Entry<String, JsonNode>> m = f.getValue().fields(); m.hasNext(); ) {
                    Map.Entry<String, JsonNode> want = m.next();
                    if (metadata == null || !want.getValue().equals(metadata.get(want.getKey()))) {
                        return false;
                    }
                }
            } else if (!f.getValue().equals(item.get(f.getKey()))) {
                return false;
            }
        }
        return true;
    }

    private static boolean contains(ObjectNode item, String query) {
        return query == null || words(item.get("content").asText()).containsAll(words(query));
    }

    /** The search rule's words: runs of letters and digits, lower-cased. */
    static Set<String> words(String text) {
        Set<String> words = new TreeSet<>();
        for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (!w.isEmpty()) {
                words.add(w);
            }
        }
        return words;
    }

    private ObjectNode entity(String id) {
        return json.createObjectNode().put("id", id).put("created_at", Instant.now().toString());
    }

    private ObjectNode objectOr(JsonNode node) {
        return node != null && node.isObject() ? ((ObjectNode) node).deepCopy() : json.createObjectNode();
    }

    private String newId() {
        StringBuilder id = new StringBuilder(ID_CHARS);
        for (int i = 0; i < ID_CHARS; i++) {
            id.append(ID_ALPHABET.charAt(random.nextInt(ID_ALPHABET.length())));
        }
        return id.toString();
    }
}
