package dev.boxmaker.brokerd.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.brokerd.TestHome;
import dev.boxmaker.brokerd.config.BrokerdSettings.ExecCommand;
import dev.boxmaker.brokerd.threads.BrokerdThreads;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The exec runtime: args on standard input, output capped, time limit, exit code, memory tools refused. */
class ExecRuntimeTest {
    static final Duration LIMIT = Duration.ofSeconds(30);
    /** The pipe threads of every run in these tests; daemon threads, gone with the JVM. */
    static final BrokerdThreads PIPES = BrokerdThreads.start();

    static Runtime.Output run(Map<String, ExecCommand> commands, String tool, String args, Duration grantLimit) throws Exception {
        return new ExecRuntime(commands, PIPES.pipes()).run(new Runtime.RunSpec(TestHome.request("chat-1", "c1", tool, args),
                Label.SESSION_START, grantLimit));
    }

    static Map<String, ExecCommand> sh(String tool, String script) {
        return Map.of(tool, new ExecCommand(List.of("/bin/sh", "-c", script), LIMIT));
    }

    @Test
    void theArgumentsGoToStandardInputAndTheOutputIsTheResult() throws Exception {
        assertThat(run(sh("echo", "cat"), "echo", "{\"text\": \"hi\"}", LIMIT))
                .isEqualTo(new Runtime.Output(Outcome.OK, "{\"text\":\"hi\"}"));
    }

    @Test
    void aNonZeroExitFailsWithTheFirstLineOfStandardError() throws Exception {
        assertThat(run(sh("t", "echo 'no such page' >&2; echo second >&2; exit 3"), "t", "{}", LIMIT))
                .isEqualTo(new Runtime.Output(Outcome.FAILED, "t failed with exit code 3: no such page"));
    }

    @Test
    void outputIsCutAtOneMebibyteWithANote() throws Exception {
        Runtime.Output exact = run(sh("t", "head -c 1048576 /dev/zero | tr '\\0' a"), "t", "{}", LIMIT);
        assertThat(exact.text()).hasSize(1_048_576).doesNotContain("[output cut");

        Runtime.Output over = run(sh("t", "head -c 1048577 /dev/zero | tr '\\0' a"), "t", "{}", LIMIT);
        assertThat(over.outcome()).isEqualTo(Outcome.OK);
        assertThat(over.text()).isEqualTo("a".repeat(1_048_576) + "\n[output cut at 1,048,576 bytes]");
    }

    @Test
    void theGrantsShorterLimitStopsTheCommand() throws Exception {
        long start = System.nanoTime();
        Runtime.Output out = run(sh("slow", "sleep 300"), "slow", "{}", Duration.ofSeconds(1));

        assertThat(out).isEqualTo(new Runtime.Output(Outcome.FAILED, "slow did not finish within 1 second and was stopped"));
        // Stopped at the grant's second: not before it, and after it by at most 9 s, far above any load
        // (the command alone would run 5 minutes).
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isBetween(Duration.ofSeconds(1), Duration.ofSeconds(10));
    }

    @Test
    void theGrantsLimitHoldsForACommandThatDoesNotReadLargeArguments() throws Exception {
        // More than a pipe holds (64 KiB), to a command that never reads its standard input.
        String args = "{\"text\": \"" + "a".repeat(256 * 1024) + "\"}";
        long start = System.nanoTime();
        Runtime.Output out = run(sh("slow", "sleep 300"), "slow", args, Duration.ofSeconds(1));

        assertThat(out).isEqualTo(new Runtime.Output(Outcome.FAILED, "slow did not finish within 1 second and was stopped"));
        // Stopped at the grant's second: not before it, and after it by at most 9 s, far above any load
        // (the command alone would run 5 minutes).
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isBetween(Duration.ofSeconds(1), Duration.ofSeconds(10));
    }

    @Test
    void whatTheCommandPrintedIsKeptWhenItLeavesAProcessHoldingItsOutput() throws Exception {
        Runtime.Output out = run(sh("t", "echo started; sleep 30 &"), "t", "{}", LIMIT);

        assertThat(out).isEqualTo(new Runtime.Output(Outcome.OK, "started\n"));
    }

    @Test
    void memoryToolsAndUnconfiguredToolsAreRefused() throws Exception {
        assertThat(run(sh("recall", "cat"), "recall", "{}", LIMIT))
                .isEqualTo(new Runtime.Output(Outcome.REFUSED, "the exec runtime does not run recall, memory or ask_memory; memoryd does"));
        assertThat(run(Map.of(), "t", "{}", LIMIT))
                .isEqualTo(new Runtime.Output(Outcome.REFUSED, "no command is configured for t under [runtime.exec]; it cannot run"));
    }

    @Test
    void theRefusingRuntimeRefusesEveryCall() throws Exception {
        assertThat(new RefusingRuntime().run(new Runtime.RunSpec(TestHome.request("chat-1", "c1", "http_fetch", "{}"),
                Label.SESSION_START, LIMIT)))
                .isEqualTo(new Runtime.Output(Outcome.REFUSED, "no tool runtime is configured; http_fetch cannot run"));
    }
}
