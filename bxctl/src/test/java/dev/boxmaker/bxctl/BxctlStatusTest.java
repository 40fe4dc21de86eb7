package dev.boxmaker.bxctl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.testing.RunningServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bxctl status: a line per daemon, exit 0 only when all three answer. */
class BxctlStatusTest {
    @Test
    void namesWhoAnswersAndWhoDoesNot(@TempDir Path home) throws Exception {
        Path memory = home.resolve("run/owner-memory/admin.sock");
        Path broker = home.resolve("run/owner-broker/admin.sock");
        Path loop = home.resolve("run/owner-loop/loop.sock");
        try (RunningServer memoryd = RunningServer.start(memory, Map.of(), java.time.Duration.ofSeconds(10))) {
            StringWriter out = new StringWriter();
            int code = Bxctl.run(new String[] {"status"}, new PrintWriter(out), new PrintWriter(new StringWriter()),
                    Map.of("BOXMAKER_HOME", home.toString()));
            assertThat(code).isEqualTo(3);
            assertThat(out.toString()).isEqualTo("memoryd: answering on " + memory + "\n"
                    + "brokerd: not answering on " + broker + " (runbook brokerd-start-failed)\n"
                    + "loopd: not answering on " + loop + " (runbook loopd-start-failed)\n");
            try (RunningServer brokerd = RunningServer.start(broker, Map.of(), java.time.Duration.ofSeconds(10));
                    RunningServer loopd = RunningServer.start(loop, Map.of(), java.time.Duration.ofSeconds(10))) {
                StringWriter all = new StringWriter();
                assertThat(Bxctl.run(new String[] {"status"}, new PrintWriter(all), new PrintWriter(new StringWriter()),
                        Map.of("BOXMAKER_HOME", home.toString()))).isZero();
                assertThat(all.toString()).isEqualTo("memoryd: answering on " + memory + "\n"
                        + "brokerd: answering on " + broker + "\n" + "loopd: answering on " + loop + "\n");
            }
        }
    }
}
