package dev.boxmaker.proto;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.regex.Pattern;

/**
 * A session's id, checked against wire.md's pattern before it can reach a file path or another
 * service: a lower-case prefix, a dash, then 1 to 128 of {@code [A-Za-z0-9_-]}.
 */
public record SessionId(String value) {
    /** The longest id the pattern allows: 16 + 1 + 128 characters. */
    public static final int SESSION_ID_CHARS_MAX = 145;

    private static final Pattern PATTERN = Pattern.compile("[a-z][a-z0-9]{0,15}-[A-Za-z0-9_-]{1,128}");

    public SessionId {
        if (!isValid(value)) {
            throw new IllegalArgumentException(Sentences.invalidSessionId(value));
        }
    }

    /** Whether {@code text} is a valid session id. */
    public static boolean isValid(String text) {
        return text != null && text.length() <= SESSION_ID_CHARS_MAX && PATTERN.matcher(text).matches();
    }

    @JsonCreator
    public static SessionId of(String value) {
        return new SessionId(value);
    }

    @JsonValue
    @Override
    public String value() {
        return value;
    }

    @Override
    public String toString() {
        return value;
    }
}
