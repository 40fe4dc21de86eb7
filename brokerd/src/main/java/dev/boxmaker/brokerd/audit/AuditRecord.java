package dev.boxmaker.brokerd.audit;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.wire.msg.Outcome;

/**
 * One line of {@code audit/YYYY-MM.jsonl} (brokerd.md, "The audit log"). The arguments are never
 * written (they can hold what the session read); their SHA-256 is. {@code class} and {@code untrusted}
 * are the answer's combined label.
 */
public record AuditRecord(
        @JsonProperty(value = "time", required = true) String time,
        @JsonProperty(value = "session", required = true) String session,
        @JsonProperty(value = "call", required = true) String call,
        @JsonProperty(value = "tool", required = true) String tool,
        @JsonProperty(value = "args_sha256", required = true) String argsSha256,
        @JsonProperty("grant") String grant,
        @JsonProperty("grant_sha256") String grantSha256,
        @JsonProperty(value = "decision", required = true) String decision,
        @JsonProperty(value = "outcome", required = true) Outcome outcome,
        @JsonProperty(value = "class", required = true) DataClass dataClass,
        @JsonProperty(value = "untrusted", required = true) boolean untrusted) {

    public static final String AUTO = "auto";
    public static final String APPROVED = "approved";
    public static final String DENIED = "denied";
    public static final String TIMED_OUT = "timed-out";

    public AuditRecord {
        if (time == null || session == null || call == null || tool == null || argsSha256 == null
                || decision == null || outcome == null || dataClass == null) {
            throw new IllegalArgumentException("an audit record lacks a required field");
        }
    }

    public Label label() {
        return new Label(dataClass, untrusted);
    }
}
