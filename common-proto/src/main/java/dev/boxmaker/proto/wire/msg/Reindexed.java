package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What a reindex read. Kind {@code reindexed} (wire.md). */
public record Reindexed(
        @JsonProperty(value = "logs", required = true) long logs,
        @JsonProperty(value = "records", required = true) long records,
        @JsonProperty(value = "notes", required = true) long notes) implements Message {
    public static final String KIND = "reindexed";

    public Reindexed {
        Fields.notNegative(logs, "logs");
        Fields.notNegative(records, "records");
        Fields.notNegative(notes, "notes");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
