package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;

/** An owner's command to loopd. Kind {@code loop_admin} (wire.md). */
public record LoopAdmin(
        @JsonProperty(value = "command", required = true) String command,
        @JsonProperty(value = "arg", required = true) String arg) implements Message {
    public static final String KIND = "loop_admin";

    public LoopAdmin {
        Fields.require(command, "command");
        Fields.require(arg, "arg");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
