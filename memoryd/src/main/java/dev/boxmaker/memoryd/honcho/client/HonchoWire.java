package dev.boxmaker.memoryd.honcho.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * The bodies of the routes memoryd uses (honcho.md, "Routes the client uses"), as Jackson writes and
 * reads them. An absent optional field is left out of a request, never sent as null. An answer's
 * unknown fields are ignored; {@link #complete} says whether the fields memoryd relies on are there.
 */
public final class HonchoWire {
    private HonchoWire() {
    }

    /** Workspace configuration: reasoning, summaries and dreaming each on or off. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record WorkspaceConfiguration(Enabled reasoning, Enabled summary, Enabled dream) {
        /** The fleet workspace's: all three off (the M5c spec, section 6). */
        public static final WorkspaceConfiguration ALL_OFF =
                new WorkspaceConfiguration(Enabled.OFF, Enabled.OFF, Enabled.OFF);
    }

    /** {@code {"enabled": bool}}. */
    public record Enabled(boolean enabled) {
        public static final Enabled OFF = new Enabled(false);
    }

    /** {@code POST /v3/workspaces}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record WorkspaceCreate(String id, Map<String, Object> metadata, WorkspaceConfiguration configuration) {
    }

    /** {@code POST /v3/workspaces/{w}/peers}; {@code configuration} e.g. {@code {"observe_me": false}}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record PeerCreate(String id, Map<String, Object> metadata, Map<String, Object> configuration) {
    }

    /** A peer's settings in one session. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SessionPeer(@JsonProperty("observe_me") Boolean observeMe,
            @JsonProperty("observe_others") Boolean observeOthers) {
    }

    /** {@code POST /v3/workspaces/{w}/sessions}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SessionCreate(String id, Map<String, Object> metadata, Map<String, SessionPeer> peers) {
    }

    /** One message to add; {@code content} at most 25,000 characters. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record MessageCreate(@JsonProperty("peer_id") String peerId, String content, Map<String, Object> metadata,
            @JsonProperty("created_at") String createdAt) {
    }

    /** {@code POST …/sessions/{s}/messages}: 1 to 100 messages. */
    public record MessageBatch(List<MessageCreate> messages) {
    }

    /** {@code POST …/sessions/{s}/messages/list} and {@code …/conclusions/list}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ListFilter(Map<String, Object> filters) {
    }

    /** {@code POST /v3/workspaces/{w}/search}: {@code limit} 1 to 100. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SearchQuery(String query, int limit, Map<String, Object> filters) {
    }

    /** One conclusion to create. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ConclusionCreate(String content, @JsonProperty("observer_id") String observerId,
            @JsonProperty("observed_id") String observedId, @JsonProperty("session_id") String sessionId) {
    }

    /** {@code POST /v3/workspaces/{w}/conclusions}: 1 to 100 conclusions. */
    public record ConclusionBatch(List<ConclusionCreate> conclusions) {
    }

    /** {@code POST …/conclusions/query}: both observer and observed in {@code filters}. */
    public record ConclusionQuery(String query, @JsonProperty("top_k") int topK, Map<String, Object> filters) {
    }

    /** {@code POST …/chat}; never streamed. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ChatQuery(String query, @JsonProperty("reasoning_level") String reasoningLevel, boolean stream,
            String target) {
    }

    /** A message as Honcho answers it. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Message(String id, String content, @JsonProperty("peer_id") String peerId,
            @JsonProperty("session_id") String sessionId, Map<String, Object> metadata,
            @JsonProperty("created_at") String createdAt, @JsonProperty("workspace_id") String workspaceId) {
    }

    /** A conclusion as Honcho answers it. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Conclusion(String id, String content, @JsonProperty("observer_id") String observerId,
            @JsonProperty("observed_id") String observedId, @JsonProperty("session_id") String sessionId,
            @JsonProperty("created_at") String createdAt) {
    }

    /** {@code PUT /v3/workspaces/{w}}: the configuration to merge into the workspace's. */
    public record WorkspaceUpdate(WorkspaceConfiguration configuration) {
    }

    /**
     * What the workspace get-or-create answers: its configuration as stored, which for a workspace
     * that existed is not the one sent ({@code src/crud/workspace.py} {@code get_or_create_workspace}).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Workspace(String id, Map<String, Object> configuration) {
        /** Whether reasoning, summaries and dreaming are each stored as {@code {"enabled": false}}. */
        public boolean allOff() {
            return configuration != null && off("reasoning") && off("summary") && off("dream");
        }

        private boolean off(String key) {
            return configuration.get(key) instanceof Map<?, ?> m && Boolean.FALSE.equals(m.get("enabled"));
        }
    }

    /** A page of a list. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Page<T>(List<T> items, Integer total, Integer page, Integer size, Integer pages) {
    }

    /** What a get-or-create answers; only its id is read. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Created(String id) {
    }

    /** A chat's answer: {@code content} may be null. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ChatAnswer(String content) {
    }

    /** Whether an answer holds what memoryd relies on: ids where there must be ids. */
    static boolean complete(Object answer) {
        if (answer instanceof List<?> list) {
            return list.stream().allMatch(HonchoWire::complete);
        }
        if (answer instanceof Message m) {
            return m.id() != null && m.content() != null && m.peerId() != null;
        }
        if (answer instanceof Conclusion c) {
            return c.id() != null && c.content() != null;
        }
        if (answer instanceof Page<?> p) {
            return p.items() != null && complete(p.items());
        }
        if (answer instanceof Created c) {
            return c.id() != null;
        }
        return answer != null;
    }
}
