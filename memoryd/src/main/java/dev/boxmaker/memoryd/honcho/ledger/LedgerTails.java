package dev.boxmaker.memoryd.honcho.ledger;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the ledger keeps for the start-up scan of the session logs: since when memoryd syncs (the
 * {@code began} line's time, else the first line's) and, per session, where the next start reads its
 * log from. At most {@link HonchoLedger#TAILS_MAX} sessions; the least recently set goes first, and
 * its log is then read from the start (decided turns skipped). Guarded by the ledger's lock.
 */
final class LedgerTails {
    private String since;
    private final Map<String, TailMark> marks = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, TailMark> eldest) {
            return size() > HonchoLedger.TAILS_MAX;
        }
    };

    /** A {@code began} line's time. */
    void began(String time) {
        since = time;
    }

    /** Any other line's time: the first one counts when there is no {@code began} line. */
    void line(String time) {
        if (since == null) {
            since = time;
        }
    }

    void restore(String checkpointSince, Map<String, TailMark> checkpointMarks) {
        since = checkpointSince;
        if (checkpointMarks != null) {
            marks.putAll(checkpointMarks);
        }
    }

    String sinceText() {
        return since;
    }

    Optional<Instant> since() {
        try {
            return since == null ? Optional.empty() : Optional.of(Instant.parse(since));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    void put(String session, TailMark mark) {
        marks.put(session, mark);
    }

    Optional<TailMark> mark(String session) {
        return Optional.ofNullable(marks.get(session));
    }

    Map<String, TailMark> marks() {
        return Map.copyOf(marks);
    }
}
