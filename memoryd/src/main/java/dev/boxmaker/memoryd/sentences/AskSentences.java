package dev.boxmaker.memoryd.sentences;

/**
 * ask_memory's answers and the owner's {@code bxctl memory ask}, and the lines ask_memory logs about the server
 * it asks (docs/decisions.md, "ask_memory without workspace chat").
 */
public final class AskSentences {
    private AskSentences() {
    }

    /** Logged once, when the server's document lists workspace chat. */
    public static final String WORKSPACE_CHAT_SERVED =
            "honcho has workspace chat; ask_memory asks each workspace's chat (the fleet by a search)";

    /** Logged once, when it does not (Honcho 3.0.12). */
    public static final String WORKSPACE_CHAT_MISSING =
            "honcho has no workspace chat; ask_memory asks each workspace as the peers that belong there"
                    + " (the fleet by a search)";

    // ask_memory (the M5c spec, section 9) and the owner's bxctl memory ask.

    public static final String ASK_MEMORY_NOT_CONFIGURED = "fleet memory is not configured: memoryd.toml has no"
            + " [honcho] section, so ask_memory has nothing to ask; use recall to search this agent's own memory";

    public static final String ASK_USAGE = "ask takes ask_memory's arguments as a JSON object:"
            + " {\"question\": \"...\", \"workspaces\": [\"own\"]}";

    /** {@code name} is a valid Honcho id (brokerd and memoryd checked its shape), so it is quoted as it is. */
    public static String askUnknownWorkspace(String name, java.util.List<String> names) {
        return "ask_memory: \"" + name + "\" is not a workspace this agent reads; name one of "
                + String.join(", ", names);
    }

    public static String askUnavailable(String name) {
        return name + ": unavailable";
    }

    public static String askNothingFound(String name) {
        return name + ": no answer";
    }
}
