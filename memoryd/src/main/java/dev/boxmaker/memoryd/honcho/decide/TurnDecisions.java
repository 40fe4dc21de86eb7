package dev.boxmaker.memoryd.honcho.decide;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.text.Sanitize;
import java.util.Collection;
import java.util.Optional;

/**
 * The turn decision of the M5c spec, section 4's first table, as a pure function of its inputs.
 *
 * <p>The session's label is the combination of brokerd's, the log's and {@code seenBefore} (the
 * label an earlier, undecided attempt at this turn saw). Combining keeps the higher class and
 * untrusted if any says so, so a later answer can never make a turn more trusted than an earlier one
 * saw it: a late {@code private, trusted} from a brokerd that restarted and forgot the session does
 * not undo a tool result the log labels untrusted (T37).
 *
 * <p>The rows, in the order they are tried: class {@code secret} (by any source) goes nowhere; a
 * known-prefix or configured secret in the text or the reply goes nowhere; no speaker, one that
 * cannot be a peer name, or one named like the agent or, not being the owner, like the owner
 * ({@link SpeakerPeers}), goes nowhere. These need no brokerd, and nowhere is as far as a decision
 * can go, so they are decided even while brokerd is unavailable. Otherwise an unavailable brokerd
 * leaves the turn undecided; an untrusted label sends it to the untrusted workspace, and only a clean
 * one of class public or private to the trusted one.
 */
public final class TurnDecisions {
    private TurnDecisions() {
    }

    /**
     * Decides one finished turn.
     *
     * @param session     the Boxmaker session id
     * @param records     the turn's records from loopd's log
     * @param broker      brokerd's state now, or that it was unavailable
     * @param seenBefore  the label an earlier attempt at this turn saw ({@link Label#SESSION_START} for none)
     * @param secretValues the configured secrets' values, for the sanitizer's {@code refuse}
     */
    public static TurnOutcome decide(String session, TurnRecords records, BrokerAnswer broker, Label seenBefore,
            Collection<String> secretValues) {
        return decide(session, records, broker, seenBefore, secretValues, SpeakerPeers.NONE);
    }

    /** {@link #decide}, with {@code peers} saying which speakers go nowhere for their name. */
    public static TurnOutcome decide(String session, TurnRecords records, BrokerAnswer broker, Label seenBefore,
            Collection<String> secretValues, SpeakerPeers peers) {
        long turn = records.turn();
        Label known = records.logLabel().combine(seenBefore);
        Label label = broker instanceof BrokerAnswer.State state ? known.combine(state.label()) : known;
        if (label.dataClass() == DataClass.SECRET) {
            return new TurnDecision(session, turn, Destination.NONE, TurnDecision.SECRET_CLASS);
        }
        Optional<String> nowhere = withoutBrokerd(records, secretValues, peers);
        if (nowhere.isPresent()) {
            return new TurnDecision(session, turn, Destination.NONE, nowhere.get());
        }
        if (broker instanceof BrokerAnswer.Unavailable unavailable) {
            return new TurnOutcome.Undecided(session, turn, unavailable.why());
        }
        Label brokers = ((BrokerAnswer.State) broker).label();
        if (brokers.untrusted()) {
            return new TurnDecision(session, turn, Destination.UNTRUSTED, TurnDecision.UNTRUSTED_BY_BROKERD);
        }
        if (records.logLabel().untrusted()) {
            return new TurnDecision(session, turn, Destination.UNTRUSTED, TurnDecision.UNTRUSTED_BY_LOG);
        }
        if (seenBefore.untrusted()) {
            return new TurnDecision(session, turn, Destination.UNTRUSTED, TurnDecision.UNTRUSTED_EARLIER);
        }
        return new TurnDecision(session, turn, Destination.TRUSTED, TurnDecision.CLEAN);
    }

    /** The reason a turn goes nowhere whatever brokerd says: a secret in its texts, or its speaker. */
    private static Optional<String> withoutBrokerd(TurnRecords records, Collection<String> secretValues,
            SpeakerPeers peers) {
        Optional<String> rule = Sanitize.refuse(records.text(), secretValues)
                .or(() -> Sanitize.refuse(records.reply(), secretValues));
        if (rule.isPresent()) {
            return Optional.of(TurnDecision.knownPrefixSecret(rule.get()));
        }
        return peers.nowhere(records.speaker());
    }
}
