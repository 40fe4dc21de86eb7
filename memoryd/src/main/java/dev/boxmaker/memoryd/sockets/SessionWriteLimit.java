package dev.boxmaker.memoryd.sockets;

import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * How many {@code memory} calls one session may make in a minute: a runaway model flooding notes
 * is refused, with a fixed sentence, once it has made {@link #SESSION_WRITES_PER_MINUTE_MAX} in the
 * last {@link #WINDOW_SECONDS} seconds, while every other session, and the owner (whose commands come
 * on the admin socket), go on as before (docs/decisions.md, "A session's write limit"). A refused
 * call does not count. The sessions remembered are bounded; the one unheard from longest is
 * forgotten first. Thread-safe.
 */
final class SessionWriteLimit {
    /** The most memory calls one session may make in any {@link #WINDOW_SECONDS} seconds. */
    static final int SESSION_WRITES_PER_MINUTE_MAX = 60;

    /** The window the limit counts over. */
    static final long WINDOW_SECONDS = 60;

    /** The most sessions remembered at once: 60 times stamps of 8 bytes each, some 500 KB in all. */
    static final int SESSIONS_TRACKED_MAX = 1_000;

    private final LongSupplier nanoTime;
    private final Map<String, ArrayDeque<Long>> recent = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ArrayDeque<Long>> eldest) {
            return size() > SESSIONS_TRACKED_MAX;
        }
    };

    SessionWriteLimit() {
        this(System::nanoTime);
    }

    SessionWriteLimit(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    /** Whether {@code session} may make one more call now; if it may, the call is counted. */
    synchronized boolean allow(String session) {
        long now = nanoTime.getAsLong();
        ArrayDeque<Long> stamps = recent.computeIfAbsent(session, s -> new ArrayDeque<>());
        while (!stamps.isEmpty() && now - stamps.peekFirst() >= WINDOW_SECONDS * 1_000_000_000L) {
            stamps.pollFirst();
        }
        if (stamps.size() >= SESSION_WRITES_PER_MINUTE_MAX) {
            return false;
        }
        stamps.addLast(now);
        return true;
    }
}
