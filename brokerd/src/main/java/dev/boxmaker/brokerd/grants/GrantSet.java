package dev.boxmaker.brokerd.grants;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The grants in force: the owner's (from {@code grants/}) and the built-ins, or, when any owner's
 * file is invalid, none at all and the problem (all or nothing: an invalid set denies every call).
 *
 * @param owners  the owner's grants, sorted by id; empty when invalid
 * @param problem the sentence naming the first invalid file and what is wrong, when invalid
 */
public record GrantSet(List<Grant> owners, Optional<String> problem) {
    private static final List<Grant> BUILTINS = BuiltinGrants.all();

    public GrantSet {
        owners = owners.stream().sorted(Comparator.comparing(Grant::id)).toList();
    }

    public static GrantSet valid(List<Grant> owners) {
        return new GrantSet(owners, Optional.empty());
    }

    public static GrantSet invalid(String problem) {
        return new GrantSet(List.of(), Optional.of(problem));
    }

    public boolean isValid() {
        return problem.isEmpty();
    }

    public static List<Grant> builtins() {
        return BUILTINS;
    }

    /** What matching sees: the built-ins and the owner's, by id; nothing when the set is invalid. */
    public List<Grant> matchable() {
        if (!isValid()) {
            return List.of();
        }
        List<Grant> all = new ArrayList<>(BUILTINS);
        all.addAll(owners);
        all.sort(Comparator.comparing(Grant::id));
        return all;
    }
}
