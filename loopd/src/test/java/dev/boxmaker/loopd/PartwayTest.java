package dev.boxmaker.loopd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.loopd.turn.Turns;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A turn that fails after it has written to the session's log says so: the daemons' common
 * {@code nothing was changed} would be false, and would invite sending the message, and running its
 * tools, again.
 */
class PartwayTest {
    static final String FAILED_PARTWAY = "the turn failed partway inside loopd: the session's log keeps what it did"
            + " so far (the message, and any answers and tool calls of the model), so a tool may have run; see loopd's"
            + " log, and check before sending it again";
    /** The model's answer: long enough for the test to make the clock fail while it waits. */
    static final long MODEL_MILLIS = 1_000;

    private static final ExecutorService CLIENTS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "partway-test-client");
        t.setDaemon(true);
        return t;
    });

    @Test
    void aTurnThatFailsInsideLoopdAfterWritingSaysWhatTheLogKeeps() throws Exception {
        try (LoopdHome t = LoopdHome.create()) {
            // A fault inside loopd once the user's record is on disk: the clock, asked for the time of
            // the model's answer, fails.
            AtomicBoolean failing = new AtomicBoolean();
            t.clock = new FailingClock(failing);
            t.start();
            t.model.add(Reply.text("hi").after(MODEL_MILLIS));
            Future<Message> reply = CLIENTS.submit(() -> t.turn("chat-1", "hello"));
            StopTest.waitFor(() -> t.model.requests().size() == 1);
            failing.set(true);

            assertThat(reply.get(LoopdHome.WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(new ErrorReply(FAILED_PARTWAY, null));
            assertThat(t.log("chat-1")).hasSize(1).allMatch(line -> line.contains("\"content\":\"hello\""));

            // The session goes on from what its log holds.
            failing.set(false);
            t.model.add(Reply.text("hi again"));
            assertThat(t.turn("chat-1", "again")).isEqualTo(new TurnReply(SessionId.of("chat-1"), 2, "hi again"));
            assertThat(t.model.requests().get(1).messages().size()).isEqualTo(t.model.requests().get(0).messages().size() + 1);
        }
    }

    @Test
    void aTurnThatFailsInsideLoopdBeforeWritingSaysNothingWasChanged() throws Exception {
        try (LoopdHome t = LoopdHome.create()) {
            t.clock = new FailingClock(new AtomicBoolean(true));
            t.start();

            assertThat(t.turn("chat-1", "hello")).isEqualTo(new ErrorReply(
                    "the request failed inside the daemon; nothing was changed; see the daemon's log", null));
            assertThat(t.log("chat-1")).isEmpty();
        }
    }

    /** The system's clock, failing while {@code failing} holds. */
    static final class FailingClock extends Clock {
        private final AtomicBoolean failing;

        FailingClock(AtomicBoolean failing) {
            this.failing = failing;
        }

        @Override
        public Instant instant() {
            if (failing.get()) {
                throw new IllegalStateException("the test's clock failed");
            }
            return Instant.now();
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }

    @Test
    void aTurnStillRunningWhenLoopdStopsSaysWhatTheLogKeeps() throws Exception {
        try (LoopdHome t = LoopdHome.create().start()) {
            t.model.add(Reply.text("too late").after(TimeUnit.SECONDS.toMillis(Turns.CLOSE_WAIT_SECONDS + 5)));
            Future<Message> running = CLIENTS.submit(() -> t.turn("chat-1", "hello"));
            StopTest.waitFor(() -> t.model.requests().size() == 1);

            t.stopLoopd();

            assertThat(running.get(LoopdHome.WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(new ErrorReply("loopd stopped"
                    + " while this turn ran: the session's log keeps what it did so far (the message, and any answers and"
                    + " tool calls of the model), so a tool may have run; check before sending it again when loopd is"
                    + " back", null));
            assertThat(t.log("chat-1")).hasSize(1);
        }
    }
}
