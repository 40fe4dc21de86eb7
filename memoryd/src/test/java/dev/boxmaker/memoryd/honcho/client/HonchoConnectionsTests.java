package dev.boxmaker.memoryd.honcho.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.honcho.client.HonchoFailure.Kind;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 35 item 10: a workspace's client holds at most {@link HonchoClient#CONNECTIONS_MAX} connections
 * at once, and a call given up on (its guard's timeout, or its {@code Uni}'s limit, interrupts it) lets go
 * of its connection even when the server trickles its answer so that no idle timeout fires.
 */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class HonchoConnectionsTests {
    /** A write's and a chat's timeout (the guard's, which interrupts the call). */
    static final Duration TIMEOUT = Duration.ofSeconds(3);
    static final HonchoTimeouts TIMEOUTS = new HonchoTimeouts(Duration.ofSeconds(10), TIMEOUT, TIMEOUT, 0,
            Duration.ZERO);
    /** How soon after its calls gave up the server sees every connection closed: "a few seconds". */
    static final Duration CLOSED_AFTER_MAX = Duration.ofSeconds(3);
    /** Far more than any machine takes to open a loopback connection; the test waits for the event. */
    static final Duration EVENT_WAIT_MAX = Duration.ofSeconds(30);
    static final int SEARCHES = 3 * HonchoClient.WRITE_CONNECTIONS_MAX;
    static final int CHATS = 3 * HonchoClient.CHAT_CONNECTIONS_MAX;

    @Test
    void searchesAndChatsHoldAtMostTheWorkspacesConnectionsAndLetGoOfThemAtTheirTimeout() throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(SEARCHES + CHATS);
        try (TricklingServer server = TricklingServer.start();
                HonchoClient client = HonchoClient.create(server.url(), "bx1-trusted", Optional.empty(), TIMEOUTS)) {
            List<Future<Kind>> calls = new ArrayList<>();
            for (int i = 0; i < SEARCHES; i++) {
                calls.add(callers.submit(failure(() -> client.search("heron", 5, null))));
            }
            for (int i = 0; i < CHATS; i++) {
                calls.add(callers.submit(failure(() -> client.peerChat("boxmaker1", null, "heron?", "low"))));
            }
            // Every connection the pools allow is in use, its answer trickling, before any timeout passes.
            assertThat(server.awaitOpen(n -> n >= HonchoClient.CONNECTIONS_MAX, EVENT_WAIT_MAX)).isTrue();

            // Interrupted at its timeout: unreachable; or, reading its trickle when another call's interrupt
            // closed their REST client, a body cut short: a bad answer.
            for (Future<Kind> call : calls) {
                assertThat(call.get(EVENT_WAIT_MAX.toSeconds(), TimeUnit.SECONDS))
                        .isIn(Kind.UNREACHABLE, Kind.BAD_ANSWER);
            }

            assertThat(server.awaitOpen(n -> n == 0, CLOSED_AFTER_MAX)).as("all closed, %d open", server.open())
                    .isTrue();
            assertThat(server.openMost()).isEqualTo(HonchoClient.CONNECTIONS_MAX);
        } finally {
            callers.shutdownNow();
        }
    }

    /** The kind of failure {@code call} ended with (it never answers here). */
    private static Callable<Kind> failure(Callable<?> call) {
        return () -> {
            try {
                call.call();
                return null;
            } catch (HonchoFailure f) {
                return f.kind();
            }
        };
    }
}
