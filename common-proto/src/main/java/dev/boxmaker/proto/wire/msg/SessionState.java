package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.boxmaker.proto.SessionId;

/** Asks brokerd for a session's taint. Kind {@code session_state} (wire.md). */
public record SessionState(
        @JsonProperty(value = "session", required = true) SessionId session) implements Message {
    public static final String KIND = "session_state";

    public SessionState {
        Fields.require(session, "session");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
