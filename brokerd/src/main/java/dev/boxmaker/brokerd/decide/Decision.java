package dev.boxmaker.brokerd.decide;

import dev.boxmaker.brokerd.grants.Grant;
import java.util.Optional;

/**
 * What the grants say about one call: run it, ask the owner, or deny it with a sentence.
 *
 * @param grant the grant that decided it; empty when none did (no grant, or an invalid set)
 */
public record Decision(Verdict verdict, Optional<Grant> grant, String sentence) {
    public enum Verdict { RUN, ASK, DENY }

    static Decision run(Grant grant) {
        return new Decision(Verdict.RUN, Optional.of(grant), "");
    }

    static Decision ask(Grant grant) {
        return new Decision(Verdict.ASK, Optional.of(grant), "");
    }

    static Decision deny(Optional<Grant> grant, String sentence) {
        return new Decision(Verdict.DENY, grant, sentence);
    }
}
