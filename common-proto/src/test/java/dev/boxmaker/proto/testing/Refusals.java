package dev.boxmaker.proto.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** A daemon started as a process that must refuse to start, for the daemons' process tests. */
public final class Refusals {
    private Refusals() {
    }

    /**
     * Waits up to {@code seconds} for {@code daemon} to exit; asserts that it exits with 1 (a start
     * refused) and returns all it printed to {@code log}, where its output went. Kills it in any case.
     */
    public static String awaitRefusal(Process daemon, Path log, long seconds) throws Exception {
        try {
            assertThat(daemon.waitFor(seconds, TimeUnit.SECONDS)).as("the daemon exits").isTrue();
            assertThat(daemon.exitValue()).as("its exit code").isEqualTo(1);
            return Files.readString(log);
        } finally {
            daemon.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
