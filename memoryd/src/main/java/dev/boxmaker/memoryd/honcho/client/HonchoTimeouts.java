package dev.boxmaker.memoryd.honcho.client;

import java.time.Duration;

/**
 * How long a call to Honcho may take, and how often an idempotent one is tried again (the M5c spec,
 * section 6). Tests shorten them; memoryd uses {@link #DEFAULT}.
 *
 * @param connect      to open the connection
 * @param write        the whole of a write or a search
 * @param chat         the whole of a chat (a non-streamed chat sends nothing until it is done)
 * @param retries      further tries of an idempotent call that found Honcho unreachable
 * @param retryDelay   between those tries
 */
public record HonchoTimeouts(Duration connect, Duration write, Duration chat, int retries, Duration retryDelay) {
    public static final long CONNECT_SECONDS = 5;
    public static final long WRITE_SECONDS = 30;
    public static final long CHAT_SECONDS = 180;
    /** The worker's back-off does the long waiting; the client only rides out a blip. */
    public static final int RETRIES_MAX = 2;
    public static final long RETRY_DELAY_MILLIS = 500;

    public static final HonchoTimeouts DEFAULT = new HonchoTimeouts(Duration.ofSeconds(CONNECT_SECONDS),
            Duration.ofSeconds(WRITE_SECONDS), Duration.ofSeconds(CHAT_SECONDS), RETRIES_MAX,
            Duration.ofMillis(RETRY_DELAY_MILLIS));
}
