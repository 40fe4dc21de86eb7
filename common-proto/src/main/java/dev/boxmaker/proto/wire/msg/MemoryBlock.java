package dev.boxmaker.proto.wire.msg;

/** Asks memoryd for the memory block a new session gets. Kind {@code memory_block} (wire.md). */
public record MemoryBlock() implements Message {
    public static final String KIND = "memory_block";

    @Override
    public String kind() {
        return KIND;
    }
}
