package dev.boxmaker.proto.log;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.time.Instant;

/**
 * One line of a session log, {@code sessions/<id>/0.jsonl} (home.md, "Session logs"). The JSON
 * field {@code type} names the record and is written first; a record's number is its line number,
 * from 0.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = LogRecord.TYPE_FIELD)
@JsonSubTypes({
    @JsonSubTypes.Type(value = UserRecord.class, name = UserRecord.TYPE),
    @JsonSubTypes.Type(value = AssistantRecord.class, name = AssistantRecord.TYPE),
    @JsonSubTypes.Type(value = ToolResultRecord.class, name = ToolResultRecord.TYPE)})
public sealed interface LogRecord permits UserRecord, AssistantRecord, ToolResultRecord {
    /** The JSON field that names a record's type. */
    String TYPE_FIELD = "type";

    /** When the record was written, UTC, to the second. */
    Instant time();

    /** The turn the record belongs to. */
    long turn();
}
