package dev.boxmaker.proto.log;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.boxmaker.proto.wire.msg.Fields;
import java.time.Instant;

/**
 * What a person said, starting a turn. {@code speaker} is who spoke (M5c), or null when it is not
 * known; it is written as {@code null} rather than left out, so every line of a type has the same
 * fields.
 */
@JsonTypeName(UserRecord.TYPE)
public record UserRecord(
        @JsonProperty(value = "time", required = true)
        @JsonSerialize(using = LogTime.Writer.class) @JsonDeserialize(using = LogTime.Reader.class) Instant time,
        @JsonProperty(value = "turn", required = true) long turn,
        @JsonProperty(value = "content", required = true) String content,
        @JsonProperty("speaker") String speaker) implements LogRecord {
    public static final String TYPE = "user";

    /** Checks every field; {@code time} is kept to the second, as the log holds it. */
    public UserRecord {
        time = LogTime.seconds(time);
        Fields.notNegative(turn, "turn");
        Fields.require(content, "content");
    }
}
