package dev.boxmaker.memoryd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.config.MemorydSettings;
import dev.boxmaker.memoryd.index.Logs;
import dev.boxmaker.memoryd.sockets.MemorydSockets;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Ok;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import dev.boxmaker.proto.server.SocketServer;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A started memoryd, in this JVM, that has read a session's log, taken a note and answered recalls:
 * every thread it made is Vert.x's (its event loops, each socket's workers) or one of
 * {@link MemorydThreads}' pools, named {@code memoryd-<pool>-N}, each pool within its bound; and once
 * closed, none of its own is left.
 */
class StartedThreadsTest {
    static final Duration WAIT = Duration.ofSeconds(20);

    /** memoryd's pools and the most threads each holds. */
    static final Map<String, Integer> POOLS = Map.ofEntries(Map.entry("index-writer", 1), Map.entry("index-timer", 1),
            Map.entry("index-commit", 1), Map.entry("index-side", 1), Map.entry("index-calibrate", 1),
            Map.entry("recall-log-flush", 1), Map.entry("honcho-decide", 1), Map.entry("honcho-worker", 1),
            Map.entry("honcho-ledger-flush", 1), Map.entry("honcho-recall", MemorydThreads.HONCHO_RECALL_THREADS),
            Map.entry("ask", MemorydThreads.ASK_THREADS));
    static final Pattern OWN = Pattern.compile(MemorydThreads.PREFIX + "(" + String.join("|", POOLS.keySet()) + ")-\\d+");
    /**
     * Vert.x's event loops and its blocked-thread checker; the test's own (its socket client's watchdog,
     * Awaitility's); the JDK's process reaper, which the JVM makes once, when a library first starts a process.
     */
    static final Pattern NOT_MEMORYDS = Pattern.compile("vert\\.x-.*|vertx-blocked-thread-checker"
            + "|bx-socket-client-watchdog|awaitility-thread|process reaper");
    /** Each socket's workers (on Vert.x), {@link SocketServer#WORKER_THREADS} at most. */
    static final Pattern SOCKET_WORKERS = Pattern.compile("bx-memoryd (loop|broker|admin)-\\d+");

    @Test
    void aStartedMemorydRunsOnlyItsNamedThreadsEachPoolWithinItsBound() throws Exception {
        Path home = Files.createTempDirectory(Path.of("/tmp"), "thr");
        MemorydSettings settings = MemorydSettings.load(Optional.empty(), Map.of("BOXMAKER_HOME", home.toString()));
        Logs.append(home, "mm-threads", Logs.user("the quokka release moved to March", null));
        Vertx vertx = Vertx.vertx(new VertxOptions().setPreferNativeTransport(true));
        Set<Thread> before = new HashSet<>(Thread.getAllStackTraces().keySet());
        Assembly assembly = Assembly.open(settings);
        MemorydSockets sockets = assembly.startSockets(vertx);
        Set<Thread> made;
        try {
            assembly.index().listening().get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(call(settings.loopSocket(), new SessionUpdated(SessionId.of("mm-threads"), 1))).isEqualTo(new Ok());
            assertThat(tool(settings, "memory", "{\"action\": \"note\", \"text\": \"the wombat sleeps\"}").text())
                    .isEqualTo("noted");
            await().atMost(WAIT).untilAsserted(() -> assertThat(tool(settings, "recall", "{\"query\": \"quokka wombat\"}")
                    .text()).contains("quokka", "wombat"));

            made = new HashSet<>(Thread.getAllStackTraces().keySet());
            made.removeAll(before);
            Map<String, Integer> perPool = new TreeMap<>();
            List<String> others = new ArrayList<>();
            for (Thread t : made) {
                Matcher own = OWN.matcher(t.getName());
                Matcher worker = SOCKET_WORKERS.matcher(t.getName());
                if (own.matches()) {
                    perPool.merge(own.group(1), 1, Integer::sum);
                } else if (worker.matches()) {
                    perPool.merge(worker.group(1) + " socket", 1, Integer::sum);
                } else if (!NOT_MEMORYDS.matcher(t.getName()).matches()) {
                    others.add(t.getName());
                }
            }
            assertThat(others).as("threads memoryd made beside its pools and Vert.x's").isEmpty();
            perPool.forEach((pool, threads) -> assertThat(threads).as(pool)
                    .isLessThanOrEqualTo(POOLS.getOrDefault(pool, SocketServer.WORKER_THREADS)));
            // The writer read the log, recall's line was flushed; without [honcho], none of Honcho's ran.
            assertThat(perPool).containsKeys("index-writer", "recall-log-flush")
                    .doesNotContainKeys("honcho-decide", "honcho-worker", "honcho-ledger-flush", "honcho-recall", "ask");
        } finally {
            sockets.close();
            assembly.close();
            vertx.close().toCompletionStage().toCompletableFuture().get(WAIT.toSeconds(), TimeUnit.SECONDS);
        }
        List<Thread> own = made.stream().filter(t -> OWN.matcher(t.getName()).matches()).toList();
        await().atMost(Duration.ofSeconds(MemorydThreads.CLOSE_WAIT_SECONDS))
                .untilAsserted(() -> assertThat(own).noneMatch(Thread::isAlive));
    }

    static Object call(Path socket, dev.boxmaker.proto.wire.msg.Message request) throws Exception {
        return SocketClient.call(socket, request, WAIT, WAIT, "test");
    }

    static ToolResponse tool(MemorydSettings settings, String tool, String args) throws Exception {
        return (ToolResponse) call(settings.brokerSocket(), new MemoryCall(new ToolRequest(SessionId.of("mm-threads"),
                "call_1", tool, (ObjectNode) Json.MAPPER.readTree(args)), DataClass.PRIVATE, false));
    }
}
