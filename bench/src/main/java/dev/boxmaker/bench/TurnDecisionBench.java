package dev.boxmaker.bench;

import com.fasterxml.jackson.databind.ObjectWriter;
import dev.boxmaker.memoryd.Assembly;
import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.decide.BrokerStateClient;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.honcho.ledger.LedgerItem;
import dev.boxmaker.memoryd.honcho.sync.TurnDeciding;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.sockets.SessionUpdatedHandler;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.LogRecord;
import dev.boxmaker.proto.log.SessionLogs;
import dev.boxmaker.proto.log.ToolCall;
import dev.boxmaker.proto.log.ToolResultRecord;
import dev.boxmaker.proto.log.UserRecord;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.SocketServer;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionStateReply;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * One finished turn, from {@code session_updated} to its decision in the Honcho ledger (issue 34's
 * measure), in memoryd's own classes with a brokerd stub answering {@code session_state} on a Unix
 * socket: the median over TURNS turns (default 100) of three sessions whose logs hold, when measuring
 * starts, 0, 75,000 and 750,000 records (turns of 50 records: the user's, 24 tool calls with their
 * results, the reply), turn by turn interleaved in one run. The long logs' history is written before
 * the ledger began, so the start-up scan reads it once and decides none of it; the logs are written
 * without fsync (loopd's fsync is loopd's cost). With {@code index}, memoryd's index is built on the logs
 * first and {@code session_updated} goes through memoryd's own listener, so the index writer reads each
 * turn's records and hands them to the decisions, as with {@code [honcho]}. Usage: TurnDecisionBench DIR
 * [TURNS] [index].
 */
public final class TurnDecisionBench {
    static final int RECORDS_PER_TURN = 50;
    static final int WARMUP_TURNS = 10;
    static final long[] HISTORY_RECORDS = {0, 75_000, 750_000};
    private static final ObjectWriter WRITER = Json.MAPPER.writerFor(LogRecord.class);

    private TurnDecisionBench() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Files.createTempDirectory(Path.of(args[0]), "tdb");
        int turns = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        Instant history = Instant.now().minusSeconds(3600);
        SessionId[] sessions = new SessionId[HISTORY_RECORDS.length];
        long[] next = new long[sessions.length];
        for (int s = 0; s < sessions.length; s++) {
            sessions[s] = SessionId.of("mm-bench-" + HISTORY_RECORDS[s]);
            Files.createDirectories(SessionLogs.dir(home, sessions[s]));
            next[s] = write(home, sessions[s], 1, HISTORY_RECORDS[s] / RECORDS_PER_TURN, history);
        }
        Files.createDirectories(home.resolve("memory"));
        HonchoLedger ledger = HonchoLedger.open(home.resolve("memory"), Clock.systemUTC());
        ledger.begin();
        Thread.sleep(1100);
        for (int s = 0; s < sessions.length; s++) {
            // Touched after the ledger began, so the scan reads them.
            Files.setLastModifiedTime(SessionLogs.file(home, sessions[s]),
                    java.nio.file.attribute.FileTime.from(Instant.now()));
        }
        Path socket = home.resolve("state.sock");
        Vertx vertx = Vertx.vertx(new VertxOptions().setPreferNativeTransport(true));
        Handler<SessionState> answer = r -> new SessionStateReply(DataClass.PRIVATE, false);
        SocketServer brokerd = new SocketServer(vertx, socket, "bench-brokerd", Map.of(SessionState.KIND, answer),
                Duration.ofSeconds(10));
        brokerd.start();
        Semaphore woken = new Semaphore(0);
        HonchoSettings honcho = new HonchoSettings(URI.create("http://127.0.0.1:9"), "boxmaker0", "kyle",
                "bx-trusted", "bx-untrusted", "fleet", List.of(), Map.of());
        boolean withIndex = args.length > 2 && args[2].equals("index");
        MemoryIndex index = null;
        if (withIndex) {
            long built = System.nanoTime();
            index = MemoryIndex.open(new MemoryIndex.Config(home, home.resolve("index"),
                    home.resolve("memory/notes.md"), DataClass.SECRET), MemorydThreads.start());
            index.flush().get();
            System.out.printf("index built on the history in %.1f s%n", (System.nanoTime() - built) / 1e9);
        }
        long scanStart = System.nanoTime();
        TurnDeciding deciding = new TurnDeciding(home, new BrokerStateClient(socket), ledger, honcho, List.of(),
                woken::release, MemorydThreads.start().honchoDecide());
        SessionUpdatedHandler.Listener updated = withIndex
                ? Assembly.sessionUpdates(index, Optional.of(deciding)).get(0) : deciding::sessionUpdated;
        deciding.start();
        long[][] nanos = new long[sessions.length][turns];
        for (int t = -WARMUP_TURNS; t < turns; t++) {
            for (int s = 0; s < sessions.length; s++) {
                long turn = next[s]++;
                write(home, sessions[s], turn, turn + 1, Instant.now());
                long t0 = System.nanoTime();
                updated.sessionUpdated(sessions[s], turn);
                if (!woken.tryAcquire(60, TimeUnit.SECONDS)
                        || !ledger.isDecided(new LedgerItem.Turn(sessions[s].value(), turn))) {
                    throw new IllegalStateException("turn " + turn + " of " + sessions[s] + " was not decided");
                }
                long took = System.nanoTime() - t0;
                if (t == -WARMUP_TURNS && s == 0) {
                    System.out.printf("start-up scan of %,d history records and first turn: %.1f ms%n",
                            Arrays.stream(HISTORY_RECORDS).sum(), (System.nanoTime() - scanStart) / 1e6);
                }
                if (t >= 0) {
                    nanos[s][t] = took;
                }
            }
        }
        deciding.close();
        if (index != null) {
            index.close();
        }
        brokerd.close();
        vertx.close();
        double early = median(nanos[0]);
        System.out.printf("one turn from session_updated to its decision in the ledger, median of %d turns:%n", turns);
        for (int s = 0; s < sessions.length; s++) {
            long[] sorted = nanos[s].clone();
            Arrays.sort(sorted);
            System.out.printf("  log of %,9d records at the start: median %.2f ms, p90 %.2f ms (%.2fx the empty log's)%n",
                    HISTORY_RECORDS[s], median(nanos[s]) / 1e6, sorted[(int) (sorted.length * 0.9)] / 1e6,
                    median(nanos[s]) / early);
        }
    }

    /** Writes turns {@code from} to {@code to} (exclusive) of 50 records each; the next turn's number. */
    static long write(Path home, SessionId session, long from, long to, Instant time) throws Exception {
        Path file = SessionLogs.file(home, session);
        try (BufferedWriter out = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(file,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND), StandardCharsets.UTF_8), 1 << 16)) {
            for (long t = from; t < to; t++) {
                line(out, new UserRecord(time, t, "question " + t + " about the garden and the heron", "kyle"));
                for (int c = 0; c < (RECORDS_PER_TURN - 2) / 2; c++) {
                    String id = "c" + t + "-" + c;
                    line(out, new AssistantRecord(time, t, null, null, List.of(new ToolCall(id, "recall", "{}"))));
                    line(out, new ToolResultRecord(time, t, id, "recall", Outcome.OK, "a page of notes " + c,
                            DataClass.PRIVATE, false));
                }
                line(out, new AssistantRecord(time, t, "answer " + t + ": the heron came back", null, List.of()));
            }
        }
        return Math.max(from, to);
    }

    private static void line(BufferedWriter out, LogRecord record) throws Exception {
        out.write(WRITER.writeValueAsString(record));
        out.write('\n');
    }

    private static double median(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted.length % 2 == 1 ? sorted[sorted.length / 2] : (sorted[sorted.length / 2 - 1]
                + sorted[sorted.length / 2]) / 2.0;
    }
}
