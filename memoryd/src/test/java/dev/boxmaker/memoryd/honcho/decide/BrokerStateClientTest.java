package dev.boxmaker.memoryd.honcho.decide;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.sentences.DecisionSentences;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.testing.TempHomes;
import dev.boxmaker.proto.testing.TestServers;
import dev.boxmaker.proto.wire.msg.Ok;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionStateReply;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** memoryd's client of brokerd's state socket, against a real Unix socket server. */
class BrokerStateClientTest {
    private static final SessionId SESSION = SessionId.of("mm-abc");

    Path home;
    Path socket;
    final List<SessionState> asked = new CopyOnWriteArrayList<>();

    @BeforeEach
    void home() throws Exception {
        home = TempHomes.create("bsc");
        socket = TestServers.socketIn(home, "state.sock");
    }

    @AfterEach
    void delete() {
        TempHomes.delete(home);
    }

    private RunningServer brokerd(Handler<SessionState> handler) {
        Handler<SessionState> recording = request -> {
            asked.add(request);
            return handler.handle(request);
        };
        return RunningServer.start(socket, Map.of(SessionState.KIND, recording), Duration.ofSeconds(10));
    }

    @Test
    void brokerdsStateIsTheAnswer() throws Exception {
        try (RunningServer server = brokerd(r -> new SessionStateReply(DataClass.SECRET, true))) {
            assertThat(new BrokerStateClient(socket).ask(SESSION))
                    .isEqualTo(new BrokerAnswer.State(new Label(DataClass.SECRET, true)));
        }
        assertThat(asked).containsExactly(new SessionState(SESSION));
    }

    @Test
    void aCleanSessionIsPrivateAndTrusted() throws Exception {
        try (RunningServer server = brokerd(r -> new SessionStateReply(DataClass.PRIVATE, false))) {
            assertThat(new BrokerStateClient(socket).ask(SESSION)).isEqualTo(new BrokerAnswer.State(Label.SESSION_START));
        }
    }

    @Test
    void noBrokerdIsUnavailableNamingTheSocketAndRunbook() {
        assertThat(new BrokerStateClient(socket).ask(SESSION)).isEqualTo(new BrokerAnswer.Unavailable(
                "nothing answers on " + socket + " (is the daemon running?); see runbook broker-state-unavailable"));
    }

    @Test
    void aBrokerdThatNeverAnswersIsUnavailableAfterTheWait() throws Exception {
        // A socket bound and listening whose connections are never accepted: the connect completes in
        // the backlog, and no reply ever comes.
        try (ServerSocketChannel silent = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            silent.bind(UnixDomainSocketAddress.of(socket));
            BrokerStateClient client = new BrokerStateClient(socket, Duration.ofMillis(500), Duration.ofMillis(300));
            BrokerAnswer answer = client.ask(SESSION);
            assertThat(answer).isInstanceOf(BrokerAnswer.Unavailable.class);
            assertThat(((BrokerAnswer.Unavailable) answer).why()).startsWith("no reply from " + socket + " within ")
                    .endsWith("see runbook broker-state-unavailable");
        }
    }

    @Test
    void anErrorFrameIsUnavailableWithBrokerdsSentence() throws Exception {
        try (RunningServer server = brokerd(r -> {
            throw new HandlerRefusal("brokerd is stopping", null);
        })) {
            assertThat(new BrokerStateClient(socket).ask(SESSION)).isEqualTo(new BrokerAnswer.Unavailable(
                    "brokerd refused session_state (brokerd is stopping); the turn waits undecided"
                            + " (runbook broker-state-unavailable)"));
        }
    }

    @Test
    void anotherKindOfReplyIsUnavailable() throws Exception {
        try (RunningServer server = brokerd(r -> new Ok())) {
            assertThat(new BrokerStateClient(socket).ask(SESSION)).isEqualTo(new BrokerAnswer.Unavailable(
                    "brokerd answered session_state with \"ok\"; the turn waits undecided"
                            + " (runbook broker-state-unavailable)"));
        }
    }

    @Test
    void theWaitIsWireMdsFiveSeconds() {
        assertThat(BrokerStateClient.REPLY_WAIT_SECONDS).isEqualTo(5);
        assertThat(DecisionSentences.brokerStateRefused("x\u001b")).isEqualTo(
                "brokerd refused session_state (x\\u{001B}); the turn waits undecided (runbook broker-state-unavailable)");
    }
}
