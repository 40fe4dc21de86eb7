package dev.boxmaker.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Reindex;
import dev.boxmaker.proto.wire.msg.Reindexed;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * recall at scale (issue 4): generates chat-like logs, starts the packaged memoryd on them, and
 * prints in one run the catch-up rate, recall over the socket, the literal FTS5 query on the same
 * file, how often the fast path equals the literal top k, the reindex time and memoryd's RSS.
 * Usage: {@code RecallBench <memoryd jar> <records> [questions]}.
 */
public final class RecallBench {
    static final long SEED = 20260924L;
    static final int K = 5;
    static final Duration WAIT = Duration.ofMinutes(30);
    static final long POLL_MILLIS = 200;
    /**
     * Questions asked over the socket before the measured ones. 200 left memoryd's code half compiled:
     * at 100,000 records the median was 4.1 ms after 200 and 2.1 ms after some thousands.
     */
    static final int WARM_UP_QUESTIONS = Integer.getInteger("bench.warmup", 1_000);
    /**
     * memoryd's JVM flags, as a deployment would set them: a small heap, the serial collector, the C
     * heap trimmed each second.
     */
    static final String MEMORYD_JAVA_OPTS = "-XX:+UseSerialGC -Xmx104m -XX:TrimNativeHeapInterval=1000";
    /** memoryd's malloc arenas, as bin/boxmaker-run and the systemd unit set them. */
    static final String MALLOC_ARENA_MAX = "2";

    private RecallBench() {
    }

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args[0]);
        long records = Long.parseLong(args[1]);
        int questionCount = args.length > 2 ? Integer.parseInt(args[2]) : 1_000;
        Path home = BenchHomes.create("bxr");
        ChatCorpus corpus = new ChatCorpus(SEED);
        long t0 = System.nanoTime();
        List<String> sessions = corpus.write(home, records, SEED);
        System.out.printf("%,d records in %,d session logs written in %.1f s under %s%n", records, sessions.size(),
                (System.nanoTime() - t0) / 1e9, home);
        // The logs a memoryd catches up at its start were written long before it; without this, the
        // kernel writes the corpus just made back to the disk while memoryd reads it and writes the index.
        long s0 = System.nanoTime();
        new ProcessBuilder("sync").inheritIO().start().waitFor();
        System.out.printf("corpus flushed to the disk (sync) in %.1f s before memoryd starts%n", (System.nanoTime() - s0) / 1e9);
        Random random = new Random(SEED + 1);
        List<String> questions = new ArrayList<>();
        for (int i = 0; i < questionCount; i++) {
            questions.add(corpus.question(random));
        }
        // Warm-up questions of their own, so no measured question finds its own segments cached; enough
        // of them that memoryd's search and reply code is compiled, as in a daemon that has run a while.
        List<String> warmUp = new ArrayList<>();
        for (int i = 0; i < WARM_UP_QUESTIONS; i++) {
            warmUp.add(corpus.question(random));
        }
        // This process opens the index to check memoryd's progress; SQLite's driver is loaded here
        // first, so its loading (a third of a second of CPU) is not counted against memoryd's start
        // on the same two cores.
        try (Connection warm = IndexWork.open(Path.of(":memory:"))) {
            warm.createStatement().executeQuery("SELECT 1").close();
        }
        long started = System.nanoTime();
        Process memoryd = startMemoryd(jar, home);
        try {
            Path index = home.resolve("index/memory.sqlite3");
            long building = waitForBuild(index.resolveSibling("memory.sqlite3.new"), index, records, memoryd);
            long caughtUp = waitForCatchUp(index, records, memoryd);
            double catchUpSeconds = (caughtUp - started) / 1e9;
            System.out.printf("catch-up at start (memoryd start included): %.1f s, %,.0f records/s%n",
                    catchUpSeconds, records / catchUpSeconds);
            double buildSeconds = (caughtUp - building) / 1e9;
            System.out.printf("  of which memoryd's start, to its build's first file: %.1f s; the build: %.1f s,"
                    + " %,.0f records/s (by memoryd's own clock, from its open to the built file in place: %s s)%n",
                    (building - started) / 1e9, buildSeconds, records / buildSeconds, awaitBuiltSeconds(home.resolve("memoryd.log")));
            System.out.printf("index file: %,d bytes%n", Files.size(index));
            Path broker = home.resolve("run/broker-memory/memory.sock");
            overSocket(broker, warmUp);
            Stats socket = overSocket(broker, questions);
            IndexWork.Comparison cmp = IndexWork.compare(index, questions, K);
            System.out.println(Stats.header());
            System.out.println(socket.row());
            System.out.println(cmp.literal().row());
            System.out.println(cmp.fast().row());
            System.out.println(LuceneBaseline.run(index, questions, K).row());
            System.out.printf("fast path answered %,d of %,d questions; equal to the literal top %d in %,d of %,d answered"
                    + " (the rest fell back to the literal query, exact by definition)%n",
                    cmp.fastAnswered(), cmp.queries(), K, cmp.equal(), cmp.fastAnswered());
            long r0 = System.nanoTime();
            Reindexed reindexed = (Reindexed) SocketClient.call(home.resolve("run/owner-memory/admin.sock"),
                    new Reindex(), WAIT, WAIT, "bench");
            System.out.printf("reindex: %.1f s (%,d logs, %,d records, %,d notes)%n", (System.nanoTime() - r0) / 1e9,
                    reindexed.logs(), reindexed.records(), reindexed.notes());
            System.out.println("memoryd " + rss(memoryd.pid()));
            Fts5Floor.Result floor = Fts5Floor.run(index);
            System.out.printf("floor: the same %,d texts into a bare FTS5 table (reindex's pragmas, in process):"
                    + " %.1f s, %,.0f rows/s%n", floor.rows(), floor.seconds(), floor.rows() / floor.seconds());
            memoryd.destroy();
            memoryd.waitFor();
            memoryd = pastProgress(jar, home, corpus, records);
        } finally {
            memoryd.destroy();
            memoryd.waitFor();
            BenchHomes.release(home);
        }
    }

    /**
     * With memoryd stopped, half as many records again written in new logs, as turns written while it
     * was down; memoryd started again, and timed from its launch until the index's progress covers
     * them. Returns the memoryd started.
     */
    static Process pastProgress(Path jar, Path home, ChatCorpus corpus, long records) throws Exception {
        long added = records / 2;
        corpus.write(home, added, SEED + 2, "mm-more", records);
        new ProcessBuilder("sync").inheritIO().start().waitFor();
        Path index = home.resolve("index/memory.sqlite3");
        long started = System.nanoTime();
        Process memoryd = startMemoryd(jar, home);
        awaitProgress(index, records + added, memoryd);
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf("catch-up past progress at start (memoryd start included): %,d records added to an index of"
                + " %,d, %.1f s, %,.0f records/s%n", added, records, seconds, added / seconds);
        Path wal = index.resolveSibling("memory.sqlite3-wal");
        System.out.printf("index file: %,d bytes, its log (-wal) %,d bytes; memoryd %s%n", Files.size(index),
                Files.exists(wal) ? Files.size(wal) : 0, rss(memoryd.pid()));
        return memoryd;
    }

    /**
     * Waits until the index's progress covers {@code records}, looking every
     * {@link #PAST_PROGRESS_POLL_MILLIS}; fails if {@code memoryd} exits first.
     */
    static void awaitProgress(Path index, long records, Process memoryd) throws Exception {
        while (!caughtUp(index, records)) {
            if (!memoryd.isAlive()) {
                throw new IllegalStateException("memoryd exited during catch-up; see memoryd.log");
            }
            Thread.sleep(PAST_PROGRESS_POLL_MILLIS);
        }
    }

    /** How often the catch-up past progress is looked at: each look opens the index and sums its progress. */
    static final long PAST_PROGRESS_POLL_MILLIS = 20;

    /**
     * memoryd started as a process on {@code home}, as a deployment starts it (MEMORYD_JAVA_OPTS, or
     * the bench's, and the malloc arenas), its output in {@code home/memoryd.log}.
     */
    static Process startMemoryd(Path jar, Path home) throws java.io.IOException {
        List<String> command = new ArrayList<>(List.of("java"));
        command.addAll(List.of(System.getenv().getOrDefault("MEMORYD_JAVA_OPTS", MEMORYD_JAVA_OPTS).split(" ")));
        command.addAll(List.of("-jar", jar.toString(), "serve"));
        System.out.println("memoryd started as: " + String.join(" ", command));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true).redirectOutput(home.resolve("memoryd.log").toFile());
        builder.environment().put("BOXMAKER_HOME", home.toString());
        builder.environment().put("MALLOC_ARENA_MAX", MALLOC_ARENA_MAX);
        return builder.start();
    }

    static Stats overSocket(Path broker, List<String> questions) throws Exception {
        return overSocket(broker, questions, call -> call);
    }

    /**
     * The questions as {@code recall} calls on {@code socket}, one after another, each sent as
     * {@code sent} makes it of memoryd's {@code memory_call} (the call itself to memoryd's socket, its
     * tool request to brokerd's loop socket).
     */
    static Stats overSocket(Path socket, List<String> questions,
            java.util.function.Function<MemoryCall, dev.boxmaker.proto.wire.msg.Message> sent) throws Exception {
        long[] nanos = new long[questions.size()];
        long start = System.nanoTime();
        for (int i = 0; i < questions.size(); i++) {
            ObjectNode args = Json.MAPPER.createObjectNode();
            args.put("query", questions.get(i));
            args.put("k", K);
            MemoryCall call = new MemoryCall(new ToolRequest(SessionId.of("mm-bench"), "call_" + i, "recall", args),
                    DataClass.PRIVATE, false);
            long t = System.nanoTime();
            ToolResponse r = (ToolResponse) SocketClient.call(socket, sent.apply(call), WAIT, WAIT, "bench");
            nanos[i] = System.nanoTime() - t;
            if (r.text().startsWith("recall is unavailable")) {
                throw new IllegalStateException(r.text());
            }
        }
        return Stats.of("recall over the socket", 1, nanos, (System.nanoTime() - start) / 1e9);
    }

    /**
     * Waits until memoryd has made the file its start's build writes ({@code memory.sqlite3.new}, made
     * when the index is new or deleted); the moment it saw it, to within {@link #START_POLL_MILLIS}. A
     * build over between two looks is seen by the index having caught up: the moment of that look.
     */
    static long waitForBuild(Path fresh, Path index, long records, Process memoryd) throws Exception {
        for (long looks = 0; !Files.exists(fresh); looks++) {
            if (!memoryd.isAlive()) {
                throw new IllegalStateException("memoryd exited before its build began; see memoryd.log");
            }
            if (looks % (POLL_MILLIS / START_POLL_MILLIS) == 0 && caughtUp(index, records)) {
                break;
            }
            Thread.sleep(START_POLL_MILLIS);
        }
        return System.nanoTime();
    }

    static final long START_POLL_MILLIS = 5;

    /**
     * Waits until memoryd logs that its start's build is over ({@link #BUILT}, looked for in
     * memoryd.log every {@link #START_POLL_MILLIS}), then checks that the index's progress covers
     * every record and its postings index is made; the moment the line was seen. A catch-up that
     * builds nothing (an index already there) is seen by the check alone, every {@link #POLL_MILLIS}.
     */
    static long waitForCatchUp(Path index, long records, Process memoryd) throws Exception {
        Path log = index.getParent().getParent().resolve("memoryd.log");
        for (long looks = 0; ; looks++) {
            if (!memoryd.isAlive()) {
                throw new IllegalStateException("memoryd exited during catch-up; see memoryd.log");
            }
            boolean built = builtSeconds(log) != null;
            if ((built || looks % (POLL_MILLIS / START_POLL_MILLIS) == 0) && caughtUp(index, records)) {
                return System.nanoTime();
            }
            Thread.sleep(START_POLL_MILLIS);
        }
    }

    /**
     * memoryd's own figure for its build, for the printout: the progress check can see the renamed
     * file a moment before memoryd writes its line, so the line is waited for, up to two seconds.
     */
    static String awaitBuiltSeconds(Path log) throws Exception {
        long deadline = System.nanoTime() + 2_000_000_000L;
        String seconds;
        while ((seconds = builtSeconds(log)) == null && System.nanoTime() < deadline) {
            Thread.sleep(START_POLL_MILLIS);
        }
        return seconds == null ? "not logged within 2 s" : seconds;
    }

    /** What memoryd logs when a build is over: {@code the index … was built: …, in 9.4 s}. */
    static final java.util.regex.Pattern BUILT = java.util.regex.Pattern.compile("the index \\S+ was built: .*, in ([0-9.]+) s");

    /** The seconds memoryd's first build took by its own clock, from its log; null before it logged them. */
    static String builtSeconds(Path log) throws java.io.IOException {
        if (!Files.exists(log)) {
            return null;
        }
        java.util.regex.Matcher m = BUILT.matcher(Files.readString(log, java.nio.charset.StandardCharsets.UTF_8));
        return m.find() ? m.group(1) : null;
    }

    /** Whether the index's progress covers {@code records} and its postings index is made. */
    static boolean caughtUp(Path index, long records) {
        if (!Files.exists(index)) {
            return false;
        }
        try (Connection c = IndexWork.open(index);
                ResultSet rs = c.createStatement().executeQuery(
                        "SELECT coalesce(sum(records), 0) FROM progress WHERE log != 'notes.md' AND EXISTS"
                        + " (SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'postings_term')")) {
            return rs.next() && rs.getLong(1) >= records;
        } catch (java.sql.SQLException notYet) {
            // The schema is being created.
            return false;
        }
    }

    static String rss(long pid) throws Exception {
        StringBuilder out = new StringBuilder();
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS") || line.startsWith("VmHWM")) {
                out.append(line.replaceAll("\\s+", " ")).append("; ");
            }
        }
        return out.toString();
    }
}
