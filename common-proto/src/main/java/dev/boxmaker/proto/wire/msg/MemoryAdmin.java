package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;

/** An owner's command to memoryd. Kind {@code memory_admin} (wire.md). */
public record MemoryAdmin(
        @JsonProperty(value = "command", required = true) String command,
        @JsonProperty(value = "arg", required = true) String arg) implements Message {
    public static final String KIND = "memory_admin";

    public MemoryAdmin {
        Fields.require(command, "command");
        Fields.require(arg, "arg");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
