package dev.boxmaker.memoryd.honcho.sync;

import dev.boxmaker.memoryd.sentences.HardeningSentences;
import dev.boxmaker.memoryd.sentences.DecisionSentences;
import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.config.MemorydSettings;
import dev.boxmaker.memoryd.honcho.client.HonchoClients;
import dev.boxmaker.memoryd.honcho.client.HonchoTimeouts;
import dev.boxmaker.memoryd.honcho.decide.BrokerStateClient;
import dev.boxmaker.memoryd.honcho.decide.SpeakerPeers;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.honcho.worker.Backoff;
import dev.boxmaker.memoryd.honcho.worker.HonchoWorker;
import dev.boxmaker.memoryd.honcho.worker.SyncReport;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.memoryd.tool.MemoryStore;
import dev.boxmaker.proto.secrets.Secret;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * The Honcho write path of a memoryd with {@code [honcho]} (the M5c spec, section 5), assembled at
 * start: the ledger {@code memory/honcho.jsonl} read through, one client per workspace, brokerd's
 * state socket, the turn decisions, the mirror of memory writes, and the worker that sends. A
 * memoryd without {@code [honcho]} builds none of it: no file, no thread.
 */
public final class HonchoSync implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(HonchoSync.class);

    private final HonchoLedger ledger;
    private final HonchoClients clients;
    private final TurnDeciding turns;
    private final HonchoWorker worker;

    private HonchoSync(HonchoLedger ledger, HonchoClients clients, TurnDeciding turns, HonchoWorker worker) {
        this.ledger = ledger;
        this.clients = clients;
        this.turns = turns;
        this.worker = worker;
    }

    /**
     * Opens the ledger, decides the edits a stop left undecided, hooks the mirror to {@code store},
     * and starts the worker and the turn decisions.
     */
    public static HonchoSync start(MemorydSettings settings, HonchoSettings honcho, MemoryStore store, Clock clock,
            HonchoTimeouts timeouts, Backoff backoff, MemorydThreads threads) throws IOException {
        HonchoLedger ledger = HonchoLedger.open(settings.memoryDir(), clock);
        HonchoClients clients = HonchoClients.open(honcho, timeouts);
        Waker waker = new Waker();
        List<String> secrets = settings.secrets().values().stream().map(Secret::value).toList();
        EditMirror edits = new EditMirror(store, ledger, honcho, waker, secrets);
        SpeakerPeers peers = new SpeakerPeers(settings.owner(), honcho.owner(), honcho.agent());
        TurnDeciding turns = new TurnDeciding(settings.home(), new BrokerStateClient(settings.brokerStateSocket()),
                ledger, honcho, secrets, waker, TimeUnit.SECONDS.toMillis(TurnDeciding.RETRY_UNDECIDED_SECONDS), peers,
                threads.honchoDecide());
        HonchoWorker worker = new HonchoWorker(ledger, clients, honcho,
                new LoggedItems(settings.home(), edits, turns.kept(), peers), clock, backoff, threads.honchoWorker(),
                threads.ledgerFlush());
        waker.worker = worker;
        try {
            ledger.begin();
            edits.catchUp();
            store.onJournalled(edits);
        } catch (IOException | RuntimeException e) {
            clients.close();
            throw e;
        }
        worker.start();
        turns.start();
        LOG.info(DecisionSentences.honchoSyncStarted(HardeningSentences.shownUrl(honcho.url()), honcho.trusted(), honcho.untrusted(),
                honcho.fleet(), ledger.outbox().size()));
        return new HonchoSync(ledger, clients, turns, worker);
    }

    /** With memoryd's own timeouts and back-off, on {@code threads}. */
    public static HonchoSync start(MemorydSettings settings, HonchoSettings honcho, MemoryStore store,
            MemorydThreads threads) throws IOException {
        return start(settings, honcho, store, Clock.systemUTC(), HonchoTimeouts.DEFAULT, Backoff.DEFAULT, threads);
    }

    /** The turn decisions, which {@code session_updated} feeds. */
    public TurnDeciding turns() {
        return turns;
    }

    /** What {@code bxctl memory sync} shows, from memory. */
    public SyncReport report() {
        return worker.report();
    }

    /** The clients of every workspace, which the read path shares. */
    public HonchoClients clients() {
        return clients;
    }

    public HonchoLedger ledger() {
        return ledger;
    }

    /** Stops deciding, then sending; what waits stays in the ledger for the next start. */
    @Override
    public void close() {
        turns.close();
        worker.close();
        clients.close();
        try {
            ledger.checkpoint();
        } catch (IOException e) {
            // Disposable: the next start reads the ledger from the last checkpoint that fits.
            LOG.debug("the ledger's checkpoint at stop was not written", e);
        }
    }

    /** Wakes the worker once it exists: the mirror and the decisions are built before it. */
    private static final class Waker implements Runnable {
        private volatile HonchoWorker worker;

        @Override
        public void run() {
            HonchoWorker w = worker;
            if (w != null) {
                w.wake();
            }
        }
    }
}
