package dev.boxmaker.brokerd.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.boxmaker.brokerd.TestHome;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.client.AsyncSocketClient;
import dev.boxmaker.proto.server.AsyncHandler;
import dev.boxmaker.proto.server.SocketServer;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A hung Honcho costs the calls that need it, not every other tool (issue 34): with 40
 * {@code ask_memory} calls waiting on memoryd, more than brokerd's socket has workers, a {@code recall}
 * through brokerd is answered at once. memoryd here answers {@code recall} and holds every
 * {@code ask_memory} as its real handler does while Honcho's chat hangs: an answer that does not come
 * (memoryd's own workers free, as its {@code memory_call} handler is asynchronous).
 */
class HungAsksTest {
    static final int ASKS_WAITING = 40;
    static final String HIT = "[1] memory · note, 2026-09-22 18:20 UTC · private\nThe launch is in room 4B.";

    private TestHome home;
    private SocketServer memoryd;
    private final AtomicInteger asksHeld = new AtomicInteger();
    private final CompletableFuture<Message> chat = new CompletableFuture<>();

    @BeforeEach
    void start() throws Exception {
        // brokerd waits on memoryd for a minute: the asks are still waiting when the recall comes.
        home = TestHome.create("").start(Duration.ofMinutes(1));
        AsyncHandler<MemoryCall> handler = call -> {
            if (call.request().tool().equals("ask_memory")) {
                asksHeld.incrementAndGet();
                return chat;
            }
            CompletionStage<Message> hit = CompletableFuture.completedFuture(new ToolResponse(call.request().call(),
                    Outcome.OK, HIT, DataClass.PRIVATE, false, null));
            return hit;
        };
        memoryd = new SocketServer(home.vertx, home.settings.memorySocket(), "memoryd with a hung chat",
                Map.of(MemoryCall.KIND, handler));
        memoryd.start();
    }

    @AfterEach
    void stop() throws Exception {
        // The chat ends, so the waiting calls are answered and every socket closes at once.
        chat.complete(new ToolResponse("c1", Outcome.FAILED, "the chat ended", DataClass.PRIVATE, false, null));
        memoryd.close();
        home.close();
    }

    @Test
    void aRecallIsAnsweredWhileFortyAskMemoryCallsWaitOnAHungChat() throws Exception {
        AsyncSocketClient loopd = new AsyncSocketClient(home.vertx);
        List<CompletableFuture<Message>> asks = new ArrayList<>();
        for (int i = 0; i < ASKS_WAITING; i++) {
            asks.add(loopd.call(home.settings.loopSocket(), TestHome.request("chat-" + i, "a" + i, "ask_memory",
                    "{\"question\": \"when is the launch?\"}"), TestHome.WAIT, Duration.ofMinutes(2), "test")
                    .subscribeAsCompletionStage());
        }
        await().atMost(TestHome.WAIT).until(() -> asksHeld.get() == ASKS_WAITING);

        ToolResponse recall = home.call("chat-x", "recall", "{\"query\": \"launch\"}");

        assertThat(recall).isEqualTo(new ToolResponse("c1", Outcome.OK, HIT, DataClass.PRIVATE, false, "builtin-recall"));
        assertThat(asks).noneMatch(CompletableFuture::isDone);
    }
}
