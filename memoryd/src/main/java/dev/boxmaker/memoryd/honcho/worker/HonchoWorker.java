package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.memoryd.sentences.Sentences;
import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.memoryd.honcho.client.HonchoClients;
import dev.boxmaker.memoryd.honcho.client.HonchoFailure;
import dev.boxmaker.memoryd.honcho.decide.TurnRecords;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.honcho.ledger.LedgerItem;
import dev.boxmaker.memoryd.honcho.mirror.MirrorPlan;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * The one thread that sends the ledger's outbox to Honcho, oldest first (the M5c spec, section 5.5
 * to 5.7), and records each send with Honcho's ids. Honcho unreachable: the same item is tried again
 * after a doubling wait, so order holds. Refused (a 4xx) or a bad answer: the item is marked failed
 * and the next goes. A refused key stops that workspace's items only. An item that may have been
 * sent before its {@code sent} line was written (those waiting when the worker starts, and any whose
 * try lost its answer) is looked for in Honcho before anything of it is sent again.
 *
 * <p>Which items those are. The thread settles each item before it tries the next of the same
 * workspace, and tries the same item again after an outage or an unwritable ledger. A {@code failed}
 * line is flushed to the disk at once; {@code sent} lines are flushed every {@link #FLUSH_EVERY_ITEMS}
 * items, every {@link #FLUSH_EVERY_MILLIS} ms and whenever a pass ends, so one fsync serves many
 * items. A SIGKILL loses no line written; a power loss can lose the last {@code sent} lines, whose
 * items are then the first waiting ones of their workspaces, followed by at most one item tried and
 * not settled. So at start, each workspace's waiting items are looked for in order until one is not
 * found in Honcho (it is then sent, and no later item is looked for); while running, an item whose
 * try found Honcho unreachable or whose line could not be written is looked for at its next try.
 */
public final class HonchoWorker implements AutoCloseable {
    /** How long {@link #close} waits for the thread to end. */
    public static final long CLOSE_WAIT_MILLIS = 5_000;
    public static final String THREAD_NAME = "honcho-worker";
    /** The most {@code sent} lines written before the ledger is flushed to the disk. */
    public static final int FLUSH_EVERY_ITEMS = 100;
    /** The longest a {@code sent} line waits to be flushed while the worker drains. */
    public static final long FLUSH_EVERY_MILLIS = 200;
    private static final Logger LOG = Logger.getLogger(HonchoWorker.class);

    private final HonchoLedger ledger;
    private final HonchoClients clients;
    private final HonchoSettings settings;
    private final ItemSource source;
    private final Clock clock;
    private final Outage outage;
    private final Backoff backoff;
    private final TurnSender turns;
    private final EditSender edits;
    private final Set<String> keyRefused = ConcurrentHashMap.newKeySet();
    private final Set<String> lookFirst = new HashSet<>();
    /** Workspaces whose waiting items are looked for in order, at start, until one is not found. */
    private final Set<String> looking = new HashSet<>();
    private int unflushed;
    private long flushedAt = System.nanoTime();
    private final Object lock = new Object();
    private boolean woken;
    private volatile boolean stopping;
    private Thread thread;

    public HonchoWorker(HonchoLedger ledger, HonchoClients clients, HonchoSettings settings, ItemSource source,
            Clock clock, Backoff backoff) {
        this.ledger = ledger;
        this.clients = clients;
        this.settings = settings;
        this.source = source;
        this.clock = clock;
        this.outage = new Outage(clock, backoff);
        this.backoff = backoff;
        Places places = new Places(settings);
        this.turns = new TurnSender(settings, places);
        this.edits = new EditSender(settings, clients, places);
    }

    /** Starts the one daemon thread {@value #THREAD_NAME}; each workspace's first waiting items are looked for first. */
    public void start() {
        synchronized (lock) {
            if (thread != null) {
                throw new IllegalStateException("the Honcho worker is started already");
            }
            ledger.outbox().forEach(w -> looking.add(w.workspace()));
            woken = true;
            thread = new Thread(this::run, THREAD_NAME);
            thread.setDaemon(true);
            thread.start();
        }
    }

    /** New decided items are in the ledger. */
    public void wake() {
        synchronized (lock) {
            woken = true;
            lock.notifyAll();
        }
    }

    /** What {@code bxctl memory sync} shows; from memory, no I/O. */
    public SyncReport report() {
        return SyncReports.of(ledger, settings, clock.instant(), outage.since(), Set.copyOf(keyRefused));
    }

    /** Stops the thread and waits for it up to {@link #CLOSE_WAIT_MILLIS}; an item it was sending stays waiting. */
    @Override
    public void close() {
        Thread t;
        synchronized (lock) {
            stopping = true;
            lock.notifyAll();
            t = thread;
        }
        if (t != null && t != Thread.currentThread()) {
            try {
                // An interrupt closes a file channel mid-write: the thread is given time to end by itself first.
                t.join(CLOSE_WAIT_MILLIS / 2);
                t.interrupt();
                t.join(CLOSE_WAIT_MILLIS / 2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void run() {
        while (!stopping) {
            synchronized (lock) {
                woken = false;
            }
            Optional<Duration> wait = drain();
            if (flush() == Step.LEDGER_UNWRITABLE && wait.isEmpty()) {
                wait = Optional.of(backoff.first());
            }
            synchronized (lock) {
                long until = wait.map(d -> System.nanoTime() + d.toNanos()).orElse(0L);
                while (!stopping && (wait.isPresent() ? System.nanoTime() < until : !woken)) {
                    try {
                        long left = wait.isPresent() ? Math.max(1, (until - System.nanoTime()) / 1_000_000) : 0;
                        lock.wait(left);
                    } catch (InterruptedException e) {
                        if (stopping) {
                            return;
                        }
                    }
                }
            }
        }
    }

    /** One pass through the outbox; the wait before the next when Honcho is unreachable, else empty. */
    private Optional<Duration> drain() {
        List<HonchoLedger.Waiting> outbox = ledger.outbox();
        for (HonchoLedger.Waiting waiting : outbox) {
            if (stopping) {
                return Optional.empty();
            }
            if (keyRefused.contains(waiting.workspace())) {
                continue;
            }
            Step step = sendOne(waiting);
            if (step == Step.HONCHO_UNREACHABLE) {
                return Optional.of(outage.failed());
            }
            if (step == Step.LEDGER_UNWRITABLE) {
                return Optional.of(backoff.first());
            }
        }
        return Optional.empty();
    }

    /** What came of one item: the next goes, or the same is tried again after a wait. */
    private enum Step { NEXT, HONCHO_UNREACHABLE, LEDGER_UNWRITABLE }

    /** Sends one item and records what came of it. */
    private Step sendOne(HonchoLedger.Waiting waiting) {
        LedgerItem item = waiting.item();
        String key = item.key();
        TurnSender.Sent sent;
        try {
            sent = attempt(waiting);
        } catch (HonchoFailure f) {
            return failure(waiting, f);
        } catch (Unsendable u) {
            outage.answered();
            LOG.warn(Sentences.honchoItemGone(key, waiting.workspace(), u.kind()));
            return settle(item, () -> ledger.failed(item, 0, u.kind()));
        } catch (RuntimeException e) {
            LOG.error(Sentences.honchoWorkerError(key, e.getClass().getSimpleName()));
            return settle(item, () -> ledger.failed(item, 0, Unsendable.ERROR));
        }
        outage.answered();
        if (!sent.found()) {
            looking.remove(waiting.workspace());
        }
        Step step = settle(item, () -> ledger.sentUnflushed(item, sent.ids()));
        if (step == Step.NEXT && (++unflushed >= FLUSH_EVERY_ITEMS
                || System.nanoTime() - flushedAt > FLUSH_EVERY_MILLIS * 1_000_000)) {
            return flush();
        }
        return step;
    }

    /** Flushes the {@code sent} lines written since the last flush. */
    private Step flush() {
        if (unflushed == 0) {
            flushedAt = System.nanoTime();
            return Step.NEXT;
        }
        try {
            ledger.flush();
        } catch (IOException e) {
            LOG.error(Sentences.honchoLedgerUnwritable("the sent lines", e.getClass().getSimpleName()));
            return Step.LEDGER_UNWRITABLE;
        }
        unflushed = 0;
        flushedAt = System.nanoTime();
        return Step.NEXT;
    }

    private TurnSender.Sent attempt(HonchoLedger.Waiting waiting) throws HonchoFailure, Unsendable {
        LedgerItem item = waiting.item();
        boolean look = lookFirst.contains(item.key()) || looking.contains(waiting.workspace());
        try {
            if (item instanceof LedgerItem.Turn turn) {
                HonchoClient client = clients.client(waiting.workspace())
                        .orElseThrow(() -> new Unsendable(Unsendable.UNKNOWN_WORKSPACE));
                TurnRecords records = source.turn(turn.session(), turn.turn())
                        .orElseThrow(() -> new Unsendable(Unsendable.MISSING));
                return turns.send(client, turn, records, look);
            }
            LedgerItem.Edit edit = (LedgerItem.Edit) item;
            MirrorPlan plan = source.edit(edit.id()).orElseThrow(() -> new Unsendable(Unsendable.MISSING));
            return edits.send(edit, plan, look);
        } catch (IOException e) {
            throw new Unsendable(Unsendable.UNREADABLE);
        }
    }

    /** Honcho said no, or did not answer (then the item is tried again). */
    private Step failure(HonchoLedger.Waiting waiting, HonchoFailure f) {
        LedgerItem item = waiting.item();
        switch (f.kind()) {
            case UNREACHABLE -> {
                lookFirst.add(item.key());
                return Step.HONCHO_UNREACHABLE;
            }
            case KEY_REFUSED -> {
                outage.answered();
                if (keyRefused.add(waiting.workspace())) {
                    LOG.error(Sentences.honchoKeyRefused(waiting.workspace(), f.status()));
                }
                return Step.NEXT;
            }
            case BAD_ANSWER -> {
                outage.answered();
                LOG.warn(Sentences.honchoBadAnswer(item.key(), waiting.workspace(), f.status()));
                return settle(item, () -> ledger.failed(item, f.status(), f.kind().word()));
            }
            default -> {
                outage.answered();
                LOG.warn(Sentences.honchoSendRefused(item.key(), waiting.workspace(), f.status(), f.kind().word()));
                return settle(item, () -> ledger.failed(item, f.status(), f.kind().word()));
            }
        }
    }

    private interface LedgerWrite {
        void write() throws IOException;
    }

    /** Writes the item's settling line; a ledger that cannot be written is waited out like an outage. */
    private Step settle(LedgerItem item, LedgerWrite write) {
        try {
            write.write();
        } catch (IOException | RuntimeException e) {
            lookFirst.add(item.key());
            LOG.error(Sentences.honchoLedgerUnwritable(item.key(), e.getClass().getSimpleName()));
            return Step.LEDGER_UNWRITABLE;
        }
        lookFirst.remove(item.key());
        edits.forget(item);
        return Step.NEXT;
    }
}
