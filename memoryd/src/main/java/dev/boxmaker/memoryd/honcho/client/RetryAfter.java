package dev.boxmaker.memoryd.honcho.client;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** An HTTP {@code Retry-After} header (RFC 9110, 10.2.3): a number of seconds, or an HTTP date. */
final class RetryAfter {
    /** The most characters of the header read; a longer one is ignored. */
    static final int HEADER_CHARS_MAX = 64;

    private RetryAfter() {
    }

    /** The wait the header asks for from {@code now} (zero for a date past), or null when absent or unreadable. */
    static Duration parse(String header, Instant now) {
        if (header == null || header.isBlank() || header.length() > HEADER_CHARS_MAX) {
            return null;
        }
        String value = header.trim();
        if (value.chars().allMatch(Character::isDigit)) {
            try {
                return Duration.ofSeconds(Long.parseLong(value));
            } catch (NumberFormatException e) {
                return null;
            }
        }
        try {
            Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            return at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO;
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
