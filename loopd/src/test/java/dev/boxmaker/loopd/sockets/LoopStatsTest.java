package dev.boxmaker.loopd.sockets;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.loopd.LoopdHome;
import dev.boxmaker.loopd.testing.ScriptedModel;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.LoopStats;
import dev.boxmaker.proto.wire.msg.LoopStatsReply;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** {@code loop_stats} on loopd's socket: sessions in memory, turns, the model's URL and its latest failure. */
class LoopStatsTest {
    static final Duration WAIT = Duration.ofSeconds(10);
    /** Long enough for the test to see the turn running and queue another behind it. */
    static final long SLOW_REPLY_MILLIS = 3_000;

    @Test
    void theStatsFollowTheTurnsAndTheModelsLatestFailure() throws Exception {
        try (LoopdHome t = LoopdHome.create().start()) {
            String url = t.settings.modelUrl().orElseThrow().toString();
            assertThat(figures(stats(t))).isEqualTo("sessions 0, running 0, queued 0, model " + url + ", error none");

            t.model.add(ScriptedModel.Reply.text("hi"));
            t.turn("chat-1", "hello");
            assertThat(figures(stats(t))).isEqualTo("sessions 1, running 0, queued 0, model " + url + ", error none");

            t.model.add(ScriptedModel.Reply.status(401, "{}"));
            t.turn("chat-2", "hello");
            // A turn that failed leaves no prompt in memory: the session's next turn loads it again.
            assertThat(figures(stats(t))).isEqualTo("sessions 1, running 0, queued 0, model " + url + ", error the model at "
                    + url + " refused the request with HTTP 401; check [model] name and api_key (runbook model-unavailable)");

            t.model.add(ScriptedModel.Reply.text("back"));
            t.turn("chat-2", "again");
            assertThat(figures(stats(t))).isEqualTo("sessions 2, running 0, queued 0, model " + url + ", error none");
            assertThat(stats(t).residentBytes()).isPositive();
        }
    }

    @Test
    void aRunningTurnAndOneQueuedBehindItAreCounted() throws Exception {
        try (LoopdHome t = LoopdHome.create().start()) {
            t.model.add(ScriptedModel.Reply.text("slow").after(SLOW_REPLY_MILLIS));
            t.model.add(ScriptedModel.Reply.text("next"));
            ExecutorService clients = Executors.newFixedThreadPool(2);
            try {
                Future<?> first = clients.submit(() -> t.turn("chat-1", "first"));
                awaitFigures(t, r -> r.turnsRunning() == 1);
                Future<?> second = clients.submit(() -> t.turn("chat-1", "second"));
                awaitFigures(t, r -> r.turnsQueued() == 1);
                // The session counts once its prompt is loaded, which the first turn does as it starts.
                assertThat(figures(stats(t))).contains(", running 1, queued 1, ");

                first.get(30, TimeUnit.SECONDS);
                second.get(30, TimeUnit.SECONDS);
                assertThat(figures(stats(t))).startsWith("sessions 1, running 0, queued 0, ");
            } finally {
                clients.shutdownNow();
            }
        }
    }

    private static void awaitFigures(LoopdHome t, Predicate<LoopStatsReply> seen) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!seen.test(stats(t))) {
            assertThat(System.nanoTime()).as("the figures never showed it").isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    private static LoopStatsReply stats(LoopdHome t) throws Exception {
        return (LoopStatsReply) SocketClient.call(t.settings.turnSocket(), new LoopStats(), WAIT, WAIT, "test");
    }

    private static String figures(LoopStatsReply r) {
        return "sessions " + r.sessions() + ", running " + r.turnsRunning() + ", queued " + r.turnsQueued() + ", model "
                + r.modelUrl() + ", error " + (r.modelError() == null ? "none" : r.modelError());
    }
}
