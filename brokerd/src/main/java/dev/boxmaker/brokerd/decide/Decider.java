package dev.boxmaker.brokerd.decide;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.brokerd.sentences.Sentences;
import dev.boxmaker.brokerd.grants.Grant;
import dev.boxmaker.brokerd.grants.GrantSet;
import dev.boxmaker.proto.Label;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Matching (brokerd.md, "Grants"): the grants for the call's tool whose {@code max_taint} is at least
 * the session's class and whose constraints the arguments meet. Deny beats auto beats ask; within a
 * mode the first by id wins. An invalid set denies everything, the built-ins included.
 */
public final class Decider {
    private Decider() {
    }

    public static Decision decide(GrantSet grants, String tool, ObjectNode args, Label taint) {
        if (!grants.isValid()) {
            return Decision.deny(Optional.empty(), Sentences.grantsInvalid(grants.problem().orElseThrow()));
        }
        List<Grant> forTool = grants.matchable().stream().filter(g -> g.tool().equals(tool)).toList();
        List<Grant> atClass = forTool.stream().filter(g -> g.appliesAt(taint.dataClass())).toList();
        List<Grant> matching = new ArrayList<>();
        for (Grant grant : atClass) {
            try {
                if (grant.allows(args)) {
                    matching.add(grant);
                }
            } catch (Grant.Unmatchable e) {
                // Whether it would deny or allow is unknown, so the call is denied.
                return Decision.deny(Optional.of(grant), Sentences.argsTooLongForPatterns(grant.id(), tool));
            }
        }
        Optional<Grant> deny = first(matching, Grant.Mode.DENY);
        if (deny.isPresent()) {
            return Decision.deny(deny, Sentences.grantDenies(deny.get().id(), tool));
        }
        Optional<Grant> auto = first(matching, Grant.Mode.AUTO);
        if (auto.isPresent()) {
            return Decision.run(auto.get());
        }
        Optional<Grant> ask = first(matching, Grant.Mode.ASK);
        if (ask.isPresent()) {
            return Decision.ask(ask.get());
        }
        String reason = forTool.isEmpty() ? Sentences.NO_GRANT_NAMES_TOOL
                : atClass.isEmpty() ? Sentences.NO_GRANT_AT_CLASS : Sentences.NO_GRANT_ARGS;
        return Decision.deny(Optional.empty(), Sentences.noGrant(tool, taint.dataClass(), reason));
    }

    /** {@code grants} is sorted by id, so the first of a mode is the first by id. */
    private static Optional<Grant> first(List<Grant> grants, Grant.Mode mode) {
        return grants.stream().filter(g -> g.mode() == mode).findFirst();
    }
}
