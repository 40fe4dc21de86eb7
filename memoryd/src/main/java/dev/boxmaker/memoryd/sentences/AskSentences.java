package dev.boxmaker.memoryd.sentences;

/** The lines ask_memory logs about the server it asks (docs/decisions.md, "ask_memory without workspace chat"). */
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
}
