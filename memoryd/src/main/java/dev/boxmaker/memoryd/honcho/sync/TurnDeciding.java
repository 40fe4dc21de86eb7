package dev.boxmaker.memoryd.honcho.sync;

import dev.boxmaker.memoryd.sentences.DecisionSentences;
import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.decide.BrokerAnswer;
import dev.boxmaker.memoryd.honcho.decide.BrokerStateClient;
import dev.boxmaker.memoryd.honcho.decide.SpeakerPeers;
import dev.boxmaker.memoryd.honcho.decide.TurnDecision;
import dev.boxmaker.memoryd.honcho.decide.TurnDecisions;
import dev.boxmaker.memoryd.honcho.decide.TurnOutcome;
import dev.boxmaker.memoryd.honcho.decide.TurnRecords;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.honcho.ledger.LedgerItem;
import dev.boxmaker.memoryd.honcho.ledger.TailMark;
import dev.boxmaker.memoryd.honcho.tail.SessionTails;
import dev.boxmaker.memoryd.index.build.LogReadings;
import dev.boxmaker.proto.log.LogPosition;
import dev.boxmaker.proto.log.SessionLogReader;
import dev.boxmaker.memoryd.sentences.TailSentences;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.SessionId;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * Decides finished turns for Honcho (the M5c spec, section 5, steps 2 and 3) on a thread of its own,
 * so {@code session_updated} is answered at once. Each session's log is read once ({@link SessionTails}):
 * an update reads the session from where its last reading stopped to the end; each turn that became
 * finished is decided and its decision appended at once, with the session's label as read so far, and
 * the worker is woken; the texts of a turn decided for a workspace are kept for the worker
 * ({@link KeptTurns}). A turn a later turn's user record ended unfinished goes nowhere. A turn brokerd
 * could not be asked about waits undecided in memory with the label it saw, and is tried again at the
 * next update of any session and every {@link #RETRY_UNDECIDED_SECONDS}; the combined label means a
 * late decision only ever moves towards untrusted or nowhere. An outage of brokerd's state socket is
 * logged once when it starts and once when it ends (runbook {@code broker-state-unavailable}).
 *
 * <p>At {@link #start}, before any update, the start-up scan reads every session whose log was modified
 * at or after the ledger's {@code since}, from the mark the ledger's checkpoint kept for it (else from
 * the log's start), and decides each finished turn said at or after {@code since} that the ledger does
 * not decide: the turns that waited undecided at a stop, the turn whose {@code decided} line a stop
 * tore, and the turns of a log that grew while memoryd was down. After each round, each session read
 * leaves the ledger its {@link TailMark}: the start of its earliest turn not yet decided.
 */
public final class TurnDeciding implements AutoCloseable {
    /** How often the turns that wait undecided are tried again without an update. */
    public static final long RETRY_UNDECIDED_SECONDS = 30;
    /** The most turns kept undecided in memory; past it a session's reading stops until there is room. */
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
    private final KeptTurns kept;
    private final SpeakerPeers peers;
    /** The decisions' one thread ({@code MemorydThreads#honchoDecide}). */
    private final ScheduledExecutorService thread;
    /** The one reading of each session's log. Confined to the thread. */
    private final SessionTails tails;
    /** The turns waiting undecided, oldest first, with their texts and the label each attempt saw. Confined. */
    private final Map<LedgerItem.Turn, Waiting> undecided = new LinkedHashMap<>();
    /** Whether the last answer from brokerd was none. Confined to the thread. */
    private boolean brokerDown;

    /** A finished turn not decided yet: its texts, where a reading finds it again, what earlier attempts saw. */
    private static final class Waiting {
        final TurnRecords records;
        final TailMark from;
        Label seen = Label.SESSION_START;

        Waiting(TurnRecords records, TailMark from) {
            this.records = records;
            this.from = from;
        }
    }

    /**
     * @param home         memoryd's home, under which loopd's logs are
     * @param secretValues the configured secrets' values, which a synced text must not hold
     * @param wake         tells the worker there is something new to send
     */
    public TurnDeciding(Path home, BrokerStateClient broker, HonchoLedger ledger, HonchoSettings honcho,
            Collection<String> secretValues, Runnable wake, ScheduledExecutorService thread) {
        this(home, broker, ledger, honcho, secretValues, wake, TimeUnit.SECONDS.toMillis(RETRY_UNDECIDED_SECONDS),
                new SpeakerPeers(null, honcho.owner(), honcho.agent()), thread);
    }

    /**
     * With another retry period (so a test of the periodic retry takes less than 30 s), and {@code peers}
     * saying which speakers are the owner and which go nowhere for their name.
     */
    TurnDeciding(Path home, BrokerStateClient broker, HonchoLedger ledger, HonchoSettings honcho,
            Collection<String> secretValues, Runnable wake, long retryMillis, SpeakerPeers peers,
            ScheduledExecutorService thread) {
        this.thread = thread;
        this.peers = peers;
        this.retryMillis = retryMillis;
        this.home = home;
        this.broker = broker;
        this.ledger = ledger;
        this.honcho = honcho;
        this.secretValues = List.copyOf(secretValues);
        this.wake = wake;
        this.tails = new SessionTails(home);
        this.kept = new KeptTurns();
    }

    /** Runs the start-up scan, then the periodic retry of the turns that wait undecided. */
    public void start() {
        thread.execute(() -> guarded(this::scan));
        thread.scheduleWithFixedDelay(() -> guarded(() -> round(null)), retryMillis, retryMillis,
                TimeUnit.MILLISECONDS);
    }

    /** {@code session} has finished a turn: queues the reading of its log, and returns at once. */
    public void sessionUpdated(SessionId session, long turn) {
        thread.execute(() -> guarded(() -> round(session)));
    }

    /**
     * Where the index writer hands the batches it reads, each taken on the thread ({@link SessionTails#take})
     * before the round of the update that read it, so each record is read once. Returns at once.
     */
    public LogReadings readings() {
        return new HandedBatches(thread, (session, before, batch) -> guarded(() -> take(session, before, batch)));
    }

    /** The texts of the turns decided for a workspace, which the worker reads first. */
    KeptTurns kept() {
        return kept;
    }

    /** Waits until every update queued so far is decided; for tests. */
    void await() throws Exception {
        thread.submit(() -> { }).get(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** How many turns wait undecided now. */
    int undecidedCount() throws Exception {
        return thread.submit(undecided::size).get(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** How many records the reading of {@code session} has read in all; for tests. */
    long recordsRead(SessionId session) throws Exception {
        return thread.submit(() -> tails.recordsRead(session)).get(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
    }

    private void guarded(java.util.function.BooleanSupplier round) {
        try {
            if (round.getAsBoolean()) {
                wake.run();
            }
        } catch (RuntimeException e) {
            // The thread must live on: the next update or retry tries again.
            LOG.error("a round of Honcho turn decisions failed", e);
        }
    }

    /** The start-up scan: reads every session modified since the ledger's {@code since}, then decides. */
    private boolean scan() {
        Optional<Instant> since = ledger.since();
        if (since.isEmpty()) {
            return false;
        }
        List<SessionId> sessions;
        try {
            sessions = StartScan.sessions(home, since.get());
        } catch (IOException | RuntimeException e) {
            LOG.warn(TailSentences.scanFailed(e.getClass().getSimpleName()));
            return false;
        }
        Map<String, TailMark> marks = ledger.tails();
        boolean decided = false;
        for (SessionId session : sessions) {
            if (!tails.has(session)) {
                tails.start(session, marks.getOrDefault(session.value(), TailMark.START), since.get());
            }
            decided |= read(session);
        }
        return decideWaiting(sessions) | decided;
    }

    /**
     * Reads {@code session}'s log on (all sessions with a turn waiting or open when null), then decides
     * every turn that waits; whether any was decided.
     */
    private boolean round(SessionId session) {
        Set<SessionId> read = new LinkedHashSet<>();
        if (session != null) {
            read.add(session);
        } else {
            read.addAll(tails.withOpenTurns());
        }
        undecided.keySet().forEach(t -> read.add(SessionId.of(t.session())));
        boolean decided = false;
        for (SessionId s : read) {
            decided |= read(s);
        }
        return decideWaiting(read) | decided;
    }

    /** Decides every turn that waits, then leaves the ledger the marks of the sessions {@code read}. */
    private boolean decideWaiting(Collection<SessionId> read) {
        Map<String, BrokerAnswer> answers = new HashMap<>();
        boolean decided = false;
        for (Map.Entry<LedgerItem.Turn, Waiting> waiting : new ArrayList<>(undecided.entrySet())) {
            decided |= decide(waiting.getKey(), waiting.getValue(), answers);
        }
        Map<String, TailMark> earliest = new HashMap<>();
        undecided.forEach((t, w) -> earliest.merge(t.session(), w.from, (a, b) -> a.records() <= b.records() ? a : b));
        for (SessionId s : read) {
            tails.mark(s).ifPresent(m -> {
                TailMark waiting = earliest.get(s.value());
                ledger.tail(s.value(), waiting != null && waiting.records() < m.records() ? waiting : m);
            });
        }
        return decided;
    }

    /** Reads {@code session}'s log from where its reading stopped; whether a turn was decided (unfinished). */
    private boolean read(SessionId session) {
        Reading reading = new Reading();
        if (!tails.has(session)) {
            // A session first read in this run, or one whose reading was dropped: from the ledger's mark.
            tails.start(session, ledger.tail(session.value()).orElse(TailMark.START), null);
        }
        try {
            tails.read(session, reading);
        } catch (IOException | RuntimeException e) {
            // No log (yet): nothing to decide; another failure is said.
            unreadable(session, e);
        }
        return reading.decided;
    }

    /** Takes a batch the index writer read; a turn it ends unfinished is decided (goes nowhere) at once. */
    private boolean take(SessionId session, LogPosition before, SessionLogReader.Batch batch) {
        Reading reading = new Reading();
        TailMark from = tails.has(session) ? TailMark.START : ledger.tail(session.value()).orElse(TailMark.START);
        try {
            tails.take(session, from, before, batch.records(), batch.next(), reading);
        } catch (IOException | RuntimeException e) {
            unreadable(session, e);
        }
        return reading.decided;
    }

    /** Says that {@code session}'s log cannot be read from its reading's mark; a log gone meanwhile, nothing. */
    private void unreadable(SessionId session, Exception e) {
        if (!(e instanceof NoSuchFileException)) {
            LOG.warn(TailSentences.logUnreadable(session.value(), tails.mark(session).map(TailMark::records).orElse(0L),
                    e.getClass().getSimpleName()));
        }
    }

    /** How many records the index writer's batches handed to the readings in all; for tests. */
    long recordsTaken() throws Exception {
        return thread.submit(tails::recordsTaken).get(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** Where a reading's turns go: a finished one waits to be decided, an unfinished one goes nowhere at once. */
    private final class Reading implements SessionTails.Turns {
        boolean decided;

        @Override
        public boolean finished(SessionId session, TurnRecords records, TailMark from) {
            LedgerItem.Turn item = new LedgerItem.Turn(session.value(), records.turn());
            if (ledger.isDecided(item) || undecided.containsKey(item)) {
                return true;
            }
            if (undecided.size() >= UNDECIDED_TURNS_MAX) {
                return false;
            }
            undecided.put(item, new Waiting(records, from));
            return true;
        }

        @Override
        public boolean unfinished(SessionId session, long turn, TailMark from) {
            LedgerItem.Turn item = new LedgerItem.Turn(session.value(), turn);
            if (ledger.isDecided(item)) {
                return true;
            }
            try {
                ledger.decided(item, Optional.empty(), TurnDecision.UNFINISHED);
                decided = true;
                return true;
            } catch (IOException e) {
                LOG.error(DecisionSentences.ledgerAppendFailed(item.key(), e.getClass().getSimpleName()));
                return false;
            }
        }
    }

    /**
     * Decides one finished turn with its session's label as read now, and appends its decision; whether
     * it was decided.
     */
    private boolean decide(LedgerItem.Turn item, Waiting waiting, Map<String, BrokerAnswer> answers) {
        SessionId session = SessionId.of(item.session());
        TurnRecords at = waiting.records;
        TurnRecords records = new TurnRecords(at.turn(), at.speaker(), at.text(), at.reply(),
                at.logLabel().combine(tails.label(session)));
        BrokerAnswer down = answers.get(ROUND_DOWN);
        BrokerAnswer answer = down != null ? down : answers.computeIfAbsent(item.session(), k -> broker.ask(session));
        TurnOutcome outcome = TurnDecisions.decide(item.session(), records, answer, waiting.seen, secretValues, peers);
        noteBroker(answer, answers);
        if (outcome instanceof TurnDecision decision) {
            return append(item, workspace(decision), decision.reason(), records);
        }
        waiting.seen = waiting.seen.combine(records.logLabel());
        return false;
    }

    private Optional<String> workspace(TurnDecision decision) {
        return switch (decision.destination()) {
            case TRUSTED -> Optional.of(honcho.trusted());
            case UNTRUSTED -> Optional.of(honcho.untrusted());
            case NONE -> Optional.empty();
        };
    }

    private boolean append(LedgerItem.Turn item, Optional<String> workspace, String why, TurnRecords records) {
        try {
            ledger.decided(item, workspace, why);
            undecided.remove(item);
            if (workspace.isPresent()) {
                kept.put(item, records);
            }
            return true;
        } catch (IOException e) {
            LOG.error(DecisionSentences.ledgerAppendFailed(item.key(), e.getClass().getSimpleName()));
            return false;
        }
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
                LOG.warn(DecisionSentences.turnsWaitUndecided(down.why()));
            }
        } else if (answer instanceof BrokerAnswer.State && brokerDown) {
            brokerDown = false;
            LOG.info(DecisionSentences.BROKER_STATE_BACK);
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
