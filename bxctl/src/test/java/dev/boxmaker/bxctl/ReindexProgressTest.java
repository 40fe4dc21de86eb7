package dev.boxmaker.bxctl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.Reindex;
import dev.boxmaker.proto.wire.msg.Reindexed;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bxctl reindex on a terminal: a progress line, rewritten while memoryd reads, then the final line. */
class ReindexProgressTest {
    @Test
    void aTerminalSeesRecordsReadWhileTheReindexRuns(@TempDir Path dir) throws Exception {
        AtomicLong read = new AtomicLong();
        // Asked twice: the first answer has reached bxctl before the reindex ends, however slow the
        // machine, so the test never depends on bxctl's first ask coming in time.
        CountDownLatch askedTwice = new CountDownLatch(2);
        Handler<Reindex> reindex = r -> {
            for (int i = 1; i <= 25; i++) {
                read.set(i * 1_000L);
                Thread.sleep(100);
            }
            askedTwice.await(8, TimeUnit.SECONDS);
            return new Reindexed(3, 25_000, 2);
        };
        Handler<MemoryAdmin> admin = r -> {
            if (!r.command().equals("reindex-progress")) {
                return new MemoryAdminReply("?");
            }
            askedTwice.countDown();
            return new MemoryAdminReply(Long.toString(read.get()));
        };
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        try (RunningServer memoryd = RunningServer.start(dir.resolve("admin.sock"),
                Map.of(Reindex.KIND, reindex, MemoryAdmin.KIND, admin), Duration.ofSeconds(10))) {
            Bxctl top = new Bxctl();
            int code = runOnTerminal(top, memoryd.socket(), out, err);
            assertThat(code).isZero();
        }
        assertThat(out.toString()).isEqualTo("reindexed: 3 logs, 25,000 records, 2 notes\n");
        assertThat(err.toString()).startsWith("\rreindexing: ").contains(" records read (").endsWith(" a second)\n");
    }

    private static int runOnTerminal(Bxctl unused, Path socket, StringWriter out, StringWriter err) {
        return Bxctl.runOnTerminal(new String[] {"--memory-socket", socket.toString(), "reindex"},
                new PrintWriter(out), new PrintWriter(err), Map.of());
    }
}
