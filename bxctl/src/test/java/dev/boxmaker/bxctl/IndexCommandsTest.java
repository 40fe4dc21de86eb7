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
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bxctl reindex} and {@code bxctl memory search} against a fake memoryd socket. */
class IndexCommandsTest {
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    /** bxctl as the owner runs it, on {@code socket}. */
    int run(Path socket, String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--memory-socket";
        all[1] = socket.toString();
        System.arraycopy(args, 0, all, 2, args.length);
        return Bxctl.run(all, new PrintWriter(out), new PrintWriter(err), Map.of());
    }

    @Test
    void reindexPrintsTheSpecsFinalLine(@TempDir Path dir) throws Exception {
        Handler<Reindex> handler = r -> new Reindexed(42, 1208, 7);
        try (RunningServer server = RunningServer.start(dir.resolve("admin.sock"), Map.of(Reindex.KIND, handler),
                Duration.ofSeconds(5))) {
            assertThat(run(server.socket(), "reindex")).isEqualTo(0);
        }
        assertThat(out.toString()).isEqualTo("reindexed: 42 logs, 1,208 records, 7 notes\n");
    }

    @Test
    void searchSendsTheQueryAndKAsRecallsArguments(@TempDir Path dir) throws Exception {
        AtomicReference<MemoryAdmin> got = new AtomicReference<>();
        Handler<MemoryAdmin> handler = r -> {
            got.set(r);
            return new MemoryAdminReply("[1] memory · note\nhit");
        };
        try (RunningServer server = RunningServer.start(dir.resolve("admin.sock"), Map.of(MemoryAdmin.KIND, handler),
                Duration.ofSeconds(5))) {
            assertThat(run(server.socket(), "memory", "search", "launch", "window", "-k", "3")).isEqualTo(0);
        }
        assertThat(got.get()).isEqualTo(new MemoryAdmin("search", "{\"query\":\"launch window\",\"k\":3}"));
        assertThat(out.toString()).isEqualTo("[1] memory · note\nhit\n");
    }

    /** Issue 27, item 10: memoryd down is memoryd-unreachable, not a damaged index. */
    @Test
    void reindexWithMemorydDownIsExitThreePointingToMemorydUnreachable(@TempDir Path dir) {
        Path socket = dir.resolve("admin.sock");

        assertThat(run(socket, "reindex")).isEqualTo(3);
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString()).isEqualTo("nothing answers on " + socket
                + " (is the daemon running?); see runbook memoryd-unreachable\n");
    }
}
