package dev.boxmaker.memoryd.honcho.worker;

import java.time.Duration;
import java.util.Objects;

/**
 * The worker's wait while Honcho is unreachable (the M5c spec, section 5.6): {@code first}, then
 * doubled after each failed try up to {@code max}.
 */
public record Backoff(Duration first, Duration max) {
    public static final long FIRST_SECONDS = 5;
    public static final long MAX_SECONDS = 600;
    public static final Backoff DEFAULT = new Backoff(Duration.ofSeconds(FIRST_SECONDS), Duration.ofSeconds(MAX_SECONDS));

    public Backoff {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(max, "max");
        if (first.isNegative() || first.isZero() || max.compareTo(first) < 0) {
            throw new IllegalArgumentException("a back-off needs 0 < first <= max");
        }
    }

    /** The wait after {@code wait}: doubled, at most {@link #max}. */
    public Duration next(Duration wait) {
        Duration doubled = wait.multipliedBy(2);
        return doubled.compareTo(max) > 0 ? max : doubled;
    }
}
