package dev.boxmaker.memoryd.honcho.mirror;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Whose conclusion a memory write is (the M5c spec, section 4): observer and observed are the same
 * peer, the owner's for a {@code user.md} entry, the agent's for a {@code memory.md} entry or a note.
 * The worker maps each to the configured name ({@code [honcho] owner}, {@code [honcho] agent}).
 */
public enum Peer {
    OWNER("owner"),
    AGENT("agent");

    private final String word;

    Peer(String word) {
        this.word = word;
    }

    @JsonValue
    public String word() {
        return word;
    }
}
