package dev.boxmaker.proto.log;

import dev.boxmaker.proto.Sentences;

/**
 * Where a reader stands in a session log: how many complete records lie before it, and the byte
 * offset where the next one starts. A caller keeps it to resume without rescanning the file; the
 * record count alone is enough, at the cost of a scan for line ends.
 *
 * @param records the complete records before this position, which is also the next record's number
 * @param bytes   the byte offset of the next record's first byte
 */
public record LogPosition(long records, long bytes) {
    /** The start of every log. */
    public static final LogPosition START = new LogPosition(0, 0);

    public LogPosition {
        // Every record takes at least one byte, its newline, so there cannot be more records than bytes.
        if (records < 0 || bytes < records) {
            throw new IllegalArgumentException(Sentences.logPositionInvalid(records, bytes));
        }
    }
}
