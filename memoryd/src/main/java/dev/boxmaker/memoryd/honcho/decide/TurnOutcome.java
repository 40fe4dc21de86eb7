package dev.boxmaker.memoryd.honcho.decide;

import java.util.Objects;

/**
 * The answer of a turn decision: decided ({@link TurnDecision}, which the ledger records at once), or
 * undecided because brokerd could not be asked, to be decided later from the state then.
 */
public sealed interface TurnOutcome permits TurnDecision, TurnOutcome.Undecided {
    String session();

    long turn();

    /**
     * Not decided yet: brokerd was unavailable ({@code why} is the client's sentence, for the log),
     * or the log does not hold the turn finished.
     */
    record Undecided(String session, long turn, String why) implements TurnOutcome {
        public Undecided {
            Objects.requireNonNull(session, "session");
            Objects.requireNonNull(why, "why");
        }
    }
}
