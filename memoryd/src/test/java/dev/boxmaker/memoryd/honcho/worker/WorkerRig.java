package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.client.HonchoClients;
import dev.boxmaker.memoryd.honcho.client.HonchoTimeouts;
import dev.boxmaker.memoryd.honcho.decide.TurnRecords;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.honcho.ledger.LedgerItem;
import dev.boxmaker.memoryd.honcho.mirror.MirrorPlan;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.secrets.Secret;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** A worker against a fake Honcho, with a real ledger in a temporary directory and the items it sends in memory. */
final class WorkerRig implements AutoCloseable {
    static final String AGENT = "bx";
    static final String OWNER = "kyle";
    static final String TRUSTED = "bx-trusted";
    static final String UNTRUSTED = "bx-untrusted";
    static final String FLEET = "fleet";
    static final HonchoTimeouts SHORT = new HonchoTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(5),
            Duration.ofSeconds(5), 2, Duration.ofMillis(50));
    static final Backoff QUICK = new Backoff(Duration.ofMillis(100), Duration.ofMillis(400));
    private static final long WAIT_MILLIS = 60_000;

    final FakeHoncho fake;
    final Path dir;
    final HonchoSettings settings;
    final Map<String, TurnRecords> turns = new ConcurrentHashMap<>();
    final Map<String, MirrorPlan> edits = new ConcurrentHashMap<>();
    final List<LogRecord> logs = java.util.Collections.synchronizedList(new ArrayList<>());
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            logs.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private final Logger root = Logger.getLogger("dev.boxmaker.memoryd.honcho");
    private final Level level = root.getLevel();
    private final Logger everyLogger = Logger.getLogger("");
    private final Level everyLevel = everyLogger.getLevel();
    private final java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
    private final java.io.PrintStream out = System.out;
    private final java.io.PrintStream err = System.err;
    private boolean everything;
    HonchoLedger ledger;
    HonchoClients clients;
    HonchoWorker worker;

    WorkerRig(Path dir, Map<String, Secret> keys) throws IOException {
        this.fake = FakeHoncho.start();
        this.dir = dir;
        this.settings = new HonchoSettings(fake.url(), AGENT, OWNER, TRUSTED, UNTRUSTED, FLEET, List.of(), keys);
        root.addHandler(handler);
        root.setLevel(Level.ALL);
        this.ledger = HonchoLedger.open(dir, Clock.systemUTC());
        this.clients = HonchoClients.open(settings, SHORT);
    }

    WorkerRig(Path dir) throws IOException {
        this(dir, Map.of());
    }

    final ItemSource source = new ItemSource() {
        @Override
        public Optional<TurnRecords> turn(String session, long turn) {
            return Optional.ofNullable(turns.get(session + "/" + turn));
        }

        @Override
        public Optional<MirrorPlan> edit(String editId) {
            return Optional.ofNullable(edits.get(editId));
        }
    };

    /** A finished turn in the source and decided for {@code workspace} in the ledger. */
    LedgerItem.Turn turn(String workspace, String session, long turn, String speaker, String text, String reply)
            throws IOException {
        turns.put(session + "/" + turn, new TurnRecords(turn, speaker, text, reply, Label.SESSION_START));
        LedgerItem.Turn item = new LedgerItem.Turn(session, turn);
        ledger.decided(item, Optional.of(workspace), "clean");
        return item;
    }

    LedgerItem.Edit edit(String workspace, MirrorPlan plan) throws IOException {
        edits.put(plan.edit(), plan);
        LedgerItem.Edit item = new LedgerItem.Edit(plan.edit());
        ledger.decided(item, Optional.of(workspace), plan.reason());
        return item;
    }

    HonchoWorker start(Backoff backoff) {
        MemorydThreads threads = MemorydThreads.start();
        worker = new HonchoWorker(ledger, clients, settings, source, Clock.systemUTC(), backoff, threads.honchoWorker(),
                threads.ledgerFlush());
        worker.start();
        return worker;
    }

    HonchoWorker start() {
        return start(QUICK);
    }

    /** The "crash": the worker stopped, the ledger read again from its file, a new worker started. */
    HonchoWorker restart(Backoff backoff) throws IOException {
        worker.close();
        ledger = HonchoLedger.open(dir, Clock.systemUTC());
        return start(backoff);
    }

    /** Waits until the outbox is empty (or only holds what {@code skip} workspaces hold). */
    void drained() {
        waitFor(() -> ledger.outbox().isEmpty(), "the outbox to drain");
    }

    static void waitFor(BooleanSupplier done, String what) {
        waitFor(done, what, WAIT_MILLIS);
    }

    static void waitFor(BooleanSupplier done, String what, long waitMillis) {
        long until = System.nanoTime() + waitMillis * 1_000_000;
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("waited " + waitMillis + " ms for " + what);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }

    /** The formatted messages of the worker's log lines. */
    List<String> lines() {
        synchronized (logs) {
            return logs.stream().filter(r -> r.getLoggerName().equals(HonchoWorker.class.getName()))
                    .map(WorkerRig::text).toList();
        }
    }

    /**
     * From now until {@link #close}, every logger's lines at DEBUG and above (the root's: Vert.x's, the
     * REST client's, this code's) and what is printed to standard output and error are captured too.
     */
    void captureEverything() {
        root.removeHandler(handler);
        everyLogger.addHandler(handler);
        everyLogger.setLevel(Level.FINE);
        System.setOut(new java.io.PrintStream(new Tee(out, printed), true));
        System.setErr(new java.io.PrintStream(new Tee(err, printed), true));
        everything = true;
    }

    /**
     * Every captured line, formatted, with its exception's message: of the loggers under
     * {@code dev.boxmaker.memoryd.honcho}, or of every logger and then standard output and error once
     * {@link #captureEverything} was called.
     */
    List<String> allText() {
        List<String> text = new ArrayList<>();
        synchronized (logs) {
            logs.stream().map(r -> text(r) + (r.getThrown() == null ? "" : " " + r.getThrown())).forEach(text::add);
        }
        if (everything) {
            synchronized (printed) {
                text.add(printed.toString(java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        return text;
    }

    /** Writes to a stream and to a buffer. */
    private static final class Tee extends java.io.OutputStream {
        private final java.io.OutputStream first;
        private final java.io.ByteArrayOutputStream copy;

        Tee(java.io.OutputStream first, java.io.ByteArrayOutputStream copy) {
            this.first = first;
            this.copy = copy;
        }

        @Override
        public void write(int b) throws IOException {
            first.write(b);
            synchronized (copy) {
                copy.write(b);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            first.write(b, off, len);
            synchronized (copy) {
                copy.write(b, off, len);
            }
        }
    }

    static String text(LogRecord r) {
        return r instanceof org.jboss.logmanager.ExtLogRecord e ? e.getFormattedMessage() : r.getMessage();
    }

    @Override
    public void close() {
        if (worker != null) {
            worker.close();
        }
        clients.close();
        fake.close();
        root.removeHandler(handler);
        root.setLevel(level);
        if (everything) {
            everyLogger.removeHandler(handler);
            everyLogger.setLevel(everyLevel);
            System.setOut(out);
            System.setErr(err);
        }
    }
}
