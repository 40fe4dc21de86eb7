package dev.boxmaker.memoryd.honcho.sync;

import dev.boxmaker.memoryd.sentences.Sentences;
import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.decide.BrokerAnswer;
import dev.boxmaker.memoryd.honcho.decide.BrokerStateClient;
import dev.boxmaker.memoryd.honcho.decide.TurnDecision;
import dev.boxmaker.memoryd.honcho.decide.TurnDecisions;
import dev.boxmaker.memoryd.honcho.decide.TurnLog;
import dev.boxmaker.memoryd.honcho.decide.TurnOutcome;
import dev.boxmaker.memoryd.honcho.decide.TurnRecords;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.honcho.ledger.LedgerItem;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.SessionId;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * Decides finished turns for Honcho (the M5c spec, section 5, steps 2 and 3) on a thread of its own,
 * so {@code session_updated} is answered at once. On each update, every turn from 1 to the update's
 * turn that the ledger has no decision for is decided and its decision appended at once; then the
 * worker is woken. A turn brokerd could not be asked about stays undecided in memory with the label
 * it saw, and is tried again at the next update of any session and every {@link
 * #RETRY_UNDECIDED_SECONDS}; the combined label means a late decision only ever moves towards
 * untrusted or nowhere. An outage of brokerd's state socket is logged once when it starts and once
 * when it ends (runbook {@code broker-state-unavailable}).
 */
public final class TurnDeciding implements AutoCloseable {
    /** How often the turns that wait undecided are tried again without an update. */
    public static final long RETRY_UNDECIDED_SECONDS = 30;
    /** The most turns kept undecided in memory; past it the oldest is dropped until its session's next update. */
    public static final int UNDECIDED_TURNS_MAX = 10_000;
    /** The longest {@link #close} waits for a round under way. */
    static final long CLOSE_WAIT_SECONDS = 10;

    /** The key of a round's answers under which an answer of none is kept: no session id is empty. */
    private static final String ROUND_DOWN = "";
    private static final Logger LOG = Logger.getLogger(TurnDeciding.class);

    private final Path home;
    private final BrokerStateClient broker;
    private final HonchoLedger ledger;
    private final HonchoSettings honcho;
    private final Collection<String> secretValues;
    private final Runnable wake;
    private final long retryMillis;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "memoryd-honcho-decide");
        t.setDaemon(true);
        return t;
    });
    /** The turns waiting undecided, oldest first, with the label each attempt saw. Confined to the thread. */
    private final Map<LedgerItem.Turn, Label> undecided = new LinkedHashMap<>();
    /** Whether the last answer from brokerd was none. Confined to the thread. */
    private boolean brokerDown;

    /**
     * @param home         memoryd's home, under which loopd's logs are
     * @param secretValues the configured secrets' values, which a synced text must not hold
     * @param wake         tells the worker there is something new to send
     */
    public TurnDeciding(Path home, BrokerStateClient broker, HonchoLedger ledger, HonchoSettings honcho,
            Collection<String> secretValues, Runnable wake) {
        this(home, broker, ledger, honcho, secretValues, wake, TimeUnit.SECONDS.toMillis(RETRY_UNDECIDED_SECONDS));
    }

    /** With another retry period, so a test of the periodic retry takes less than 30 s. */
    TurnDeciding(Path home, BrokerStateClient broker, HonchoLedger ledger, HonchoSettings honcho,
            Collection<String> secretValues, Runnable wake, long retryMillis) {
        this.retryMillis = retryMillis;
        this.home = home;
        this.broker = broker;
        this.ledger = ledger;
        this.honcho = honcho;
        this.secretValues = List.copyOf(secretValues);
        this.wake = wake;
    }

    /** Starts the periodic retry of the turns that wait undecided. */
    public void start() {
        thread.scheduleWithFixedDelay(() -> guarded(null, 0), retryMillis, retryMillis, TimeUnit.MILLISECONDS);
    }

    /** {@code session} has finished turn {@code turn}: queues its decision, and returns at once. */
    public void sessionUpdated(SessionId session, long turn) {
        thread.execute(() -> guarded(session, turn));
    }

    /** Waits until every update queued so far is decided; for tests. */
    void await() throws Exception {
        thread.submit(() -> { }).get(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** How many turns wait undecided now. */
    int undecidedCount() throws Exception {
        return thread.submit(undecided::size).get(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
    }

    private void guarded(SessionId session, long upTo) {
        try {
            if (round(session, upTo)) {
                wake.run();
            }
        } catch (RuntimeException e) {
            // The thread must live on: the next update or retry tries again.
            LOG.error("a round of Honcho turn decisions failed", e);
        }
    }

    /** Retries the undecided turns, then decides {@code session}'s new turns; whether any was decided. */
    private boolean round(SessionId session, long upTo) {
        Map<String, BrokerAnswer> answers = new HashMap<>();
        boolean decided = false;
        for (Map.Entry<LedgerItem.Turn, Label> waiting : new ArrayList<>(undecided.entrySet())) {
            // The updated session's own turns are tried below, knowing how far it has gone.
            if (session == null || !waiting.getKey().session().equals(session.value())) {
                decided |= decide(waiting.getKey(), waiting.getValue(), 0, answers);
            }
        }
        for (long t = 1; session != null && t <= upTo; t++) {
            LedgerItem.Turn item = new LedgerItem.Turn(session.value(), t);
            if (!ledger.isDecided(item)) {
                decided |= decide(item, undecided.getOrDefault(item, Label.SESSION_START), upTo, answers);
            }
        }
        return decided;
    }

    /**
     * Decides one turn and appends its decision; whether it was decided. A turn below {@code upTo}
     * (the session's latest finished turn, 0 when not known) that its log does not hold finished never
     * will be, since loopd has gone on: it goes nowhere.
     */
    private boolean decide(LedgerItem.Turn item, Label seen, long upTo, Map<String, BrokerAnswer> answers) {
        SessionId session = SessionId.of(item.session());
        Optional<TurnRecords> records;
        try {
            records = TurnLog.read(home, session, item.turn());
        } catch (NoSuchFileException e) {
            undecided.remove(item);
            return false;
        } catch (IOException | RuntimeException e) {
            undecided.remove(item);
            LOG.warn(Sentences.turnUnreadable(item.session(), item.turn(), e.getClass().getSimpleName()));
            return false;
        }
        if (records.isEmpty()) {
            return item.turn() < upTo ? append(item, Optional.empty(), TurnDecision.UNFINISHED, seen) : keep(item, seen);
        }
        BrokerAnswer down = answers.get(ROUND_DOWN);
        BrokerAnswer answer = down != null ? down : answers.computeIfAbsent(item.session(), k -> broker.ask(session));
        TurnOutcome outcome = TurnDecisions.decide(item.session(), records.get(), answer, seen, secretValues);
        noteBroker(answer, answers);
        if (outcome instanceof TurnDecision decision) {
            return append(item, workspace(decision), decision.reason(), seen);
        }
        return keep(item, seen.combine(records.get().logLabel()));
    }

    private Optional<String> workspace(TurnDecision decision) {
        return switch (decision.destination()) {
            case TRUSTED -> Optional.of(honcho.trusted());
            case UNTRUSTED -> Optional.of(honcho.untrusted());
            case NONE -> Optional.empty();
        };
    }

    private boolean append(LedgerItem.Turn item, Optional<String> workspace, String why, Label seen) {
        try {
            ledger.decided(item, workspace, why);
            undecided.remove(item);
            return true;
        } catch (IOException e) {
            LOG.error(Sentences.ledgerAppendFailed(item.key(), e.getClass().getSimpleName()));
            keep(item, seen);
            return false;
        }
    }

    private boolean keep(LedgerItem.Turn item, Label seen) {
        undecided.remove(item);
        if (undecided.size() >= UNDECIDED_TURNS_MAX) {
            undecided.remove(undecided.keySet().iterator().next());
        }
        undecided.put(item, seen);
        return false;
    }

    /**
     * Logs an outage's start and end once each. An answer of none is kept for the rest of the round
     * (under {@link #ROUND_DOWN}), so a brokerd that does not answer is waited for once, not per session.
     */
    private void noteBroker(BrokerAnswer answer, Map<String, BrokerAnswer> answers) {
        if (answer instanceof BrokerAnswer.Unavailable down) {
            answers.put(ROUND_DOWN, down);
            if (!brokerDown) {
                brokerDown = true;
                LOG.warn(Sentences.turnsWaitUndecided(down.why()));
            }
        } else if (answer instanceof BrokerAnswer.State && brokerDown) {
            brokerDown = false;
            LOG.info(Sentences.BROKER_STATE_BACK);
        }
    }

    @Override
    public void close() {
        thread.shutdownNow();
        try {
            thread.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
