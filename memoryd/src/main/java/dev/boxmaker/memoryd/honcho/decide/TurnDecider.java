package dev.boxmaker.memoryd.honcho.decide;

import dev.boxmaker.memoryd.sentences.DecisionSentences;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.SessionId;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Decides a finished turn from its inputs as they are now (the M5c spec, section 5.2): the turn's
 * records in loopd's log under {@code home}, brokerd's state through the state socket, and the
 * configured secrets' values. The caller appends a {@link TurnDecision} to the ledger at once, and
 * keeps an {@link TurnOutcome.Undecided} turn, with the label it saw, for a later attempt.
 */
public final class TurnDecider {
    private final Path home;
    private final BrokerStateClient broker;
    private final Supplier<? extends Collection<String>> secretValues;

    public TurnDecider(Path home, BrokerStateClient broker, Supplier<? extends Collection<String>> secretValues) {
        this.home = Objects.requireNonNull(home, "home");
        this.broker = Objects.requireNonNull(broker, "broker");
        this.secretValues = Objects.requireNonNull(secretValues, "secretValues");
    }

    /** A decider with no configured secrets. */
    public TurnDecider(Path home, BrokerStateClient broker) {
        this(home, broker, List::of);
    }

    /**
     * Decides {@code turn} of {@code session}, with {@code seenBefore} the label an earlier attempt
     * saw ({@link Label#SESSION_START} on the first).
     *
     * @throws IOException when the session's log cannot be read (a missing log included)
     */
    public TurnOutcome decide(SessionId session, long turn, Label seenBefore) throws IOException {
        Optional<TurnRecords> records = TurnLog.read(home, session, turn);
        if (records.isEmpty()) {
            return new TurnOutcome.Undecided(session.value(), turn, DecisionSentences.turnNotFinished(session.value(), turn));
        }
        return TurnDecisions.decide(session.value(), records.get(), broker.ask(session), seenBefore,
                secretValues.get());
    }
}
