package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.boxmaker.proto.SessionId;

/** One turn of a conversation: what the person said. Kind {@code turn} (wire.md). */
public record Turn(
        @JsonProperty(value = "session", required = true) SessionId session,
        @JsonProperty(value = "text", required = true) String text,
        @JsonProperty("speaker") String speaker) implements Message {
    public static final String KIND = "turn";

    public Turn {
        Fields.require(session, "session");
        Fields.require(text, "text");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
