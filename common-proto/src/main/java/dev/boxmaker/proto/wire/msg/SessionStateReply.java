package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.boxmaker.proto.DataClass;

/** A session's taint. Kind {@code session_state_reply} (wire.md). */
public record SessionStateReply(
        @JsonProperty(value = "class", required = true) DataClass dataClass,
        @JsonProperty(value = "untrusted", required = true) boolean untrusted) implements Message {
    public static final String KIND = "session_state_reply";

    public SessionStateReply {
        Fields.require(dataClass, "class");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
