package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * How memoryd is, from what it keeps in memory and the index's own counters (no file is scanned).
 * Kind {@code memory_stats_reply} (wire.md). {@code resident_bytes} is null where the system does not
 * say; {@code index_records} is null while the index is damaged; {@code index_work} is {@code "none"},
 * {@code "reindex"} (with the records read so far) or {@code "catch-up"}. The Honcho outbox (waiting,
 * failed, outage) joins as fields of its own once memoryd has one.
 */
public record MemoryStatsReply(
        @JsonProperty(value = "version", required = true) String version,
        @JsonProperty(value = "uptime_seconds", required = true) long uptimeSeconds,
        @JsonProperty("resident_bytes") Long residentBytes,
        @JsonProperty("index_records") Long indexRecords,
        @JsonProperty(value = "index_bytes", required = true) long indexBytes,
        @JsonProperty(value = "index_work", required = true) String indexWork,
        @JsonProperty("index_work_records") Long indexWorkRecords) implements Message {
    public static final String KIND = "memory_stats_reply";

    public MemoryStatsReply {
        Fields.require(version, "version");
        Fields.notNegative(uptimeSeconds, "uptime_seconds");
        Fields.notNegative(indexBytes, "index_bytes");
        Fields.require(indexWork, "index_work");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
