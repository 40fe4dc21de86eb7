package dev.boxmaker.memoryd.edits;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.DataClass;

/**
 * One line of {@code pending.jsonl} (memoryd.md, "Review"): a write waiting for the owner.
 * {@code request} is the tool call's arguments exactly as they came; {@code turn} the session's turn
 * the call came in, null when not known (as on a line written before writes kept their turn).
 */
@JsonPropertyOrder({"id", "time", "session", "call", "turn", "request", "taint", "untrusted"})
public record PendingWrite(
        @JsonProperty(value = "id", required = true) String id,
        @JsonProperty(value = "time", required = true) String time,
        @JsonProperty(value = "session", required = true) String session,
        @JsonProperty(value = "call", required = true) String call,
        @JsonProperty("turn") Long turn,
        @JsonProperty(value = "request", required = true) ObjectNode request,
        @JsonProperty(value = "taint", required = true) DataClass taint,
        @JsonProperty(value = "untrusted", required = true) boolean untrusted) {
}
