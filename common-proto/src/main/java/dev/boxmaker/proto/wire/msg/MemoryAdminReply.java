package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;

/** memoryd's answer to an owner's command. Kind {@code memory_admin_reply} (wire.md). */
public record MemoryAdminReply(
        @JsonProperty(value = "text", required = true) String text) implements Message {
    public static final String KIND = "memory_admin_reply";

    public MemoryAdminReply {
        Fields.require(text, "text");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
