package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * How brokerd is, from what it keeps in memory. Kind {@code broker_stats_reply} (wire.md).
 * {@code grants_problem} is null when the grant set is valid, else why it is not.
 */
public record BrokerStatsReply(
        @JsonProperty(value = "version", required = true) String version,
        @JsonProperty(value = "uptime_seconds", required = true) long uptimeSeconds,
        @JsonProperty("resident_bytes") Long residentBytes,
        @JsonProperty(value = "sessions", required = true) long sessions,
        @JsonProperty(value = "approvals_waiting", required = true) long approvalsWaiting,
        @JsonProperty("grants_problem") String grantsProblem) implements Message {
    public static final String KIND = "broker_stats_reply";

    public BrokerStatsReply {
        Fields.require(version, "version");
        Fields.notNegative(uptimeSeconds, "uptime_seconds");
        Fields.notNegative(sessions, "sessions");
        Fields.notNegative(approvalsWaiting, "approvals_waiting");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
