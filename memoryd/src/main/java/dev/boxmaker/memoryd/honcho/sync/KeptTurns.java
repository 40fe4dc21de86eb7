package dev.boxmaker.memoryd.honcho.sync;

import dev.boxmaker.memoryd.honcho.decide.TurnRecords;
import dev.boxmaker.memoryd.honcho.ledger.LedgerItem;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The texts of the turns decided for a workspace, kept by the decision for the worker, so the worker
 * does not read the log again for a turn just decided. At most {@link #CHARS_MAX} chars of texts and
 * replies; past it the oldest turns are dropped, and the worker reads those from the log
 * ({@link TurnTails}). Thread-safe: the decide thread puts, the worker gets.
 */
final class KeptTurns {
    /** The most chars of texts and replies kept. */
    static final long CHARS_MAX = 8_000_000;

    private final long charsMax;
    private final Map<String, TurnRecords> turns = new LinkedHashMap<>();
    private long chars;

    KeptTurns() {
        this(CHARS_MAX);
    }

    /** With another limit, so tests reach it with small texts. */
    KeptTurns(long charsMax) {
        this.charsMax = charsMax;
    }

    synchronized void put(LedgerItem.Turn item, TurnRecords records) {
        TurnRecords before = turns.put(item.key(), records);
        chars += chars(records) - (before == null ? 0 : chars(before));
        var oldest = turns.entrySet().iterator();
        while (chars > charsMax && oldest.hasNext()) {
            chars -= chars(oldest.next().getValue());
            oldest.remove();
        }
    }

    synchronized Optional<TurnRecords> get(String session, long turn) {
        return Optional.ofNullable(turns.get(new LedgerItem.Turn(session, turn).key()));
    }

    private static long chars(TurnRecords records) {
        return records.text().length() + records.reply().length();
    }
}
