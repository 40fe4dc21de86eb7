package dev.boxmaker.memoryd.honcho.mirror;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Objects;

/**
 * What one journalled edit sends to Honcho, and why (the ledger's {@code decided} line for an edit
 * item): {@code edit} is the journal id; {@code ops} are in the order to send them, deletions first;
 * {@code reason} is {@link #MIRRORED} when there are ops, else why there are none.
 */
@JsonPropertyOrder({"edit", "ops", "reason"})
public record MirrorPlan(
        @JsonProperty(value = "edit", required = true) String edit,
        @JsonProperty(value = "ops", required = true) List<MirrorOp> ops,
        @JsonProperty(value = "reason", required = true) String reason) {

    /** The edit has operations to send. */
    public static final String MIRRORED = "mirrored";
    /** The edit was made in a {@code secret} session: nothing above private is written to Honcho. */
    public static final String SECRET_CLASS = "secret-class";
    /** The prefix of a flagged note's reason, followed by the flag rule's name: it stays local. */
    public static final String FLAGGED = "flagged:";
    /**
     * The prefix of the reason of an edit whose text breaks a secret rule, followed by the rule's name
     * (never the secret): a known-prefix secret or a configured secret's value, the Honcho keys included.
     */
    public static final String SECRET_HELD = "secret-held:";
    /** Entries moved out of identity by consolidate, and nothing else: their conclusions stay as they are. */
    public static final String MOVED_OUT = "moved-out";
    /** An identity edit journalled as untrusted, which memoryd never applies: nothing is trusted from it. */
    public static final String UNTRUSTED_IDENTITY = "untrusted-identity";
    /** The edit changed no entry (a reject, or an edit whose before and after are equal). */
    public static final String NOTHING_CHANGED = "nothing-changed";

    public MirrorPlan {
        Objects.requireNonNull(edit, "edit");
        Objects.requireNonNull(reason, "reason");
        ops = List.copyOf(ops);
    }

    static MirrorPlan nothing(String edit, String reason) {
        return new MirrorPlan(edit, List.of(), reason);
    }
}
