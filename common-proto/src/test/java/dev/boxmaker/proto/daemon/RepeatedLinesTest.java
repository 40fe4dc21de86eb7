package dev.boxmaker.proto.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RepeatedLinesTest {
    private final List<String> written = new ArrayList<>();
    private final AtomicLong nanos = new AtomicLong();
    private final RepeatedLines lines = new RepeatedLines(written::add, nanos::get);

    private void advanceSeconds(long seconds) {
        nanos.addAndGet(seconds * 1_000_000_000L);
    }

    @Test
    void aLineRepeatedAThousandTimesInAMinuteIsWrittenOnce() {
        for (int i = 0; i < 1_000; i++) {
            lines.log("the memory_call handler failed: IOException: No space left on device");
        }
        assertThat(written).containsExactly("the memory_call handler failed: IOException: No space left on device");
    }

    @Test
    void theCountIsWrittenWhenTheLineComesAgainAfterAMinute() {
        for (int i = 0; i < 1_000; i++) {
            lines.log("failed");
        }
        advanceSeconds(RepeatedLines.REPEAT_SECONDS);
        lines.log("failed");
        assertThat(written).containsExactly("failed", "failed (and 999 times more since it was logged)", "failed");
    }

    @Test
    void theCountIsWrittenBeforeADifferentLine() {
        lines.log("failed");
        lines.log("failed");
        lines.log("another");
        lines.log("another");
        assertThat(written).containsExactly("failed", "failed (and 1 time more since it was logged)", "another");
    }

    @Test
    void aFailureIsDescribedOnOneLineWithoutItsTrace() {
        assertThat(RepeatedLines.describe(new IOException("No space left\non device")))
                .isEqualTo("IOException: No space left on device");
        assertThat(RepeatedLines.describe(new IllegalStateException())).isEqualTo("IllegalStateException");
    }
}
