package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * How loopd is, from what it keeps in memory. Kind {@code loop_stats_reply} (wire.md). {@code
 * model_url} is null when no model is configured; {@code model_error} is the sentence of the latest
 * model call when it failed, null when it answered or none was made.
 */
public record LoopStatsReply(
        @JsonProperty(value = "version", required = true) String version,
        @JsonProperty(value = "uptime_seconds", required = true) long uptimeSeconds,
        @JsonProperty("resident_bytes") Long residentBytes,
        @JsonProperty(value = "sessions", required = true) long sessions,
        @JsonProperty(value = "turns_running", required = true) long turnsRunning,
        @JsonProperty(value = "turns_queued", required = true) long turnsQueued,
        @JsonProperty("model_url") String modelUrl,
        @JsonProperty("model_error") String modelError) implements Message {
    public static final String KIND = "loop_stats_reply";

    public LoopStatsReply {
        Fields.require(version, "version");
        Fields.notNegative(uptimeSeconds, "uptime_seconds");
        Fields.notNegative(sessions, "sessions");
        Fields.notNegative(turnsRunning, "turns_running");
        Fields.notNegative(turnsQueued, "turns_queued");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
