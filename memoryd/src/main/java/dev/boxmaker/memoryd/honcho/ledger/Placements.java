package dev.boxmaker.memoryd.honcho.ledger;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The ledger's {@code placed} lines, as they stand: per workspace and Boxmaker session, the Honcho
 * sessions placed for it, in the order they were first placed, each with its latest peers and purpose
 * (a later line for the same Honcho session replaces the earlier one's peers and purpose, in place).
 * A {@code sent} line of one of the Boxmaker session's turns marks its last Honcho session made: the
 * worker made it with those peers before it wrote to it (the worker's {@code Places}). Not thread-safe:
 * the ledger guards it.
 */
final class Placements {
    /** The most Honcho sessions kept for one Boxmaker session in one workspace; later ones are not kept. */
    static final int PER_SESSION_MAX = 1000;

    private final Map<String, LinkedHashMap<String, HonchoLedger.Place>> places = new HashMap<>();
    /** Boxmaker sessions whose last {@code placed} line was not kept ({@link #PER_SESSION_MAX}). */
    private final Set<String> unkept = new HashSet<>();

    /** A {@code placed} line, or a {@code sent} line of a turn. */
    void apply(LedgerLine line) {
        if (LedgerLine.SENT.equals(line.event())) {
            sent(line);
            return;
        }
        if (line.workspace() == null || line.session() == null || line.honcho() == null || line.peers() == null) {
            return;
        }
        String key = key(line.workspace(), line.session());
        LinkedHashMap<String, HonchoLedger.Place> of = places.computeIfAbsent(key, k -> new LinkedHashMap<>());
        if (of.containsKey(line.honcho()) || of.size() < PER_SESSION_MAX) {
            of.put(line.honcho(), new HonchoLedger.Place(line.honcho(), List.copyOf(line.peers()),
                    LedgerLine.FOR_STAMP.equals(line.purpose()) ? LedgerLine.FOR_STAMP : LedgerLine.FOR_TURNS, false));
            unkept.remove(key);
        } else {
            unkept.add(key);
        }
    }

    /** A turn of the session was sent: its last Honcho session, as last placed, is made. */
    private void sent(LedgerLine line) {
        String key = key(line.workspace(), line.session());
        LinkedHashMap<String, HonchoLedger.Place> of = places.get(key);
        if (of == null || line.turn() == null || unkept.contains(key)) {
            return;
        }
        HonchoLedger.Place last = null;
        for (HonchoLedger.Place p : of.values()) {
            last = p;
        }
        if (!last.made()) {
            of.put(last.honcho(), new HonchoLedger.Place(last.honcho(), last.peers(), last.purpose(), true));
        }
    }

    List<HonchoLedger.Place> of(String workspace, String session) {
        LinkedHashMap<String, HonchoLedger.Place> of = places.get(key(workspace, session));
        return of == null ? List.of() : List.copyOf(of.values());
    }

    /**
     * As {@code placed} lines, each made one followed by a {@code sent} line of its session's turn 0,
     * for the checkpoint (time left out: nothing reads it back).
     */
    List<LedgerLine> lines() {
        List<LedgerLine> lines = new ArrayList<>();
        places.forEach((key, of) -> {
            int cut = key.indexOf('\n');
            for (HonchoLedger.Place p : of.values()) {
                String workspace = key.substring(0, cut);
                String session = key.substring(cut + 1);
                lines.add(LedgerLine.placed(null, workspace, session, p.honcho(), p.peers(), p.purpose()));
                if (p.made()) {
                    lines.add(LedgerLine.of(LedgerLine.SENT, null, new LedgerItem.Turn(session, 0), workspace));
                }
            }
        });
        return lines;
    }

    private static String key(String workspace, String session) {
        return workspace + "\n" + session;
    }
}
