package dev.boxmaker.loopd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** One turn at a time per session, others queued; sessions in parallel (loopd.md, "Sessions"). */
class ConcurrencyTest {
    @Test
    void twoSessionsTurnsRunInParallel() throws Exception {
        try (LoopdHome t = LoopdHome.create().start()) {
            t.model.whenEmpty(Reply.text("ok"));
            // Both calls are held at the model until both have come: one session's turn never waits
            // for the other's answer (were they in line, the second call would never come).
            List<Message> replies = held(t, () -> t.model.requests().size() == 2,
                    () -> t.turn("chat-1", "a"), () -> t.turn("chat-2", "b"));

            assertThat(replies).allMatch(r -> r instanceof TurnReply);
            assertThat(t.model.maxConcurrent()).isEqualTo(2);
        }
    }

    @Test
    void twoTurnsOfOneSessionAreSerialised() throws Exception {
        try (LoopdHome t = LoopdHome.create().start()) {
            t.model.add(Reply.text("warm"));
            t.turn("chat-1", "warm up");
            t.model.add(Reply.text("first answer"), Reply.text("second answer"));
            // The first call is held at the model until the other turn is seen waiting in line behind it.
            List<Message> replies = held(t, () -> t.model.requests().size() == 2 && t.turns().waiting() == 1,
                    () -> t.turn("chat-1", "a"), () -> t.turn("chat-1", "b"));

            assertThat(replies).allMatch(r -> r instanceof TurnReply);
            assertThat(t.model.maxConcurrent()).isEqualTo(1);
            assertThat(replies).extracting(r -> ((TurnReply) r).turn()).containsExactlyInAnyOrder(2L, 3L);
            // The later turn's prompt holds the earlier turn whole: user and answer.
            List<String> log = t.log("chat-1");
            assertThat(log).hasSize(6);
            assertThat(log.get(2)).contains("\"type\":\"user\"", "\"turn\":2");
            assertThat(log.get(3)).contains("\"type\":\"assistant\"", "\"turn\":2");
            assertThat(log.get(4)).contains("\"type\":\"user\"", "\"turn\":3");
            assertThat(t.model.requests().get(2).messages().size()).isEqualTo(t.model.requests().get(1).messages().size() + 2);
        }
    }

    /** Takes both turns with the model's answers held until {@code seen}, then lets them go. */
    private static List<Message> held(LoopdHome t, BooleanSupplier seen, Callable<Message> a, Callable<Message> b)
            throws Exception {
        CountDownLatch answer = t.model.hold();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Message> fa = pool.submit(a);
            Future<Message> fb = pool.submit(b);
            StopTest.waitFor(seen);
            answer.countDown();
            return List.of(fa.get(), fb.get());
        } finally {
            answer.countDown();
            pool.shutdownNow();
        }
    }
}
