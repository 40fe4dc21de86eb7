package dev.boxmaker.memoryd.honcho.decide;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * Where a finished turn goes and why (the M5c spec, sections 4 and 5.2): the ledger's {@code decided}
 * line for a turn item. {@code reason} is one of the constants here, or {@link #knownPrefixSecret}'s
 * form naming the sanitizer's rule (never the secret).
 */
@JsonPropertyOrder({"session", "turn", "destination", "reason"})
public record TurnDecision(
        @JsonProperty(value = "session", required = true) String session,
        @JsonProperty(value = "turn", required = true) long turn,
        @JsonProperty(value = "destination", required = true) Destination destination,
        @JsonProperty(value = "reason", required = true) String reason) implements TurnOutcome {

    /** brokerd and the log both say the session was clean, and its class is at most private. */
    public static final String CLEAN = "clean";
    /** brokerd says the session read untrusted content. */
    public static final String UNTRUSTED_BY_BROKERD = "untrusted-by-brokerd";
    /** A tool result in the log is labelled untrusted (brokerd said clean, or forgot the session). */
    public static final String UNTRUSTED_BY_LOG = "untrusted-by-log";
    /** An earlier attempt at this turn saw the session untrusted, though neither source says so now. */
    public static final String UNTRUSTED_EARLIER = "untrusted-earlier";
    /** The session's class is {@code secret}: never synced, to any workspace. */
    public static final String SECRET_CLASS = "secret-class";
    /** loopd logged no speaker (none was given, or a burst joined several people). */
    public static final String NO_SPEAKER = "no-speaker";
    /** The speaker's name is not a valid Honcho peer name, even with {@code .} read as {@code _}. */
    public static final String INVALID_SPEAKER = "invalid-speaker";
    /** The speaker's peer name is the agent's own ({@code [honcho] agent}, in any case): never written as the agent. */
    public static final String SPEAKER_LIKE_AGENT = "speaker-like-agent";
    /**
     * The speaker's peer name is the owner's ({@code [honcho] owner} or {@code [memory] owner}) in another
     * case, and the speaker is not the owner: never a second owner peer.
     */
    public static final String SPEAKER_LIKE_OWNER = "speaker-like-owner";
    /** The log does not hold the turn finished, and loopd has finished a later one: it never will. */
    public static final String UNFINISHED = "unfinished";
    /** The prefix of {@link #knownPrefixSecret}'s reasons. */
    public static final String KNOWN_PREFIX_SECRET = "known-prefix-secret:";

    public TurnDecision {
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(destination, "destination");
        Objects.requireNonNull(reason, "reason");
    }

    /** The reason for a turn whose text or reply breaks the sanitizer's secret rule {@code rule}. */
    public static String knownPrefixSecret(String rule) {
        return KNOWN_PREFIX_SECRET + rule;
    }
}
