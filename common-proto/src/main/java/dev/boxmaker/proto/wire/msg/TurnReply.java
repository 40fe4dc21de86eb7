package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.boxmaker.proto.SessionId;

/** The agent's reply to a turn. Kind {@code turn_reply} (wire.md). */
public record TurnReply(
        @JsonProperty(value = "session", required = true) SessionId session,
        @JsonProperty(value = "turn", required = true) long turn,
        @JsonProperty(value = "text", required = true) String text) implements Message {
    public static final String KIND = "turn_reply";

    public TurnReply {
        Fields.require(session, "session");
        Fields.notNegative(turn, "turn");
        Fields.require(text, "text");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
