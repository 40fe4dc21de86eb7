package dev.boxmaker.memoryd.ask;

import static dev.boxmaker.memoryd.ask.AskRig.args;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.memoryd.honcho.fake.FakeRoute;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.memoryd.tool.Answer;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Issue 35 item 2: with every chat hanging, a flood of asks never has more than two chats in flight,
 * and no chat is sent after its caller was answered unavailable: a queued call past its limit is
 * dropped, and a chat's place is given back only when its request has ended.
 */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class AskFloodTests {
    static final int ASKS = 20;
    /** Between asks: their limits fall apart, so a place given back early would go to a caller still waiting. */
    static final Duration APART = Duration.ofMillis(50);

    @Test
    void twentyAsksWithHangingChatsSendTwoChatsAndNoneAfterItsCallerWasAnswered() throws Exception {
        try (AskRig rig = new AskRig()) {
            rig.seed("bx-trusted", "own: the launch moved to Friday", "bx");
            rig.fake.hang(FakeRoute.PEER_CHAT);
            rig.fake.clearRequests();
            try (AskMemory ask = AskMemory.of(rig.settings, rig.clients, Duration.ofSeconds(2), MemorydThreads.start().ask())) {
                List<CompletableFuture<Long>> answered = new ArrayList<>();
                for (int i = 0; i < ASKS; i++) {
                    answered.add(ask.answer(args("launch", "own")).map(a -> answeredAt(a)).subscribeAsCompletionStage()
                            .toCompletableFuture());
                    Thread.sleep(APART.toMillis());
                }
                long lastAnswer = 0;
                for (CompletableFuture<Long> at : answered) {
                    lastAnswer = Math.max(lastAnswer, at.get());
                }
                long firstAnswer = answered.stream().mapToLong(CompletableFuture::join).min().orElseThrow();

                List<FakeHoncho.Recorded> chats = rig.fake.requests().stream()
                        .filter(r -> r.path().endsWith("/chat")).toList();
                assertThat(chats).hasSize(2);
                assertThat(chats).allMatch(r -> r.arrivedNanos() < firstAnswer);
                assertThat(rig.fake.chatsAtOnceMax()).isEqualTo(2);
                assertThat(lastAnswer).isPositive();
            }
        }
    }

    private static long answeredAt(Answer answer) {
        assertThat(answer.text()).isEqualTo("own: unavailable");
        return System.nanoTime();
    }
}
