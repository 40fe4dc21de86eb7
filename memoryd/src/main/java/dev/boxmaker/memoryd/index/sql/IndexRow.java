package dev.boxmaker.memoryd.index.sql;

import dev.boxmaker.proto.DataClass;
import java.util.Objects;

/**
 * One row of the index: the text FTS5 searches and where it came from (the spec, section 6).
 *
 * @param kind      {@link #SESSION} or {@link #NOTE}
 * @param session   the session it came from (a note's header's session; null for none)
 * @param epoch     the log's epoch for a session record, null for a note
 * @param record    the record's number in its log, or the note's entry number in notes.md
 * @param turn      the session record's turn; null for a note, whose header names no turn
 * @param time      UTC to the second, {@code 2026-09-20T14:02:11Z}, so rows sort by time as text
 * @param role      {@code user}, {@code assistant}, {@code call}; or the note's {@code noted},
 *                  {@code moved}, {@code dropped}
 * @param speaker   who spoke a user record, or null
 * @param header    a note's header line, null for a session record
 */
public record IndexRow(String kind, String session, Long epoch, long record, Long turn, String time, String role,
        DataClass dataClass, boolean untrusted, String speaker, String header, String text) {
    public static final String SESSION = "session";
    public static final String NOTE = "note";

    public static final String USER = "user";
    public static final String ASSISTANT = "assistant";
    public static final String CALL = "call";

    public IndexRow {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(dataClass, "dataClass");
        Objects.requireNonNull(text, "text");
    }
}
