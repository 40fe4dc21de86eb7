package dev.boxmaker.proto.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.testing.TestServers;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.Message;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An {@link AsyncHandler}'s reply is written when its stage completes, and no worker waits for it. */
class AsyncHandlerTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    /** Well above the worker pool, so waiting calls that held a worker could not all be registered. */
    private static final int WAITING_CALLS = 3 * SocketServer.WORKER_THREADS;

    private final ConcurrentLinkedQueue<CompletableFuture<Message>> waiting = new ConcurrentLinkedQueue<>();
    @TempDir
    Path dir;
    private RunningServer running;

    @BeforeEach
    void start() throws Exception {
        AsyncHandler<LoopAdmin> handler = request -> switch (request.command()) {
            case "now" -> CompletableFuture.completedFuture(new LoopAdminReply(request.arg()));
            case "refuse" -> CompletableFuture.failedFuture(new HandlerRefusal("no", "entry"));
            case "fail" -> CompletableFuture.failedFuture(new IllegalStateException("boom"));
            case "throw" -> throw new HandlerRefusal("thrown", null);
            default -> {
                CompletableFuture<Message> later = new CompletableFuture<>();
                waiting.add(later);
                yield later;
            }
        };
        running = RunningServer.start(TestServers.socketIn(dir, "s.sock"), Map.of(LoopAdmin.KIND, handler), WAIT);
    }

    @AfterEach
    void stop() throws Exception {
        running.close();
    }

    @Test
    void aCompletedStageIsAnsweredAtOnce() throws Exception {
        assertThat(call("now", "hi")).isEqualTo(new LoopAdminReply("hi"));
    }

    @Test
    void aRefusedOrFailedStageIsAnsweredAsAnError() throws Exception {
        assertThat(call("refuse", "")).isEqualTo(new ErrorReply("no", "entry"));
        assertThat(call("throw", "")).isEqualTo(new ErrorReply("thrown", null));
        assertThat(call("fail", "")).isEqualTo(new ErrorReply(
                "the request failed inside the daemon; nothing was changed; see the daemon's log", null));
    }

    @Test
    void manyWaitingCallsHoldNoWorkerAndEachGetsItsOwnLaterReply() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(WAITING_CALLS);
        try {
            List<Future<Message>> replies = new ArrayList<>();
            for (int i = 0; i < WAITING_CALLS; i++) {
                String arg = Integer.toString(i);
                replies.add(clients.submit(() -> call("later", arg)));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (waiting.size() < WAITING_CALLS && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            // Every call reached the handler although the pool has fewer workers: none is held.
            assertThat(waiting).hasSize(WAITING_CALLS);
            assertThat(call("now", "still answering")).isEqualTo(new LoopAdminReply("still answering"));

            int n = 0;
            for (CompletableFuture<Message> later : waiting) {
                later.complete(new LoopAdminReply("done " + n++));
            }
            for (Future<Message> reply : replies) {
                assertThat(((LoopAdminReply) reply.get(10, TimeUnit.SECONDS)).text()).startsWith("done ");
            }
        } finally {
            clients.shutdownNow();
        }
    }

    @Test
    void aStageCompletedWhileTheServerClosesIsStillAnswered() throws Exception {
        ExecutorService clients = Executors.newSingleThreadExecutor();
        Thread closer = new Thread(() -> running.server().close(), "closer");
        try {
            Future<Message> reply = clients.submit(() -> call("later", ""));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (waiting.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            closer.start();
            // The close has begun once a new call is answered busy: it waits there for the answers
            // of the requests it holds, before it closes the listener (which closes every connection).
            deadline = System.nanoTime() + WAIT.toNanos();
            while (call("now", "before the close").equals(new LoopAdminReply("before the close"))) {
                assertThat(System.nanoTime()).as("the close began within %s", WAIT).isLessThan(deadline);
                Thread.sleep(10);
            }
            assertThat(closer.isAlive()).isTrue();
            waiting.remove().complete(new LoopAdminReply("answered while closing"));

            assertThat(reply.get(10, TimeUnit.SECONDS)).isEqualTo(new LoopAdminReply("answered while closing"));
            closer.join(TimeUnit.SECONDS.toMillis(SocketServer.CLOSE_WAIT_SECONDS + 5));
            assertThat(closer.isAlive()).isFalse();
        } finally {
            clients.shutdownNow();
        }
    }

    private Message call(String command, String arg) throws Exception {
        return SocketClient.call(running.socket(), new LoopAdmin(command, arg), WAIT, WAIT, "test-entry");
    }
}
