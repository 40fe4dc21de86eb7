package dev.boxmaker.memoryd.honcho.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.SessionLogWriter;
import dev.boxmaker.proto.log.ToolCall;
import dev.boxmaker.proto.log.ToolResultRecord;
import dev.boxmaker.proto.log.UserRecord;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.testing.TempHomes;
import dev.boxmaker.proto.testing.TestServers;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionStateReply;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The turn decision from a real session log and a brokerd on a real Unix socket. */
class TurnDeciderTest {
    private static final SessionId SESSION = SessionId.of("mm-abc");
    private static final Instant T = Instant.parse("2026-09-20T14:02:11Z");

    Path home;
    Path socket;

    @BeforeEach
    void home() throws Exception {
        home = TempHomes.create("td");
        socket = TestServers.socketIn(home, "state.sock");
    }

    @AfterEach
    void delete() {
        TempHomes.delete(home);
    }

    private void log(Object... records) throws Exception {
        try (SessionLogWriter writer = SessionLogWriter.open(home, SESSION)) {
            for (Object r : records) {
                writer.append((dev.boxmaker.proto.log.LogRecord) r);
            }
        }
    }

    private static UserRecord user(long turn, String text, String speaker) {
        return new UserRecord(T, turn, text, speaker);
    }

    private static AssistantRecord call(long turn) {
        return new AssistantRecord(T, turn, null, null, List.of(new ToolCall("c" + turn, "fetch", "{}")));
    }

    private static ToolResultRecord result(long turn, DataClass c, boolean untrusted) {
        return new ToolResultRecord(T, turn, "c" + turn, "fetch", Outcome.OK, "page", c, untrusted);
    }

    private static AssistantRecord reply(long turn, String text) {
        return new AssistantRecord(T, turn, text, null, List.of());
    }

    private RunningServer brokerd(DataClass c, boolean untrusted) {
        Handler<SessionState> handler = r -> new SessionStateReply(c, untrusted);
        return RunningServer.start(socket, Map.of(SessionState.KIND, handler), Duration.ofSeconds(10));
    }

    private TurnDecider decider() {
        return new TurnDecider(home, new BrokerStateClient(socket));
    }

    @Test
    void theTurnsRecordsAreItsSpeakerTextFinalReplyAndTheLabelSoFar() throws Exception {
        log(user(0, "hello", "kyle"), reply(0, "hi"), user(1, "fetch it", "kyle"), call(1),
                result(1, DataClass.PUBLIC, true), reply(1, "fetched"), user(2, "and?", null));
        assertThat(TurnLog.read(home, SESSION, 0)).contains(new TurnRecords(0, "kyle", "hello", "hi",
                new Label(DataClass.PRIVATE, true)));
        assertThat(TurnLog.read(home, SESSION, 1)).contains(new TurnRecords(1, "kyle", "fetch it", "fetched",
                new Label(DataClass.PRIVATE, true)));
        // Turn 2 has no closing record yet; turn 7 is not there.
        assertThat(TurnLog.read(home, SESSION, 2)).isEmpty();
        assertThat(TurnLog.read(home, SESSION, 7)).isEmpty();
    }

    @Test
    void aReplyWithoutTextIsEmpty() throws Exception {
        log(user(0, "hello", "kyle"), reply(0, null));
        assertThat(TurnLog.read(home, SESSION, 0)).contains(new TurnRecords(0, "kyle", "hello", "", Label.SESSION_START));
    }

    @Test
    void aCleanTurnIsTrusted() throws Exception {
        log(user(0, "hello", "kyle"), reply(0, "hi"));
        try (RunningServer b = brokerd(DataClass.PRIVATE, false)) {
            assertThat(decider().decide(SESSION, 0, Label.SESSION_START))
                    .isEqualTo(new TurnDecision("mm-abc", 0, Destination.TRUSTED, "clean"));
        }
    }

    @Test
    void anUnfinishedTurnWaitsUndecided() throws Exception {
        log(user(0, "hello", "kyle"), call(0));
        assertThat(decider().decide(SESSION, 0, Label.SESSION_START)).isEqualTo(new TurnOutcome.Undecided("mm-abc", 0,
                "turn 0 of session mm-abc is not finished in its log; it waits undecided"));
    }

    @Test
    void aSessionWithoutALogIsAnError() {
        assertThatThrownBy(() -> decider().decide(SESSION, 0, Label.SESSION_START)).isInstanceOf(NoSuchFileException.class);
    }

    /** T37 through the socket: brokerd down, then back having forgotten the session. */
    @Test
    void t37AFetchedPageNeverReachesTheTrustedWorkspaceEvenWhenBrokerdAnswersLate() throws Exception {
        log(user(0, "summarise the page", "kyle"), call(0), result(0, DataClass.PUBLIC, true), reply(0, "It says hi."));
        TurnOutcome first = decider().decide(SESSION, 0, Label.SESSION_START);
        assertThat(first).isEqualTo(new TurnOutcome.Undecided("mm-abc", 0, "nothing answers on " + socket
                + " (is the daemon running?); see runbook broker-state-unavailable"));
        try (RunningServer b = brokerd(DataClass.PRIVATE, false)) {
            assertThat(decider().decide(SESSION, 0, Label.SESSION_START))
                    .isEqualTo(new TurnDecision("mm-abc", 0, Destination.UNTRUSTED, "untrusted-by-log"));
        }
    }

    @Test
    void configuredSecretsAreReadAtEachDecision() throws Exception {
        log(user(0, "the code is 7781-blue-door", "kyle"), reply(0, "noted"));
        List<String> secrets = new java.util.ArrayList<>();
        TurnDecider decider = new TurnDecider(home, new BrokerStateClient(socket), () -> List.copyOf(secrets));
        try (RunningServer b = brokerd(DataClass.PRIVATE, false)) {
            assertThat(decider.decide(SESSION, 0, Label.SESSION_START)).extracting(o -> ((TurnDecision) o).destination())
                    .isEqualTo(Destination.TRUSTED);
            secrets.add("7781-blue-door");
            assertThat(decider.decide(SESSION, 0, Label.SESSION_START))
                    .isEqualTo(new TurnDecision("mm-abc", 0, Destination.NONE, "known-prefix-secret:configured-secret"));
        }
    }
}
