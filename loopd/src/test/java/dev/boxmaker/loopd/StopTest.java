package dev.boxmaker.loopd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** What the clients of turns see when loopd stops: every accepted turn gets an answer. */
class StopTest {
    /** The running turn's model call: long enough for the stop to come while it runs. */
    static final long MODEL_MILLIS = 3_000;

    @Test
    void aTurnQueuedBehindARunningOneIsAnsweredAsNotRunAtAStop() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(3);
        try (LoopdHome t = LoopdHome.create().start()) {
            t.model.add(Reply.text("the slow answer").after(MODEL_MILLIS));
            Future<Message> running = clients.submit(() -> t.turn("chat-1", "first"));
            waitFor(() -> t.model.requests().size() == 1);
            Future<Message> queued = clients.submit(() -> t.turn("chat-1", "second"));
            waitFor(() -> t.turns().waiting() == 1);

            Future<?> stop = clients.submit(t::stopLoopd);

            assertThat(queued.get(LoopdHome.WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(new ErrorReply(
                    "loopd is stopping, so this turn, which was waiting for an earlier turn of its session, was not"
                            + " run; send it again when loopd is back", null));
            // Answered at the stop, not when the turn before it ended.
            assertThat(running.isDone()).isFalse();
            assertThat(running.get(LoopdHome.WAIT.toSeconds(), TimeUnit.SECONDS))
                    .isEqualTo(new TurnReply(dev.boxmaker.proto.SessionId.of("chat-1"), 1, "the slow answer"));
            stop.get(LoopdHome.WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(t.log("chat-1")).hasSize(2).noneMatch(line -> line.contains("second"));
            assertThat(t.model.requests()).hasSize(1);
        } finally {
            clients.shutdownNow();
        }
    }

    static void waitFor(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + LoopdHome.WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waited too long").isLessThan(deadline);
            Thread.sleep(10);
        }
    }
}
