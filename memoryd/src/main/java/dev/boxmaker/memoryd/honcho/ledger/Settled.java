package dev.boxmaker.memoryd.honcho.ledger;

import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The items that are settled (sent, failed, or decided for nowhere), kept small: a set of turn
 * numbers per session and of counters per edit day, written as ranges ({@code 0-41,43}) in the
 * checkpoint. An item outside those shapes (a turn past the int range, an id of another form) is
 * kept by its key.
 */
final class Settled {
    private static final Pattern EDIT_ID = Pattern.compile("\\d{4}-\\d{2}-\\d{2}-\\d{4}");

    private final Map<String, BitSet> turns = new HashMap<>();
    private final Map<String, BitSet> edits = new HashMap<>();
    private final Set<String> others = new HashSet<>();

    void add(LedgerItem item) {
        if (item instanceof LedgerItem.Turn t && t.turn() < Integer.MAX_VALUE) {
            turns.computeIfAbsent(t.session(), k -> new BitSet()).set((int) t.turn());
        } else if (item instanceof LedgerItem.Edit e && EDIT_ID.matcher(e.id()).matches()) {
            edits.computeIfAbsent(e.id().substring(0, 10), k -> new BitSet()).set(Integer.parseInt(e.id().substring(11)));
        } else {
            others.add(item.key());
        }
    }

    boolean contains(LedgerItem item) {
        if (item instanceof LedgerItem.Turn t && t.turn() < Integer.MAX_VALUE) {
            BitSet set = turns.get(t.session());
            return set != null && set.get((int) t.turn());
        }
        if (item instanceof LedgerItem.Edit e && EDIT_ID.matcher(e.id()).matches()) {
            BitSet set = edits.get(e.id().substring(0, 10));
            return set != null && set.get(Integer.parseInt(e.id().substring(11)));
        }
        return others.contains(item.key());
    }

    /** The checkpoint's form: per session and per day, the ranges; the others by key. */
    Map<String, Map<String, String>> toRanges() {
        Map<String, Map<String, String>> out = new TreeMap<>();
        out.put("turns", ranges(turns));
        out.put("edits", ranges(edits));
        Map<String, String> rest = new TreeMap<>();
        others.forEach(k -> rest.put(k, ""));
        out.put("others", rest);
        return out;
    }

    static Settled fromRanges(Map<String, Map<String, String>> in) {
        Settled settled = new Settled();
        in.getOrDefault("turns", Map.of()).forEach((k, v) -> settled.turns.put(k, bits(v)));
        in.getOrDefault("edits", Map.of()).forEach((k, v) -> settled.edits.put(k, bits(v)));
        settled.others.addAll(in.getOrDefault("others", Map.of()).keySet());
        return settled;
    }

    private static Map<String, String> ranges(Map<String, BitSet> sets) {
        Map<String, String> out = new TreeMap<>();
        sets.forEach((k, bits) -> {
            StringBuilder text = new StringBuilder();
            for (int from = bits.nextSetBit(0); from >= 0; ) {
                int to = bits.nextClearBit(from) - 1;
                text.append(text.length() > 0 ? "," : "").append(from);
                if (to > from) {
                    text.append('-').append(to);
                }
                from = to == Integer.MAX_VALUE ? -1 : bits.nextSetBit(to + 1);
            }
            out.put(k, text.toString());
        });
        return out;
    }

    private static BitSet bits(String ranges) {
        BitSet bits = new BitSet();
        for (String range : ranges.split(",")) {
            if (range.isEmpty()) {
                continue;
            }
            int dash = range.indexOf('-');
            int from = Integer.parseInt(dash < 0 ? range : range.substring(0, dash));
            int to = dash < 0 ? from : Integer.parseInt(range.substring(dash + 1));
            bits.set(from, to + 1);
        }
        return bits;
    }
}
