package dev.boxmaker.bench;

import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.LogRecord;
import dev.boxmaker.proto.log.UserRecord;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;

/**
 * Freshness: the time from {@code session_updated} to the turn's records being found by {@code recall}.
 * On an index of RECORDS chat-like records (the corpus of {@link RecallBench}) caught up by memoryd, each
 * of TURNS turns appends a user and an assistant record holding a word no other record holds to a
 * session log, as loopd does, sends {@code session_updated} on loopd's socket and asks {@code recall}
 * for that word on the broker's socket, again at once until the answer holds it. A turn's figure runs
 * from the {@code session_updated} sent to the first answer that found it.
 *
 * <p>{@code FreshnessBench MEMORYD_JAR [RECORDS] [TURNS]}: RECORDS 1,000,000 and TURNS 1,000 by default.
 */
public final class FreshnessBench {
    /** The session the turns are written to, apart from the corpus's. */
    static final String SESSION = "mm-fresh";
    /** The longest one turn may take to be found before the bench gives up. */
    static final long TURN_SECONDS_MAX = 60;

    private FreshnessBench() {
    }

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args[0]);
        long records = args.length > 1 ? Long.parseLong(args[1]) : 1_000_000;
        int turns = args.length > 2 ? Integer.parseInt(args[2]) : 1_000;
        Path home = BenchHomes.create("bxf");
        new ChatCorpus(RecallBench.SEED).write(home, records, RecallBench.SEED);
        new ProcessBuilder("sync").inheritIO().start().waitFor();
        Process memoryd = RecallBench.startMemoryd(jar, home);
        try {
            RecallBench.awaitProgress(home.resolve("index/memory.sqlite3"), records, memoryd);
            System.out.printf("index of %,d records caught up; load before the turns: %s%n", records, load());
            long[] nanos = turns(home, turns);
            System.out.println(Stats.header());
            System.out.println(Stats.serial("freshness, session_updated to found", nanos).row());
            System.out.printf("load after the turns: %s%n", load());
        } finally {
            memoryd.destroy();
            memoryd.waitFor();
            BenchHomes.release(home);
        }
    }

    /** Each turn's nanoseconds from session_updated sent to the first recall that found it. */
    static long[] turns(Path home, int turns) throws Exception {
        Path loop = home.resolve("run/loop-memory/memory.sock");
        Path broker = home.resolve("run/broker-memory/memory.sock");
        Path dir = Files.createDirectories(home.resolve("sessions").resolve(SESSION));
        Path log = dir.resolve("0.jsonl");
        ObjectWriter writer = Json.MAPPER.writerFor(LogRecord.class);
        Instant start = Instant.now();
        long[] nanos = new long[turns];
        for (int turn = 0; turn < turns; turn++) {
            String word = word(turn);
            Instant t = start.plusSeconds(turn);
            try (BufferedWriter out = Files.newBufferedWriter(log, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND)) {
                out.write(writer.writeValueAsString(new UserRecord(t, turn, "what about the " + word + " plan?", null)));
                out.write('\n');
                out.write(writer.writeValueAsString(new AssistantRecord(t, turn, "the " + word + " plan holds.",
                        null, List.of())));
                out.write('\n');
            }
            long t0 = System.nanoTime();
            SocketClient.call(loop, new SessionUpdated(SessionId.of(SESSION), turn), RecallBench.WAIT,
                    RecallBench.WAIT, "bench");
            while (!recall(broker, word, turn).contains(word)) {
                if (System.nanoTime() - t0 > TURN_SECONDS_MAX * 1_000_000_000L) {
                    throw new IllegalStateException("turn " + turn + " was not found in " + TURN_SECONDS_MAX + " s");
                }
            }
            nanos[turn] = System.nanoTime() - t0;
        }
        return nanos;
    }

    /** A word of letters only, one per turn, that the corpus's syllables never make (it has an x). */
    static String word(int turn) {
        StringBuilder out = new StringBuilder("xq");
        int n = turn;
        do {
            out.append((char) ('a' + n % 26));
            n /= 26;
        } while (n > 0);
        return out.toString();
    }

    static String recall(Path broker, String word, int turn) throws Exception {
        ObjectNode args = Json.MAPPER.createObjectNode();
        args.put("query", word);
        args.put("k", 1);
        MemoryCall call = new MemoryCall(new ToolRequest(SessionId.of("mm-asker"), "call_" + turn, "recall", args),
                DataClass.PRIVATE, false);
        ToolResponse r = (ToolResponse) SocketClient.call(broker, call, RecallBench.WAIT, RecallBench.WAIT, "bench");
        return r.text();
    }

    /** The machine's load averages over 1, 5 and 15 minutes, as /proc/loadavg says them. */
    static String load() throws java.io.IOException {
        String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
        return parts[0] + " " + parts[1] + " " + parts[2] + " (1, 5, 15 min)";
    }
}
