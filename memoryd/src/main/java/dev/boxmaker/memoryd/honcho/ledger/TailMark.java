package dev.boxmaker.memoryd.honcho.ledger;

import dev.boxmaker.proto.Label;
import java.util.Objects;

/**
 * Where the next start reads one session's log from for its turn decisions: the ledger's checkpoint
 * keeps one per session. Every turn whose user record lies before {@code (records, bytes)} is decided
 * in the ledger up to the checkpoint (or is history from before Honcho); {@code label} is the
 * combination of the tool results' labels before that point, and {@code turn} the last turn whose
 * user record lies before it (0 for none).
 */
public record TailMark(long records, long bytes, Label label, long turn) {
    /** The start of every log. */
    public static final TailMark START = new TailMark(0, 0, Label.SESSION_START, 0);

    public TailMark {
        Objects.requireNonNull(label, "label");
        if (records < 0 || bytes < records || turn < 0) {
            throw new IllegalArgumentException("a tail mark needs records and turn of 0 or more, and bytes >= records");
        }
    }
}
