package dev.boxmaker.loopd.sockets;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.loopd.LoopdHome;
import dev.boxmaker.loopd.testing.ScriptedModel;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.LoopStats;
import dev.boxmaker.proto.wire.msg.LoopStatsReply;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code loop_stats} on loopd's socket: sessions in memory, turns, the model's URL and its latest failure. */
class LoopStatsTest {
    static final Duration WAIT = Duration.ofSeconds(10);

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

    private static LoopStatsReply stats(LoopdHome t) throws Exception {
        return (LoopStatsReply) SocketClient.call(t.settings.turnSocket(), new LoopStats(), WAIT, WAIT, "test");
    }

    private static String figures(LoopStatsReply r) {
        return "sessions " + r.sessions() + ", running " + r.turnsRunning() + ", queued " + r.turnsQueued() + ", model "
                + r.modelUrl() + ", error " + (r.modelError() == null ? "none" : r.modelError());
    }
}
