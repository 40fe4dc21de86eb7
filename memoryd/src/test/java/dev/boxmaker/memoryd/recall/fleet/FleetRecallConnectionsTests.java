package dev.boxmaker.memoryd.recall.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.memoryd.honcho.client.TricklingServer;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 35 item 10: recalls against a Honcho that trickles its answers (a byte a second, never done, so
 * the read clients' idle timeout never fires) hold at most the workspace's connections, and let go of
 * them within a few seconds of the source's limit ({@link FleetRecall#SOURCE_LIMIT_SECONDS}).
 */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class FleetRecallConnectionsTests {
    /** More recalls, each one call to the fleet workspace, than the pool's threads and the workspace's connections. */
    static final int RECALLS = FleetRecall.READ_THREADS_MAX + HonchoClient.WRITE_CONNECTIONS_MAX;
    /** How soon after the recalls' answers (at the limit) the server sees every connection closed. */
    static final Duration CLOSED_AFTER_MAX = Duration.ofSeconds(3);
    /** Far more than any machine takes to open a loopback connection; the test waits for the event. */
    static final Duration EVENT_WAIT_MAX = Duration.ofSeconds(30);

    @Test
    void recallsAgainstATricklingHonchoHoldAtMostTheWorkspacesConnectionsAndCloseThemAtTheLimit() throws Exception {
        try (TricklingServer server = TricklingServer.start();
                FleetRecall fleet = FleetRecall.open(new HonchoSettings(server.url(), FleetSeed.AGENT,
                        FleetSeed.OWNER, FleetSeed.TRUSTED, FleetSeed.UNTRUSTED, FleetSeed.FLEET, List.of(), Map.of()), MemorydThreads.start().honchoRecall())) {
            List<CompletableFuture<List<FleetAnswer>>> recalls = new ArrayList<>();
            for (int i = 0; i < RECALLS; i++) {
                recalls.add(fleet.search("heron", 5).subscribeAsCompletionStage());
            }
            // The fleet workspace's connections are all in use, their answers trickling, before the limit.
            assertThat(server.awaitOpen(n -> n >= HonchoClient.WRITE_CONNECTIONS_MAX, EVENT_WAIT_MAX)).isTrue();

            for (CompletableFuture<List<FleetAnswer>> recall : recalls) {
                assertThat(recall.get(EVENT_WAIT_MAX.toSeconds(), TimeUnit.SECONDS))
                        .containsExactly(new FleetAnswer("fleet", List.of(), false));
            }

            assertThat(server.awaitOpen(n -> n == 0, CLOSED_AFTER_MAX)).as("all closed, %d open", server.open())
                    .isTrue();
            assertThat(server.openMost()).isBetween(HonchoClient.WRITE_CONNECTIONS_MAX, HonchoClient.CONNECTIONS_MAX);
            assertThat(server.requestLines()).allMatch(l -> l.startsWith("POST /v3/workspaces/bx-fleet/search "));
        }
    }
}
