package dev.boxmaker.memoryd.edits;

import dev.boxmaker.memoryd.files.Invariants;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Edit ids, {@code YYYY-MM-DD-NNNN}: the UTC day and a counter from 0001 for that day, shared by
 * edits and pending writes (memoryd.md, "The journal and ids"). After a restart the store feeds
 * every id it reads back from the journal and pending.jsonl to {@link #observe}, so the counter
 * continues. Not thread-safe: the store's lock guards it.
 */
public final class Ids {
    /** The counter has four digits. */
    public static final int IDS_PER_DAY_MAX = 9_999;

    private static final Pattern ID = Pattern.compile("\\d{4}-\\d{2}-\\d{2}-\\d{4}");

    /** The highest counter seen per day; a day is kept so a clock set back still gets fresh ids. */
    private final Map<String, Integer> highest = new HashMap<>();

    public static boolean isId(String text) {
        return text != null && ID.matcher(text).matches();
    }

    /** Records an id already in use. */
    public void observe(String id) {
        Invariants.check(isId(id), "an id in the journal is malformed");
        highest.merge(id.substring(0, 10), Integer.parseInt(id.substring(11)), Math::max);
    }

    /** The next unused id for the UTC day of {@code now}. */
    public String next(Instant now) {
        String day = LocalDate.ofInstant(now, ZoneOffset.UTC).toString();
        int n = highest.getOrDefault(day, 0) + 1;
        Invariants.check(n <= IDS_PER_DAY_MAX, "more than 9,999 edits and pending writes in one UTC day");
        highest.put(day, n);
        return day + "-" + String.format("%04d", n);
    }
}
