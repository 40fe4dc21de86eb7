package dev.boxmaker.brokerd.taint;

import dev.boxmaker.proto.Label;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every session's taint (home.md, "Labels"): starts at {@code (private, false)} and only rises, by
 * each answer's combined label. Rebuilt from the audit log at start, so a restart never cleans one.
 */
public final class Taints {
    private final ConcurrentHashMap<String, Label> bySession = new ConcurrentHashMap<>();

    public Taints(Map<String, Label> rebuilt) {
        bySession.putAll(rebuilt);
    }

    /** The session's taint now; a session never seen is {@code (private, false)}. */
    public Label of(String session) {
        return bySession.getOrDefault(session, Label.SESSION_START);
    }

    /** Raises the session's taint by {@code label}; never lowers it. */
    public Label raise(String session, Label label) {
        return bySession.merge(session, Label.SESSION_START.combine(label), Label::combine);
    }

    /** How many sessions have a taint here (seen since the audit log began). */
    public int size() {
        return bySession.size();
    }

    /** Every session seen, by id. */
    public Map<String, Label> all() {
        return new TreeMap<>(bySession);
    }
}
