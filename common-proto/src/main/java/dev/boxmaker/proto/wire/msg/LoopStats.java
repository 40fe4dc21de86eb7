package dev.boxmaker.proto.wire.msg;

/** Asks loopd how it is: the answer is {@link LoopStatsReply}. Kind {@code loop_stats} (wire.md). */
public record LoopStats() implements Message {
    public static final String KIND = "loop_stats";

    @Override
    public String kind() {
        return KIND;
    }
}
