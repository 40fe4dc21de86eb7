package dev.boxmaker.proto.wire.msg;

/** Asks memoryd how it is: the answer is {@link MemoryStatsReply}. Kind {@code memory_stats} (wire.md). */
public record MemoryStats() implements Message {
    public static final String KIND = "memory_stats";

    @Override
    public String kind() {
        return KIND;
    }
}
