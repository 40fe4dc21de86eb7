package dev.boxmaker.memoryd.honcho.decide;

import dev.boxmaker.proto.Label;
import java.util.Objects;

/**
 * What brokerd said about a session's state (the M5c spec, section 7): its label, or that it could
 * not be asked, in which case the turn stays undecided (section 5.3).
 */
public sealed interface BrokerAnswer permits BrokerAnswer.State, BrokerAnswer.Unavailable {
    /** brokerd's label of the session: its class and whether it read untrusted content. */
    record State(Label label) implements BrokerAnswer {
        public State {
            Objects.requireNonNull(label, "label");
        }
    }

    /** brokerd did not answer usably; {@code why} is the sentence to log, naming the runbook entry. */
    record Unavailable(String why) implements BrokerAnswer {
        public Unavailable {
            Objects.requireNonNull(why, "why");
        }
    }
}
