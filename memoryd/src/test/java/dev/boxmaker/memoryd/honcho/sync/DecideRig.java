package dev.boxmaker.memoryd.honcho.sync;

import dev.boxmaker.memoryd.honcho.decide.BrokerStateClient;
import dev.boxmaker.memoryd.honcho.decide.SpeakerPeers;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.LogRecord;
import dev.boxmaker.proto.log.SessionLogWriter;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.testing.TempHomes;
import dev.boxmaker.proto.testing.TestServers;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionStateReply;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A home with loopd's logs, a ledger and the turn decisions on it, without the socket handler: what the
 * tests of the one reading and of the start-up scan share. {@link #restart} closes the decisions and the
 * ledger as memoryd's stop does (checkpoint) and opens them again.
 */
final class DecideRig implements AutoCloseable {
    /** {@code [memory] owner = "Kyle"} beside the rig's {@code [honcho]} owner {@code kyle} and agent {@code boxmaker0}. */
    static final SpeakerPeers PEERS = new SpeakerPeers("Kyle", TurnDecidingTest.HONCHO.owner(),
            TurnDecidingTest.HONCHO.agent());
    final Path home;
    final Path socket;
    final List<Integer> wakes = Collections.synchronizedList(new ArrayList<>());
    HonchoLedger ledger;
    TurnDeciding deciding;

    DecideRig(String name) throws Exception {
        home = TempHomes.create(name);
        socket = TestServers.socketIn(home, "state.sock");
        Files.createDirectories(home.resolve("memory"));
        open(false);
    }

    /** Opens the ledger (writing its {@code began} line when {@code begin}) and the decisions, not started. */
    void open(boolean begin) throws Exception {
        ledger = HonchoLedger.open(home.resolve("memory"), TurnDecidingTest.CLOCK);
        if (begin) {
            ledger.begin();
        }
        deciding = new TurnDeciding(home, new BrokerStateClient(socket), ledger, TurnDecidingTest.HONCHO, List.of(),
                () -> wakes.add(1), 200, PEERS, MemorydThreads.start().honchoDecide());
    }

    /** memoryd's stop (decisions closed, the ledger checkpointed), then its start (with the scan). */
    void restart() throws Exception {
        deciding.close();
        ledger.checkpoint();
        open(true);
        deciding.start();
    }

    void log(String session, LogRecord... records) throws Exception {
        try (SessionLogWriter writer = SessionLogWriter.open(home, SessionId.of(session))) {
            for (LogRecord r : records) {
                writer.append(r);
            }
        }
    }

    RunningServer brokerd(DataClass c, boolean untrusted) {
        Handler<SessionState> answer = r -> new SessionStateReply(c, untrusted);
        return RunningServer.start(socket, Map.of(SessionState.KIND, answer), Duration.ofSeconds(10));
    }

    void updated(String session) throws Exception {
        deciding.sessionUpdated(SessionId.of(session), 0);
        deciding.await();
    }

    List<String> ledgerLines() throws Exception {
        Path file = home.resolve("memory/honcho.jsonl");
        return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
    }

    /** Waits (at most 10 s) until the ledger holds {@code count} lines, as a retry writes them on its own. */
    List<String> awaitLines(int count) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (ledgerLines().size() < count && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        return ledgerLines();
    }

    @Override
    public void close() {
        deciding.close();
        TempHomes.delete(home);
    }
}
