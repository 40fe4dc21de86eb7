package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;

/** A refusal or failure: a fixed sentence, and the runbook entry to read when there is one. Kind {@code error} (wire.md). */
public record ErrorReply(
        @JsonProperty(value = "message", required = true) String message,
        @JsonProperty("runbook") String runbook) implements Message {
    public static final String KIND = "error";

    public ErrorReply {
        Fields.require(message, "message");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
