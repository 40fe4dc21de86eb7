package dev.boxmaker.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.loopd.testing.ScriptedModel;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code bxctl status} against the three packaged daemons: each one's figures from its own
 * {@code *_stats} answer; and a memoryd stopped with SIGSTOP, whose socket still accepts connections,
 * is not answering within the limit until SIGCONT.
 */
class StatusIT {
    static final String PROCESS_LINE = "  version 0\\.1\\.0-SNAPSHOT, up \\d+ (s|min), resident \\d[\\d,]*\\.\\d MB";

    @Test
    void eachDaemonTellsItsFiguresAndAStoppedOneIsNotAnswering() throws Exception {
        try (Daemons d = Daemons.start()) {
            d.model.add(ScriptedModel.Reply.text("hi"));
            assertThat(d.bxctl("chat", "--session", "chat-status", "hello").code()).isZero();

            Daemons.Out all = d.bxctl("status");
            assertThat(all.code()).as(all.err()).isZero();
            String[] lines = all.out().split("\n");
            assertThat(lines).hasSize(10);
            assertThat(lines[0]).isEqualTo("memoryd: answering on " + d.home.resolve("run/owner-memory/admin.sock"));
            assertThat(lines[1]).matches(PROCESS_LINE);
            assertThat(lines[2]).matches("  index: \\d+ records?, \\d[\\d,.]* (kB|MB); (no reindex or catch-up is running"
                    + "|a catch-up is running)");
            assertThat(lines[3]).isEqualTo("brokerd: answering on " + d.home.resolve("run/owner-broker/admin.sock"));
            assertThat(lines[4]).matches(PROCESS_LINE);
            // A turn without a tool call never reaches brokerd: it tracks the sessions that called a tool.
            assertThat(lines[5]).isEqualTo("  sessions tracked: 0; approvals waiting: 0; grants: valid");
            assertThat(lines[6]).isEqualTo("loopd: answering on " + d.home.resolve("run/owner-loop/loop.sock"));
            assertThat(lines[7]).matches(PROCESS_LINE);
            assertThat(lines[8]).isEqualTo("  sessions in memory: 1; turns: 0 running, 0 queued");
            assertThat(lines[9]).matches("  model: http://127\\.0\\.0\\.1:\\d+\\S*; its last error: none");
            assertThat(d.bxctl("--json", "status").out()).contains("\"loopd\":{\"socket\":\"" + d.home.resolve("run/owner-loop/loop.sock")
                    + "\",\"answering\":true,\"stats\":{\"version\":\"0.1.0-SNAPSHOT\",");

            long memoryd = d.process(0).pid();
            signal("STOP", memoryd);
            try {
                Daemons.Out stopped = d.bxctl("status");
                assertThat(stopped.code()).isEqualTo(3);
                assertThat(stopped.out()).startsWith("memoryd: not answering within 2,000 ms on "
                        + d.home.resolve("run/owner-memory/admin.sock") + " (runbook memoryd-start-failed)\n"
                        + "brokerd: answering on ");
            } finally {
                signal("CONT", memoryd);
            }
            assertThat(d.bxctl("status").code()).isZero();
        }
    }

    private static void signal(String name, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(kill.exitValue()).isZero();
    }
}
