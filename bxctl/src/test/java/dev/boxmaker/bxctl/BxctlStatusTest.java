package dev.boxmaker.bxctl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.wire.msg.BrokerStats;
import dev.boxmaker.proto.wire.msg.BrokerStatsReply;
import dev.boxmaker.proto.wire.msg.LoopStats;
import dev.boxmaker.proto.wire.msg.LoopStatsReply;
import dev.boxmaker.proto.wire.msg.MemoryStats;
import dev.boxmaker.proto.wire.msg.MemoryStatsReply;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bxctl status: each daemon's figures, exit 0 only when all three answer, and a hung daemon named as such. */
class BxctlStatusTest {
    static final Duration WAIT = Duration.ofSeconds(10);
    static final MemoryStatsReply MEMORY = new MemoryStatsReply("0.1.0", 3_725, 98_304_000L, 1_208L, 4_096_000, "reindex", 500L);
    static final BrokerStatsReply BROKER = new BrokerStatsReply("0.1.0", 59, null, 3, 1,
            "grants/fetch.toml: the policy of recall, memory and ask_memory is built in; remove this grant");
    static final LoopStatsReply LOOP = new LoopStatsReply("0.1.0", 200_000, 120_450_000L, 2, 1, 0,
            "http://127.0.0.1:8080/v1/chat/completions", "the model at http://127.0.0.1:8080/v1/chat/completions failed with HTTP 502");

    @TempDir
    Path home;

    Path memory() {
        return home.resolve("run/owner-memory/admin.sock");
    }

    Path broker() {
        return home.resolve("run/owner-broker/admin.sock");
    }

    Path loop() {
        return home.resolve("run/owner-loop/loop.sock");
    }

    @Test
    void eachDaemonsFiguresAreShownUnderItsLine() throws Exception {
        try (RunningServer m = serve(memory(), MemoryStats.KIND, r -> MEMORY);
                RunningServer b = serve(broker(), BrokerStats.KIND, r -> BROKER);
                RunningServer l = serve(loop(), LoopStats.KIND, r -> LOOP)) {
            StringWriter out = new StringWriter();

            assertThat(run(out, "status")).isZero();
            assertThat(out.toString()).isEqualTo("memoryd: answering on " + memory() + "\n"
                    + "  version 0.1.0, up 1 h 2 min, resident 98.3 MB\n"
                    + "  index: 1,208 records, 4.1 MB; a reindex is running, 500 records read so far\n"
                    + "brokerd: answering on " + broker() + "\n"
                    + "  version 0.1.0, up 59 s, resident unknown\n"
                    + "  sessions tracked: 3; approvals waiting: 1; grants: invalid: grants/fetch.toml: the policy of recall"
                    + ", memory and ask_memory is built in; remove this grant\n"
                    + "loopd: answering on " + loop() + "\n"
                    + "  version 0.1.0, up 2 d 7 h, resident 120.5 MB\n"
                    + "  sessions in memory: 2; turns: 1 running, 0 queued\n"
                    + "  model: http://127.0.0.1:8080/v1/chat/completions; its last error: the model at"
                    + " http://127.0.0.1:8080/v1/chat/completions failed with HTTP 502\n");
        }
    }

    @Test
    void theJsonIsEveryDaemonsWholeAnswer() throws Exception {
        try (RunningServer m = serve(memory(), MemoryStats.KIND, r -> MEMORY);
                RunningServer l = serve(loop(), LoopStats.KIND, r -> LOOP)) {
            StringWriter out = new StringWriter();

            assertThat(run(out, "--json", "status")).isEqualTo(3);
            assertThat(out.toString()).isEqualTo("{\"memoryd\":{\"socket\":\"" + memory() + "\",\"answering\":true,"
                    + "\"stats\":{\"version\":\"0.1.0\",\"uptime_seconds\":3725,\"resident_bytes\":98304000,\"index_records\":1208,"
                    + "\"index_bytes\":4096000,\"index_work\":\"reindex\",\"index_work_records\":500}},"
                    + "\"brokerd\":{\"socket\":\"" + broker() + "\",\"answering\":false,\"stats\":null,"
                    + "\"problem\":\"brokerd: not answering on " + broker() + " (runbook brokerd-start-failed)\"},"
                    + "\"loopd\":{\"socket\":\"" + loop() + "\",\"answering\":true,"
                    + "\"stats\":{\"version\":\"0.1.0\",\"uptime_seconds\":200000,\"resident_bytes\":120450000,\"sessions\":2,"
                    + "\"turns_running\":1,\"turns_queued\":0,\"model_url\":\"http://127.0.0.1:8080/v1/chat/completions\","
                    + "\"model_error\":\"the model at http://127.0.0.1:8080/v1/chat/completions failed with HTTP 502\"}}}\n");
        }
    }

    /**
     * A daemon whose socket accepts connections but never answers (a stopped or hung process: the
     * kernel completes the connect from the listen backlog) is not answering, within the limit.
     */
    @Test
    void aDaemonThatAcceptsButNeverAnswersIsNotAnswering() throws Exception {
        Files.createDirectories(broker().getParent());
        try (ServerSocketChannel hung = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
                RunningServer m = serve(memory(), MemoryStats.KIND, r -> new MemoryStatsReply("0.1.0", 5, 1_000L, 0L, 0, "none", null));
                RunningServer l = serve(loop(), LoopStats.KIND, r -> new LoopStatsReply("0.1.0", 5, 1_000L, 0, 0, 0, null, null))) {
            hung.bind(UnixDomainSocketAddress.of(broker()));
            StringWriter out = new StringWriter();

            assertThat(run(out, "status")).isEqualTo(3);
            assertThat(out.toString()).isEqualTo("memoryd: answering on " + memory() + "\n"
                    + "  version 0.1.0, up 5 s, resident 1 kB\n"
                    + "  index: 0 records, 0 kB; no reindex or catch-up is running\n"
                    + "brokerd: not answering within 2,000 ms on " + broker() + " (runbook brokerd-start-failed)\n"
                    + "loopd: answering on " + loop() + "\n"
                    + "  version 0.1.0, up 5 s, resident 1 kB\n"
                    + "  sessions in memory: 0; turns: 0 running, 0 queued\n"
                    + "  model: none configured; its last error: none\n");
        }
    }

    @Test
    void aDaemonThatKnowsNoStatsKindAnswersWithoutFigures() throws Exception {
        try (RunningServer m = RunningServer.start(memory(), Map.of(), WAIT)) {
            StringWriter out = new StringWriter();

            assertThat(run(out, "status")).isEqualTo(3);
            assertThat(out.toString()).isEqualTo("memoryd: answering on " + memory() + "\n"
                    + "  no figures: this socket does not serve \"memory_stats\"\n"
                    + "brokerd: not answering on " + broker() + " (runbook brokerd-start-failed)\n"
                    + "loopd: not answering on " + loop() + " (runbook loopd-start-failed)\n");
        }
    }

    @Test
    void uptimeAndSizesAreShortAndRounded() {
        assertThat(StatusLines.uptime(0)).isEqualTo("0 s");
        assertThat(StatusLines.uptime(3_599)).isEqualTo("59 min");
        assertThat(StatusLines.uptime(86_399)).isEqualTo("23 h 59 min");
        assertThat(StatusLines.uptime(86_400 * 400L)).isEqualTo("400 d 0 h");
        assertThat(StatusLines.bytes(0)).isEqualTo("0 kB");
        assertThat(StatusLines.bytes(999_999)).isEqualTo("1,000 kB");
        assertThat(StatusLines.bytes(1_000_000)).isEqualTo("1.0 MB");
        assertThat(StatusLines.bytes(2_345_678_901L)).isEqualTo("2,345.7 MB");
    }

    private <T extends dev.boxmaker.proto.wire.msg.Message> RunningServer serve(Path socket, String kind, Handler<T> handler) {
        return RunningServer.start(socket, Map.of(kind, handler), WAIT);
    }

    private int run(StringWriter out, String... args) {
        return Bxctl.run(args, new PrintWriter(out), new PrintWriter(new StringWriter()), Map.of("BOXMAKER_HOME", home.toString()));
    }
}
