package dev.boxmaker.brokerd.decide;

import dev.boxmaker.brokerd.sentences.Sentences;
import dev.boxmaker.brokerd.grants.Grant;
import dev.boxmaker.brokerd.grants.GrantSet;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import java.util.Optional;

/**
 * The second decision of an {@code ask} call, when the owner approves it (docs/decisions.md): it
 * runs only if the grant it was asked under, the same id with the same sha256, is still in force
 * and applies at the session's taint now, and the grants in force now do not deny it. Whatever
 * changed while it waited is named, first the grant set, then the grant, then the taint.
 */
public final class Recheck {
    private Recheck() {
    }

    /** Empty when {@code asked} still allows the call now; else what changed, as a sentence's middle. */
    public static Optional<String> why(GrantSet now, Grant asked, ToolRequest request, Label taint) {
        if (!now.isValid()) {
            return Optional.of(Sentences.grantsTurnedInvalid(now.problem().orElseThrow()));
        }
        Optional<Grant> same = now.matchable().stream().filter(g -> g.id().equals(asked.id())).findFirst();
        if (same.isEmpty()) {
            return Optional.of(Sentences.grantRemoved(asked.id()));
        }
        if (!same.get().sha256().equals(asked.sha256())) {
            return Optional.of(Sentences.grantChanged(asked.id()));
        }
        if (!asked.appliesAt(taint.dataClass())) {
            return Optional.of(Sentences.taintRose(taint.dataClass(), asked.id(), asked.maxTaint()));
        }
        // The grant's bytes are the same, so its constraints meet these arguments as they did; what
        // is left is another grant, new or changed, that denies the call (or whose patterns cannot be
        // checked), which the whole decision finds.
        Decision again = Decider.decide(now, request.tool(), request.args(), taint);
        if (again.verdict() == Decision.Verdict.DENY) {
            return Optional.of(Sentences.nowDenied(again.sentence()));
        }
        return Optional.empty();
    }
}
