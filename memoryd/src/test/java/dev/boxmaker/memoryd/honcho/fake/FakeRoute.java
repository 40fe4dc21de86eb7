package dev.boxmaker.memoryd.honcho.fake;

/**
 * The routes the fake serves (honcho.md, "Routes the client uses"), each with the OpenAPI document's
 * schema for its request body, or none (a delete; workspace chat, which the document lacks, is held
 * to its own rule in {@link FakeRoutes}).
 */
public enum FakeRoute {
    WORKSPACE("POST", "/v3/workspaces", "WorkspaceCreate"),
    WORKSPACE_UPDATE("PUT", "/v3/workspaces/:w", "WorkspaceUpdate"),
    PEER("POST", "/v3/workspaces/:w/peers", "PeerCreate"),
    PEER_LIST("POST", "/v3/workspaces/:w/peers/list", "PeerGet"),
    SESSION("POST", "/v3/workspaces/:w/sessions", "SessionCreate"),
    SESSION_PEERS("GET", "/v3/workspaces/:w/sessions/:s/peers", null),
    MESSAGES("POST", "/v3/workspaces/:w/sessions/:s/messages", "MessageBatchCreate"),
    MESSAGE_LIST("POST", "/v3/workspaces/:w/sessions/:s/messages/list", "MessageGet"),
    SEARCH("POST", "/v3/workspaces/:w/search", "MessageSearchOptions"),
    CONCLUSIONS("POST", "/v3/workspaces/:w/conclusions", "ConclusionBatchCreate"),
    CONCLUSION_LIST("POST", "/v3/workspaces/:w/conclusions/list", "ConclusionGet"),
    CONCLUSION_QUERY("POST", "/v3/workspaces/:w/conclusions/query", "ConclusionQuery"),
    CONCLUSION_DELETE("DELETE", "/v3/workspaces/:w/conclusions/:id", null),
    WORKSPACE_CHAT("POST", "/v3/workspaces/:w/chat", null),
    PEER_CHAT("POST", "/v3/workspaces/:w/peers/:p/chat", "DialecticOptions");

    private final String method;
    private final String path;
    private final String schema;

    FakeRoute(String method, String path, String schema) {
        this.method = method;
        this.path = path;
        this.schema = schema;
    }

    public String method() {
        return method;
    }

    /** The path as Vert.x web matches it ({@code :w} a parameter). */
    public String path() {
        return path;
    }

    /** The component of the OpenAPI document its body is validated against, or null. */
    String schema() {
        return schema;
    }

    /** Whether a body may be absent (the lists take an optional filter). */
    boolean bodyOptional() {
        return this == MESSAGE_LIST || this == CONCLUSION_LIST || this == CONCLUSION_DELETE || this == PEER_LIST;
    }
}
