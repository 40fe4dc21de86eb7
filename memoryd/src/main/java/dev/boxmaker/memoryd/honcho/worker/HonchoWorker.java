package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.memoryd.sentences.HonchoWorkerSentences;
import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.client.HonchoClients;
import dev.boxmaker.memoryd.honcho.client.HonchoFailure;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.honcho.ledger.LedgerItem;
import dev.boxmaker.memoryd.honcho.mirror.MirrorPlan;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import org.jboss.logging.Logger;

/**
 * The one thread that sends the ledger's outbox to Honcho, oldest first (the M5c spec, section 5.5
 * to 5.7), and records each send with Honcho's ids. The oldest waiting turn goes with the next
 * waiting turns of its session in one request where they fit ({@link TurnBatches}); edits go one by
 * one. Honcho unreachable: the same items are tried again after a doubling wait, so order holds.
 * Busy (429, 408) or an answer it cannot read: that workspace pauses ({@link Pauses}). Refused (another
 * 4xx): a lone item is marked failed and the next goes; a batch's items are sent again one by one, so
 * only an item Honcho refuses alone is marked failed. A refused key stops that workspace's items only.
 * An item that may have been sent before its {@code sent} line
 * was written (those waiting when the worker starts, and any whose try lost or could not read its
 * answer, or whose batch did not settle) is looked for in Honcho before anything of it is sent again.
 *
 * <p>Which items those are. Items fall in lanes ({@link Pass#lane}): a session's turns in a workspace,
 * and a workspace's edits. The thread settles a lane's items in order, a batch's {@code sent} lines
 * in its order, and tries the same items again after an outage or an unwritable ledger. A
 * {@code failed} line is flushed to the disk at once; {@code sent} lines are flushed every
 * {@link #FLUSH_EVERY_ITEMS} items, every {@link #FLUSH_EVERY_MILLIS} ms and whenever a pass ends,
 * so one fsync serves many items. A SIGKILL loses no line written; a SIGKILL mid-batch or a power loss
 * can lose the last {@code sent} lines, whose items are then the first waiting ones of their lanes,
 * followed by at most one batch tried and not settled (Honcho adds a batch whole or not at all). So
 * at start, each lane's waiting items are looked for in order until one is not found in Honcho (it
 * is then sent, and no later item of the lane is looked for); while running, an item whose try found
 * Honcho unreachable or whose line could not be written is looked for at its next try.
 */
public final class HonchoWorker implements AutoCloseable {
    /** How long {@link #close} waits for the thread to end. */
    public static final long CLOSE_WAIT_MILLIS = 5_000;
    /** The most {@code sent} lines written before the ledger is flushed to the disk. */
    public static final int FLUSH_EVERY_ITEMS = 100;
    /** The longest a {@code sent} line waits to be flushed while the worker drains. */
    public static final long FLUSH_EVERY_MILLIS = 200;
    private static final Logger LOG = Logger.getLogger(HonchoWorker.class);

    private final HonchoLedger ledger;
    private final Places places;
    private final HonchoClients clients;
    private final HonchoSettings settings;
    private final ItemSource source;
    private final Clock clock;
    private final Outage outage;
    private final Backoff backoff;
    private final TurnBatches batches;
    private final EditSender edits;
    private final LedgerFlusher flusher;
    private final Pauses pauses;
    private final WorkerLoop loop;
    /** Whether the wait after this pass is only for paused workspaces, so a wake ends it. */
    private boolean wakeEndsWait;
    private final Set<String> keyRefused = ConcurrentHashMap.newKeySet();
    private final Set<String> lookFirst = new HashSet<>();
    /** Lanes ({@link #lane}) whose waiting items are looked for in order, at start, until one is not found. */
    private final Set<String> looking = new HashSet<>();

    /**
     * Sends on {@code thread} ({@code MemorydThreads#honchoWorker}) and flushes its {@code sent} lines on
     * {@code flushes} ({@code MemorydThreads#ledgerFlush}); each a pool of one thread.
     */
    public HonchoWorker(HonchoLedger ledger, HonchoClients clients, HonchoSettings settings, ItemSource source,
            Clock clock, Backoff backoff, ExecutorService thread, ExecutorService flushes) {
        this.ledger = ledger;
        this.clients = clients;
        this.settings = settings;
        this.source = source;
        this.clock = clock;
        this.outage = new Outage(clock, backoff);
        this.backoff = backoff;
        this.places = new Places(settings, ledger);
        this.batches = new TurnBatches(clients, source, new TurnSender(settings, places));
        this.edits = new EditSender(settings, clients, places, ledger);
        this.flusher = new LedgerFlusher(ledger, flushes);
        this.pauses = new Pauses(backoff);
        this.loop = new WorkerLoop(thread);
    }

    /** Starts the worker on its thread; each workspace's first waiting items are looked for first. */
    public void start() {
        ledger.outbox().forEach(w -> looking.add(Pass.lane(w)));
        loop.start(this::pass);
    }

    /** New decided items are in the ledger. */
    public void wake() {
        loop.wake();
    }

    /** What {@code bxctl memory sync} shows; from memory, no I/O. */
    public SyncReport report() {
        return SyncReports.of(ledger, settings, clock.instant(), outage.since(), Set.copyOf(keyRefused),
                places.fleetRefused());
    }

    /** Stops the thread and waits for it up to {@link #CLOSE_WAIT_MILLIS}; an item it was sending stays waiting. */
    @Override
    public void close() {
        loop.close(CLOSE_WAIT_MILLIS);
        flusher.close();
    }

    /** One pass through the outbox and its flush; the wait before the next ({@link WorkerLoop}). */
    private WorkerLoop.Wait pass() {
        wakeEndsWait = false;
        Optional<Duration> wait = drain();
        if (flush() == Step.LEDGER_UNWRITABLE && (wait.isEmpty() || wakeEndsWait)) {
            wait = Optional.of(backoff.first());
            wakeEndsWait = false;
        }
        return new WorkerLoop.Wait(wait, wakeEndsWait);
    }

    /** One pass through the outbox; the wait before the next (Honcho unreachable, a workspace paused), or empty. */
    private Optional<Duration> drain() {
        Pass pass = new Pass(ledger.outbox());
        for (int at = 0; at < pass.outbox.size(); at++) {
            HonchoLedger.Waiting waiting = pass.outbox.get(at);
            if (loop.stopping()) {
                return Optional.empty();
            }
            if (keyRefused.contains(waiting.workspace()) || pass.done.contains(waiting.item().key())
                    || pauses.paused(waiting.workspace())) {
                continue;
            }
            Step step = waiting.item() instanceof LedgerItem.Turn ? sendTurns(pass, at) : sendOne(waiting);
            if (step == Step.HONCHO_UNREACHABLE) {
                return Optional.of(outage.failed());
            }
            if (step == Step.LEDGER_UNWRITABLE) {
                return Optional.of(backoff.first());
            }
        }
        // Only paused workspaces wait: new items of the others go at the next wake.
        wakeEndsWait = true;
        return pauses.nextEnd();
    }

    /** What came of one item: the next goes, or the same is tried again after a wait. */
    private enum Step { NEXT, HONCHO_UNREACHABLE, LEDGER_UNWRITABLE }

    /** Sends the turn at {@code at} with the later turns of its session that join it (see {@link TurnBatches}). */
    private Step sendTurns(Pass pass, int at) {
        HonchoLedger.Waiting head = pass.outbox.get(at);
        int edit = pass.nextEdit(head.workspace(), at);
        List<HonchoLedger.Waiting> after = pass.after(at, edit);
        boolean look = lookFirst.contains(head.item().key()) || looking.contains(Pass.lane(head));
        List<HonchoLedger.Waiting> tried = new ArrayList<>();
        List<TurnSender.Sent> sent;
        try {
            sent = batches.send(head, look, after, w -> !pass.done.contains(w.item().key())
                    && !lookFirst.contains(w.item().key()), tried);
        } catch (HonchoFailure f) {
            tried.forEach(w -> pass.done.add(w.item().key()));
            if (tried.size() <= 1) {
                return failure(head, f);
            }
            return batchFailure(tried, f);
        } catch (PlaceUnwritable e) {
            tried.forEach(w -> pass.done.add(w.item().key()));
            return unplaced(tried, e);
        } catch (Unsendable | IOException | RuntimeException e) {
            // A fault after the request may hide a committed batch: the others are looked for at their next try.
            tried.forEach(w -> {
                lookFirst.add(w.item().key());
                pass.done.add(w.item().key());
            });
            return unsendable(head, e);
        }
        outage.answered();
        pauses.answered(head.workspace());
        if (!sent.get(0).found()) {
            looking.remove(Pass.lane(head));
        }
        List<LedgerItem> items = new ArrayList<>();
        List<List<String>> ids = new ArrayList<>();
        for (int i = 0; i < sent.size(); i++) {
            items.add(tried.get(i).item());
            ids.add(sent.get(i).ids());
            pass.done.add(tried.get(i).item().key());
        }
        return recordSent(items, () -> ledger.sentUnflushed(items, ids));
    }

    /**
     * A batch of several turns did not settle. Unreachable, or a key refused: each item is looked for
     * before it is sent again, since Honcho may hold the batch. Refused, or an answer that is not what
     * the route answers: the batch's items are sent again one by one, each looked for first, so that a
     * refusal marks failed only the item Honcho refuses alone, never the others of its batch.
     */
    private Step batchFailure(List<HonchoLedger.Waiting> tried, HonchoFailure f) {
        tried.forEach(w -> lookFirst.add(w.item().key()));
        if (f.kind() != HonchoFailure.Kind.REFUSED) {
            return failure(tried.get(0), f);
        }
        outage.answered();
        for (HonchoLedger.Waiting w : tried) {
            if (keyRefused.contains(w.workspace())) {
                return Step.NEXT;
            }
            Pass alone = new Pass(List.of(w));
            Step step = sendTurns(alone, 0);
            if (step != Step.NEXT) {
                return step;
            }
        }
        return Step.NEXT;
    }

    /** Sends one item and records what came of it. */
    private Step sendOne(HonchoLedger.Waiting waiting) {
        TurnSender.Sent sent;
        try {
            sent = attempt(waiting);
        } catch (HonchoFailure f) {
            return failure(waiting, f);
        } catch (PlaceUnwritable e) {
            return unplaced(List.of(waiting), e);
        } catch (Unsendable | IOException | RuntimeException e) {
            return unsendable(waiting, e);
        }
        outage.answered();
        pauses.answered(waiting.workspace());
        if (!sent.found()) {
            looking.remove(Pass.lane(waiting));
        }
        return recordSent(List.of(waiting.item()), () -> ledger.sentUnflushed(waiting.item(), sent.ids(),
                sent.conclusions()));
    }

    /** A {@code placed} line could not be written before a request: nothing was sent; waited out like an outage. */
    private Step unplaced(List<HonchoLedger.Waiting> tried, PlaceUnwritable e) {
        LOG.error(HonchoWorkerSentences.honchoLedgerUnwritable(tried.get(0).item().key(), e.getCause().getClass().getSimpleName()));
        return Step.LEDGER_UNWRITABLE;
    }

    /** The item cannot be sent for a reason of memoryd's own: it is marked failed. */
    private Step unsendable(HonchoLedger.Waiting waiting, Exception e) {
        LedgerItem item = waiting.item();
        if (e instanceof RuntimeException) {
            LOG.error(HonchoWorkerSentences.honchoWorkerError(item.key(), e.getClass().getSimpleName()));
            return settle(item, () -> ledger.failed(item, 0, Unsendable.ERROR));
        }
        Unsendable u = e instanceof Unsendable x ? x : new Unsendable(Unsendable.UNREADABLE);
        outage.answered();
        LOG.warn(HonchoWorkerSentences.honchoItemGone(item.key(), waiting.workspace(), u.kind()));
        return settle(item, () -> ledger.failed(item, 0, u.kind()));
    }

    /**
     * Writes the items' {@code sent} lines, flushed with others every few items: the flush starts
     * here and runs while the next request is sent ({@link LedgerFlusher}).
     */
    private Step recordSent(List<LedgerItem> items, LedgerWrite write) {
        Step step = settle(items, write);
        try {
            if (step == Step.NEXT) {
                flusher.written(items.size());
            }
        } catch (IOException e) {
            return unflushable(e);
        }
        return step;
    }

    /** Flushes the {@code sent} lines written since the last flush, and waits for it (a pass ends). */
    private Step flush() {
        try {
            flusher.flushAll();
        } catch (IOException e) {
            return unflushable(e);
        }
        return Step.NEXT;
    }

    /** A flush failed: its lines are flushed again at the next flush, after the wait of an unwritable ledger. */
    private Step unflushable(IOException e) {
        LOG.error(HonchoWorkerSentences.honchoLedgerUnwritable("the sent lines", e.getClass().getSimpleName()));
        flusher.failed();
        return Step.LEDGER_UNWRITABLE;
    }

    /** Sends one edit (its plan's ops not yet done). */
    private TurnSender.Sent attempt(HonchoLedger.Waiting waiting) throws HonchoFailure, Unsendable, IOException {
        LedgerItem.Edit edit = (LedgerItem.Edit) waiting.item();
        boolean look = lookFirst.contains(edit.key()) || looking.contains(Pass.lane(waiting));
        MirrorPlan plan = source.edit(edit.id()).orElseThrow(() -> new Unsendable(Unsendable.MISSING));
        return edits.send(edit, plan, look);
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
                    LOG.error(HonchoWorkerSentences.honchoKeyRefused(waiting.workspace(), f.status()));
                }
                return Step.NEXT;
            }
            case BUSY, BAD_ANSWER -> {
                // Looked up before it is sent again, never failed: Honcho may hold it ({@link Pauses}).
                outage.answered();
                lookFirst.add(item.key());
                pauses.pause(waiting, f);
                return Step.NEXT;
            }
            default -> {
                outage.answered();
                LOG.warn(HonchoWorkerSentences.honchoSendRefused(item.key(), waiting.workspace(), f.status(), f.kind().word()));
                return settle(item, () -> ledger.failed(item, f.status(), f.kind().word()));
            }
        }
    }

    private interface LedgerWrite {
        void write() throws IOException;
    }

    /** Writes the item's settling line; a ledger that cannot be written is waited out like an outage. */
    private Step settle(LedgerItem item, LedgerWrite write) {
        return settle(List.of(item), write);
    }

    /** Writes the items' settling lines; a ledger that cannot be written is waited out like an outage. */
    private Step settle(List<LedgerItem> items, LedgerWrite write) {
        try {
            write.write();
        } catch (IOException | RuntimeException e) {
            items.forEach(item -> lookFirst.add(item.key()));
            LOG.error(HonchoWorkerSentences.honchoLedgerUnwritable(items.get(0).key(), e.getClass().getSimpleName()));
            return Step.LEDGER_UNWRITABLE;
        }
        for (LedgerItem item : items) {
            lookFirst.remove(item.key());
            edits.forget(item);
        }
        return Step.NEXT;
    }
}
