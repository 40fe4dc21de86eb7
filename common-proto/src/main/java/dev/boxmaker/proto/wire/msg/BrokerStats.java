package dev.boxmaker.proto.wire.msg;

/** Asks brokerd how it is: the answer is {@link BrokerStatsReply}. Kind {@code broker_stats} (wire.md). */
public record BrokerStats() implements Message {
    public static final String KIND = "broker_stats";

    @Override
    public String kind() {
        return KIND;
    }
}
