package dev.boxmaker.memoryd.honcho.ledger;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ledger's {@code placed} lines, as they stand: per workspace and Boxmaker session, the Honcho
 * sessions placed for it, in the order they were first placed, each with its latest peers and purpose
 * (a later line for the same Honcho session replaces the earlier one's peers and purpose, in place).
 * Not thread-safe: the ledger guards it.
 */
final class Placements {
    /** The most Honcho sessions kept for one Boxmaker session in one workspace; later ones are not kept. */
    static final int PER_SESSION_MAX = 1000;

    private final Map<String, LinkedHashMap<String, HonchoLedger.Place>> places = new HashMap<>();

    void apply(LedgerLine line) {
        if (line.workspace() == null || line.session() == null || line.honcho() == null || line.peers() == null) {
            return;
        }
        LinkedHashMap<String, HonchoLedger.Place> of = places.computeIfAbsent(key(line.workspace(), line.session()),
                k -> new LinkedHashMap<>());
        if (of.containsKey(line.honcho()) || of.size() < PER_SESSION_MAX) {
            of.put(line.honcho(), new HonchoLedger.Place(line.honcho(), List.copyOf(line.peers()),
                    LedgerLine.FOR_STAMP.equals(line.purpose()) ? LedgerLine.FOR_STAMP : LedgerLine.FOR_TURNS));
        }
    }

    List<HonchoLedger.Place> of(String workspace, String session) {
        LinkedHashMap<String, HonchoLedger.Place> of = places.get(key(workspace, session));
        return of == null ? List.of() : List.copyOf(of.values());
    }

    /** As {@code placed} lines, for the checkpoint (time left out: nothing reads it back). */
    List<LedgerLine> lines() {
        List<LedgerLine> lines = new ArrayList<>();
        places.forEach((key, of) -> {
            int cut = key.indexOf('\n');
            for (HonchoLedger.Place p : of.values()) {
                lines.add(LedgerLine.placed(null, key.substring(0, cut), key.substring(cut + 1), p.honcho(), p.peers(),
                        p.purpose()));
            }
        });
        return lines;
    }

    private static String key(String workspace, String session) {
        return workspace + "\n" + session;
    }
}
