package dev.boxmaker.memoryd.tool;

import dev.boxmaker.memoryd.files.IdentityFile;
import java.util.List;

/**
 * An identity edit that passed every rule, not yet written: the file's entries before and after,
 * the entries leaving it for notes.md in the order given, and the sentence the answer will carry.
 */
public record Plan(IdentityFile file, List<String> before, List<String> after, List<Removal> removals,
        String sentence) {

    /** An entry leaving the file: moved (kept as experience) or dropped. */
    public record Removal(boolean moved, String entry) {
    }

    public Plan {
        before = List.copyOf(before);
        after = List.copyOf(after);
        removals = List.copyOf(removals);
    }

    public List<String> moved() {
        return removals.stream().filter(Removal::moved).map(Removal::entry).toList();
    }

    public List<String> dropped() {
        return removals.stream().filter(r -> !r.moved()).map(Removal::entry).toList();
    }
}
