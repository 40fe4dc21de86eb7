package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The memory block. Kind {@code memory_block_reply} (wire.md). */
public record MemoryBlockReply(
        @JsonProperty(value = "text", required = true) String text) implements Message {
    public static final String KIND = "memory_block_reply";

    public MemoryBlockReply {
        Fields.require(text, "text");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
