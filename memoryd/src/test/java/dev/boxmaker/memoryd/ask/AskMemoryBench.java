package dev.boxmaker.memoryd.ask;

import static dev.boxmaker.memoryd.ask.AskRig.args;

import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.honcho.fake.FakeRoute;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.memoryd.tool.Answer;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The measure of issue 33: {@code ask_memory} over its own workspace, the fleet and one other agent,
 * on a server without workspace chat (Honcho 3.0.12) whose every chat answers in {@link #CHAT_SECONDS}:
 * three peer chats (the owner's and the agent's in its own workspace, the other agent's in its), two
 * at a time, the peer look-ups and the fleet search between. Goal: at most 2 s + 100 ms of wall time.
 * Not a test (surefire runs *Test and *Tests only). Run it with {@code ./mvnw -B -o -pl memoryd -am test
 * -Dtest=AskMemoryBench -Dsurefire.failIfNoSpecifiedTests=false} ({@code -Dbench.asks=N
 * -Dbench.warmup=W}); it prints its figures.
 */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class AskMemoryBench {
    static final long CHAT_SECONDS = 1;

    @Test
    void askOwnFleetAndAnotherAgent() throws Exception {
        int asks = Integer.getInteger("bench.asks", 10);
        int warmup = Integer.getInteger("bench.warmup", 2);
        try (AskRig rig = new AskRig()) {
            rig.seed("bx-trusted", "own: the launch moved to Friday", "bx");
            rig.seed("b1-trusted", "b1: the launch needs the owner's sign-off", "b1");
            rig.note("b2", "b2 noted the launch room is 4B", AskRig.NOTE_AT);
            rig.fake.slow(FakeRoute.PEER_CHAT, Duration.ofSeconds(CHAT_SECONDS));
            try (AskMemory ask = AskMemory.of(rig.settings, rig.clients, MemorydThreads.start().ask())) {
                List<Long> millis = new ArrayList<>();
                for (int i = 0; i < warmup + asks; i++) {
                    long start = System.nanoTime();
                    Answer answer = AskRig.ask(ask, args("launch", "own", "fleet", "b1"));
                    long took = (System.nanoTime() - start) / 1_000_000;
                    if (!answer.text().contains("b2 noted") || answer.text().contains("unavailable")) {
                        throw new AssertionError("a workspace did not answer: " + answer.text());
                    }
                    if (i >= warmup) {
                        millis.add(took);
                    }
                }
                Collections.sort(millis);
                System.out.printf("ask_memory own+fleet+b1, each chat %d s, %d asks: p50 %d ms, max %d ms, min %d ms"
                        + " (goal <= 2100 ms)%n", CHAT_SECONDS, asks, millis.get(millis.size() / 2),
                        millis.get(millis.size() - 1), millis.get(0));
            }
        }
    }
}
