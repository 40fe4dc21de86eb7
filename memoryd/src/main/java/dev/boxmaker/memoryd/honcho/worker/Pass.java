package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.honcho.ledger.LedgerItem;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One pass of the worker through the outbox, oldest first: the items, those settled or tried in it
 * already (a turn that joined an earlier batch), each session's turns in order, and where each
 * workspace's memory writes stand, so that a batch of turns is gathered without scanning the outbox.
 */
final class Pass {
    final List<HonchoLedger.Waiting> outbox;
    final Set<String> done = new HashSet<>();
    /** Per workspace and session, its waiting turns' places in {@link #outbox}, in order. */
    private final Map<String, List<Integer>> sessions = new HashMap<>();
    /** Per workspace, the places of its waiting edits. */
    private final Map<String, TreeSet<Integer>> edits = new HashMap<>();

    Pass(List<HonchoLedger.Waiting> outbox) {
        this.outbox = outbox;
        for (int at = 0; at < outbox.size(); at++) {
            HonchoLedger.Waiting w = outbox.get(at);
            if (w.item() instanceof LedgerItem.Turn turn) {
                sessions.computeIfAbsent(key(w.workspace(), turn), k -> new ArrayList<>()).add(at);
            } else {
                edits.computeIfAbsent(w.workspace(), k -> new TreeSet<>()).add(at);
            }
        }
    }

    /** The place of {@code workspace}'s first edit after {@code at}, or the outbox's size. */
    int nextEdit(String workspace, int at) {
        TreeSet<Integer> places = edits.get(workspace);
        Integer next = places == null ? null : places.higher(at);
        return next == null ? outbox.size() : next;
    }

    /** The waiting turns of the session and workspace of the turn at {@code at}, after it and before {@code before}, in order. */
    List<HonchoLedger.Waiting> after(int at, int before) {
        HonchoLedger.Waiting head = outbox.get(at);
        List<Integer> places = sessions.getOrDefault(key(head.workspace(), (LedgerItem.Turn) head.item()), List.of());
        List<HonchoLedger.Waiting> after = new ArrayList<>();
        int from = Collections.binarySearch(places, at) + 1;
        for (int i = Math.max(from, 0); i < places.size() && places.get(i) < before; i++) {
            HonchoLedger.Waiting w = outbox.get(places.get(i));
            if (!done.contains(w.item().key())) {
                after.add(w);
                if (after.size() >= TurnSender.BATCH_MESSAGES_MAX) {
                    break;
                }
            }
        }
        return after;
    }

    /**
     * The lane of an item, where items are looked for at start until one is not found: a turn's session
     * in its workspace, or a workspace's edits.
     */
    static String lane(HonchoLedger.Waiting waiting) {
        return waiting.item() instanceof LedgerItem.Turn turn ? waiting.workspace() + "/turn/" + turn.session()
                : waiting.workspace() + "/edits";
    }

    private static String key(String workspace, LedgerItem.Turn turn) {
        return workspace + "\n" + turn.session();
    }
}
