package dev.boxmaker.proto.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.testing.EchoHandlers;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Ok;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a handler's answer, refusal or failure turns into on the wire, and where handlers run. */
class HandlerDispatchTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    private RunningServer running;

    @BeforeEach
    void start() {
        running = RunningServer.echo(dir);
    }

    @AfterEach
    void stop() throws Exception {
        running.close();
    }

    @Test
    void eachKindGoesToItsOwnHandler() throws Exception {
        assertThat(call(new SessionUpdated(SessionId.of("chat-1"), 4))).isEqualTo(new Ok());
        assertThat(call(new LoopAdmin("echo", "hello"))).isEqualTo(new LoopAdminReply("hello"));
    }

    @Test
    void handlersRunOnTheWorkerPoolNeverOnTheEventLoop() throws Exception {
        String where = ((LoopAdminReply) call(new LoopAdmin("thread", ""))).text();

        // "worker? event loop? thread name": the pool's threads are named after the server.
        assertThat(where).startsWith("true false bx-test-");
    }

    @Test
    void aRefusalIsAnsweredWithItsSentenceAndRunbook() throws Exception {
        assertThat(call(new LoopAdmin("refuse", ""))).isEqualTo(new ErrorReply(EchoHandlers.REFUSAL, EchoHandlers.RUNBOOK));
    }

    @Test
    void anyOtherExceptionIsAnsweredServerFailed() throws Exception {
        assertThat(call(new LoopAdmin("fail", "hunter2"))).isEqualTo(new ErrorReply(
                "the request failed inside the daemon; nothing was changed; see the daemon's log", null));
    }

    @Test
    void aStackOverflowIsAnsweredServerFailedAndTheHandlerNoLongerCountsAsRunning() throws Exception {
        assertThat(call(new LoopAdmin("overflow", ""))).isEqualTo(new ErrorReply(
                "the request failed inside the daemon; nothing was changed; see the daemon's log", null));
        assertThat(running.server().handlersRunning()).isZero();
    }

    @Test
    void aHandlerThatReturnsNothingIsAnsweredServerFailed() throws Exception {
        assertThat(call(new LoopAdmin("null", ""))).isEqualTo(new ErrorReply(
                "the request failed inside the daemon; nothing was changed; see the daemon's log", null));
    }

    @Test
    void theServerKeepsAnsweringAfterAFailure() throws Exception {
        call(new LoopAdmin("fail", ""));

        assertThat(call(new LoopAdmin("echo", "after"))).isEqualTo(new LoopAdminReply("after"));
    }

    private Message call(Message request) throws Exception {
        return SocketClient.call(running.socket(), request, WAIT, WAIT, "test-entry");
    }
}
