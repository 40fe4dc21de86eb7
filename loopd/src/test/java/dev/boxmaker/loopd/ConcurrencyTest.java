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
import org.junit.jupiter.api.Test;

/** One turn at a time per session, others queued; sessions in parallel (loopd.md, "Sessions"). */
class ConcurrencyTest {
    /** Long enough that two calls overlap if loopd lets them. */
    static final long MODEL_MILLIS = 500;

    @Test
    void twoSessionsTurnsRunInParallel() throws Exception {
        try (LoopdHome t = LoopdHome.create().start()) {
            t.model.whenEmpty(Reply.text("ok"));
            // Both calls are held at the model until both have come: one session's turn never waits
            // for the other's answer (were they in line, the second call would never come).
            CountDownLatch answer = t.model.hold();
            ExecutorService pool = Executors.newFixedThreadPool(2);
            List<Message> replies;
            try {
                Future<Message> a = pool.submit(() -> t.turn("chat-1", "a"));
                Future<Message> b = pool.submit(() -> t.turn("chat-2", "b"));
                StopTest.waitFor(() -> t.model.requests().size() == 2);
                answer.countDown();
                replies = List.of(a.get(), b.get());
            } finally {
                answer.countDown();
                pool.shutdownNow();
            }

            assertThat(replies).allMatch(r -> r instanceof TurnReply);
            assertThat(t.model.maxConcurrent()).isEqualTo(2);
        }
    }

    @Test
    void twoTurnsOfOneSessionAreSerialised() throws Exception {
        try (LoopdHome t = LoopdHome.create().start()) {
            t.model.add(Reply.text("warm"));
            t.turn("chat-1", "warm up");
            t.model.add(Reply.text("first answer").after(MODEL_MILLIS), Reply.text("second answer").after(MODEL_MILLIS));

            List<Message> replies = both(() -> t.turn("chat-1", "a"), () -> t.turn("chat-1", "b"));

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

    private static List<Message> both(Callable<Message> a, Callable<Message> b) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Message> fa = pool.submit(a);
            Future<Message> fb = pool.submit(b);
            return List.of(fa.get(), fb.get());
        } finally {
            pool.shutdownNow();
        }
    }
}
