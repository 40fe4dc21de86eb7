package dev.boxmaker.memoryd.sockets;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The per-session limit of memory calls, on a clock the test moves. */
class SessionWriteLimitTest {
    private final AtomicLong nanos = new AtomicLong(1_000);
    private final SessionWriteLimit limit = new SessionWriteLimit(nanos::get);

    private void advanceSeconds(long seconds) {
        nanos.addAndGet(seconds * 1_000_000_000L);
    }

    @Test
    void aSessionMayMakeItsLimitOfCallsInAMinuteAndNotOneMore() {
        for (int i = 0; i < SessionWriteLimit.SESSION_WRITES_PER_MINUTE_MAX; i++) {
            assertThat(limit.allow("chat-a")).as("call %d", i + 1).isTrue();
        }
        assertThat(limit.allow("chat-a")).isFalse();
        assertThat(limit.allow("chat-b")).as("another session").isTrue();
    }

    @Test
    void theWindowSlidesSoCallsOlderThanAMinuteNoLongerCount() {
        int half = SessionWriteLimit.SESSION_WRITES_PER_MINUTE_MAX / 2;
        for (int i = 0; i < half; i++) {
            assertThat(limit.allow("chat-a")).isTrue();
        }
        advanceSeconds(30);
        for (int i = 0; i < half; i++) {
            assertThat(limit.allow("chat-a")).isTrue();
        }
        advanceSeconds(SessionWriteLimit.WINDOW_SECONDS - 31);
        assertThat(limit.allow("chat-a")).as("a second before the first half leaves the window").isFalse();
        advanceSeconds(1);
        for (int i = 0; i < half; i++) {
            assertThat(limit.allow("chat-a")).as("the first half's room, call %d", i + 1).isTrue();
        }
        assertThat(limit.allow("chat-a")).as("the second half is still in the window").isFalse();
    }

    @Test
    void refusedCallsDoNotCount() {
        for (int i = 0; i < SessionWriteLimit.SESSION_WRITES_PER_MINUTE_MAX; i++) {
            limit.allow("chat-a");
        }
        for (int i = 0; i < 1_000; i++) {
            assertThat(limit.allow("chat-a")).isFalse();
        }
        advanceSeconds(SessionWriteLimit.WINDOW_SECONDS);
        assertThat(limit.allow("chat-a")).isTrue();
    }

    @Test
    void theSessionsRememberedAreBoundedAndTheQuietestIsForgottenFirst() {
        for (int i = 0; i < SessionWriteLimit.SESSION_WRITES_PER_MINUTE_MAX; i++) {
            limit.allow("chat-busy");
        }
        for (int i = 0; i < SessionWriteLimit.SESSIONS_TRACKED_MAX - 1; i++) {
            limit.allow("chat-" + i);
        }
        assertThat(limit.allow("chat-busy")).as("still remembered").isFalse();
        limit.allow("chat-one-more");
        limit.allow("chat-and-another");
        assertThat(limit.allow("chat-busy")).as("remembered: it was asked of last").isFalse();
    }
}
