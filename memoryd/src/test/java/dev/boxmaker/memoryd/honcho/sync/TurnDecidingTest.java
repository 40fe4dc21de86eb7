package dev.boxmaker.memoryd.honcho.sync;

import dev.boxmaker.memoryd.Assembly;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.decide.BrokerStateClient;
import dev.boxmaker.memoryd.honcho.decide.SpeakerPeers;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.index.TestIndexes;
import dev.boxmaker.memoryd.sockets.SessionUpdatedHandler;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.LogRecord;
import dev.boxmaker.proto.log.SessionLogWriter;
import dev.boxmaker.proto.log.ToolCall;
import dev.boxmaker.proto.log.ToolResultRecord;
import dev.boxmaker.proto.log.UserRecord;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.testing.TempHomes;
import dev.boxmaker.proto.testing.TestServers;
import dev.boxmaker.proto.wire.msg.Ok;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionStateReply;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Turn decisions as session_updated starts them: through the real handler, against loopd's logs
 * written with the real writer and a brokerd on a real Unix socket; each test reads the ledger's
 * lines exactly.
 */
class TurnDecidingTest {
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T08:00:00Z"), ZoneOffset.UTC);
    static final Instant T = Instant.parse("2026-12-02T07:59:00Z");
    static final HonchoSettings HONCHO = new HonchoSettings(URI.create("http://127.0.0.1:9"), "boxmaker0", "kyle",
            "bx-trusted", "bx-untrusted", "fleet", List.of(), Map.of());
    static final String TIME = "\"time\":\"2026-12-02T08:00:00Z\"";

    Path home;
    Path socket;
    HonchoLedger ledger;
    TurnDeciding deciding;
    MemoryIndex index;
    SessionUpdatedHandler handler;
    final AtomicInteger wakes = new AtomicInteger();
    final LogCapture capture = new LogCapture();
    final List<String> logged = capture.logged;

    @BeforeEach
    void start() throws Exception {
        home = TempHomes.create("tdg");
        socket = TestServers.socketIn(home, "state.sock");
        Files.createDirectories(home.resolve("memory"));
        ledger = HonchoLedger.open(home.resolve("memory"), CLOCK);
        deciding = new TurnDeciding(home, new BrokerStateClient(socket), ledger, HONCHO, List.of("7781-blue-door"),
                wakes::incrementAndGet, MemorydThreads.start().honchoDecide());
        index = TestIndexes.open(home);
        handler = new SessionUpdatedHandler(Assembly.sessionUpdates(index, Optional.of(deciding)));
        Logger.getLogger(TurnDeciding.class.getName()).addHandler(capture);
    }

    @AfterEach
    void stop() {
        Logger.getLogger(TurnDeciding.class.getName()).removeHandler(capture);
        deciding.close();
        index.close();
        TempHomes.delete(home);
    }

    void log(String session, LogRecord... records) throws Exception {
        try (SessionLogWriter writer = SessionLogWriter.open(home, SessionId.of(session))) {
            for (LogRecord r : records) {
                writer.append(r);
            }
        }
    }

    static UserRecord user(long turn, String text, String speaker) {
        return new UserRecord(T, turn, text, speaker);
    }

    static AssistantRecord reply(long turn, String text) {
        return new AssistantRecord(T, turn, text, null, List.of());
    }

    static AssistantRecord call(long turn) {
        return new AssistantRecord(T, turn, null, null, List.of(new ToolCall("c" + turn, "fetch", "{}")));
    }

    static ToolResultRecord result(long turn, DataClass c, boolean untrusted) {
        return new ToolResultRecord(T, turn, "c" + turn, "fetch", Outcome.OK, "page", c, untrusted);
    }

    RunningServer brokerd(DataClass c, boolean untrusted, Duration late) {
        Handler<SessionState> answer = r -> {
            Thread.sleep(late.toMillis());
            return new SessionStateReply(c, untrusted);
        };
        return RunningServer.start(socket, Map.of(SessionState.KIND, answer), Duration.ofSeconds(10));
    }

    void updated(String session, long turn) throws Exception {
        assertThat(handler.handle(new SessionUpdated(SessionId.of(session), turn))).isEqualTo(new Ok());
        // The round follows the index's reading of the session, which hands it the records.
        index.flush().get(10, java.util.concurrent.TimeUnit.SECONDS);
        deciding.await();
    }

    List<String> ledgerLines() throws Exception {
        Path file = home.resolve("memory/honcho.jsonl");
        return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
    }

    static String decided(String session, long turn, String workspace, String why) {
        return "{\"event\":\"decided\"," + TIME + ",\"session\":\"" + session + "\",\"turn\":" + turn + ",\"workspace\":"
                + (workspace == null ? "null" : "\"" + workspace + "\"") + ",\"why\":\"" + why + "\"}";
    }

    @Test
    void eachFinishedTurnNotYetDecidedIsDecidedAtOnceAndTheWorkerWoken() throws Exception {
        log("mm-a", user(1, "hello", "kyle"), reply(1, "hi"), user(2, "the code is 7781-blue-door", "kyle"),
                reply(2, "noted"), user(3, "and you?", null), reply(3, "fine"), user(4, "ok", "kyle.k"), reply(4, "ok"));
        try (RunningServer b = brokerd(DataClass.PRIVATE, false, Duration.ZERO)) {
            updated("mm-a", 4);
            assertThat(ledgerLines()).containsExactly(decided("mm-a", 1, "bx-trusted", "clean"),
                    decided("mm-a", 2, null, "known-prefix-secret:configured-secret"),
                    decided("mm-a", 3, null, "no-speaker"),
                    decided("mm-a", 4, "bx-trusted", "clean"));
            assertThat(wakes.get()).isEqualTo(1);
            // A second notice of the same turn decides nothing again.
            updated("mm-a", 4);
            assertThat(ledgerLines()).hasSize(4);
            assertThat(wakes.get()).isEqualTo(1);
        }
    }

    @Test
    void aTurnBelowTheLatestThatNeverFinishedGoesNowhere() throws Exception {
        log("mm-a", user(1, "fetch it", "kyle"), call(1), user(2, "hello", "kyle"), reply(2, "hi"));
        try (RunningServer b = brokerd(DataClass.PRIVATE, false, Duration.ZERO)) {
            updated("mm-a", 2);
        }
        assertThat(ledgerLines()).containsExactly(decided("mm-a", 1, null, "unfinished"),
                decided("mm-a", 2, "bx-trusted", "clean"));
    }

    @Test
    void aSecretSessionGoesNowhereAndAnUntrustedOneToTheUntrustedWorkspace() throws Exception {
        log("mm-s", user(1, "hello", "kyle"), reply(1, "hi"));
        log("mm-u", user(1, "hello", "kyle"), reply(1, "hi"));
        try (RunningServer b = brokerd(DataClass.SECRET, false, Duration.ZERO)) {
            updated("mm-s", 1);
        }
        try (RunningServer b = brokerd(DataClass.PUBLIC, true, Duration.ZERO)) {
            updated("mm-u", 1);
        }
        assertThat(ledgerLines()).containsExactly(decided("mm-s", 1, null, "secret-class"),
                decided("mm-u", 1, "bx-untrusted", "untrusted-by-brokerd"));
    }

    /** T37: the log labels a fetched page untrusted; brokerd, down at first, answers late and clean. */
    @Test
    void t37AFetchedPageNeverReachesTheTrustedWorkspaceEvenWhenBrokerdAnswersLate() throws Exception {
        log("mm-a", user(1, "summarise the page", "kyle"), call(1), result(1, DataClass.PUBLIC, true),
                reply(1, "It says hi."));
        updated("mm-a", 1);
        assertThat(ledgerLines()).isEmpty();
        assertThat(deciding.undecidedCount()).isEqualTo(1);
        try (RunningServer b = brokerd(DataClass.PRIVATE, false, Duration.ofSeconds(2))) {
            updated("mm-a", 1);
        }
        assertThat(ledgerLines()).containsExactly(decided("mm-a", 1, "bx-untrusted", "untrusted-by-log"));
        assertThat(deciding.undecidedCount()).isZero();
    }

    @Test
    void anUndecidedTurnIsDecidedAtTheNextUpdateOfAnySessionAndTheOutageLoggedOnceEachWay() throws Exception {
        log("mm-a", user(1, "hello", "kyle"), reply(1, "hi"));
        log("mm-b", user(1, "hello", "kyle"), reply(1, "hi"));
        log("mm-c", user(1, "hello", "kyle"), reply(1, "hi"));
        updated("mm-a", 1);
        updated("mm-b", 1);
        assertThat(ledgerLines()).isEmpty();
        assertThat(deciding.undecidedCount()).isEqualTo(2);
        try (RunningServer b = brokerd(DataClass.PRIVATE, false, Duration.ZERO)) {
            updated("mm-c", 1);
        }
        assertThat(ledgerLines()).containsExactly(decided("mm-a", 1, "bx-trusted", "clean"),
                decided("mm-b", 1, "bx-trusted", "clean"), decided("mm-c", 1, "bx-trusted", "clean"));
        assertThat(logged).containsExactly("turns wait undecided until brokerd answers session_state: nothing answers"
                + " on " + socket + " (is the daemon running?); see runbook broker-state-unavailable",
                "brokerd answers session_state again; the turns that waited are being decided");
    }

    @Test
    void aTurnOfASessionWithoutALogIsLeftForItsNextUpdate() throws Exception {
        updated("mm-none", 2);
        assertThat(ledgerLines()).isEmpty();
        assertThat(deciding.undecidedCount()).isZero();
    }

    @Test
    void anUndecidedTurnIsDecidedByThePeriodicRetryWithoutAnotherUpdate() throws Exception {
        deciding.close();
        deciding = new TurnDeciding(home, new BrokerStateClient(socket), ledger, HONCHO, List.of(),
                wakes::incrementAndGet, 200, new SpeakerPeers(null, HONCHO.owner(), HONCHO.agent()), MemorydThreads.start().honchoDecide());
        handler = new SessionUpdatedHandler(Assembly.sessionUpdates(index, Optional.of(deciding)));
        deciding.start();
        log("mm-a", user(1, "hello", "kyle"), reply(1, "hi"));
        updated("mm-a", 1);
        assertThat(ledgerLines()).isEmpty();
        try (RunningServer b = brokerd(DataClass.PRIVATE, false, Duration.ZERO)) {
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (ledgerLines().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
        }
        assertThat(ledgerLines()).containsExactly(decided("mm-a", 1, "bx-trusted", "clean"));
        assertThat(wakes.get()).isEqualTo(1);
    }
}
