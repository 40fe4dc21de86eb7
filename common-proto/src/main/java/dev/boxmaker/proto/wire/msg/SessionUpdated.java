package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.boxmaker.proto.SessionId;

/** A session has new records up to this finished turn. Kind {@code session_updated} (wire.md). */
public record SessionUpdated(
        @JsonProperty(value = "session", required = true) SessionId session,
        @JsonProperty(value = "turn", required = true) long turn) implements Message {
    public static final String KIND = "session_updated";

    public SessionUpdated {
        Fields.require(session, "session");
        Fields.notNegative(turn, "turn");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
