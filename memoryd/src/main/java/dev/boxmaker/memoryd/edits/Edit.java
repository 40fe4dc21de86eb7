package dev.boxmaker.memoryd.edits;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Objects;

/**
 * One line of {@code edits/YYYY-MM.jsonl} (memoryd.md, "The journal and ids"). {@code file} is what
 * the call named ({@code memory}, {@code user}, null for a note); {@code to} is where it went
 * ({@code memory.md}, {@code user.md}, {@code notes.md}; null for a reject, which changed nothing).
 * {@code session} is a session id or {@code owner} for undo, accept and reject. {@code turn} is the
 * session's turn the call came in ({@code tool/CallTurns}); null for the owner's undo, when it could not
 * be read, and on a line journalled before edits kept their turn. An accept or reject keeps the call
 * and turn of the write it resolves.
 */
@JsonPropertyOrder({"id", "time", "session", "call", "turn", "action", "file", "to", "before", "after", "moved", "dropped",
        "untrusted", "class", "undoes", "pending"})
public record Edit(
        @JsonProperty(value = "id", required = true) String id,
        @JsonProperty(value = "time", required = true) String time,
        @JsonProperty(value = "session", required = true) String session,
        @JsonProperty("call") String call,
        @JsonProperty("turn") Long turn,
        @JsonProperty(value = "action", required = true) String action,
        @JsonProperty("file") String file,
        @JsonProperty("to") String to,
        @JsonProperty(value = "before", required = true) List<String> before,
        @JsonProperty(value = "after", required = true) List<String> after,
        @JsonProperty(value = "moved", required = true) List<String> moved,
        @JsonProperty(value = "dropped", required = true) List<String> dropped,
        @JsonProperty(value = "untrusted", required = true) boolean untrusted,
        @JsonProperty(value = "class", required = true) String dataClass,
        @JsonProperty("undoes") String undoes,
        @JsonProperty("pending") String pending) {

    /** The session name journalled for the owner's own commands. */
    public static final String OWNER = "owner";

    public static final String UNDO = "undo";
    public static final String REJECT = "reject";

    public Edit {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(action, "action");
        before = List.copyOf(before);
        after = List.copyOf(after);
        moved = List.copyOf(moved);
        dropped = List.copyOf(dropped);
    }
}
