package dev.boxmaker.memoryd.edits;

import dev.boxmaker.memoryd.files.Invariants;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Edit ids: the UTC day and a counter from 1 for that day, shared by edits and pending writes
 * (memoryd.md, "The journal and ids"). The counter is written with four digits up to 9,999
 * ({@code 2026-09-24-0003}); past that, with a letter naming how many digits follow, {@code a} for
 * five, {@code b} for six, and so on ({@code 2026-09-24-a10000}, {@code 2026-09-24-b100000}): a
 * letter sorts after every digit and a later letter after an earlier one, so ids still sort as text
 * in the order they were made (docs/decisions.md, "Ids past 9,999"). After a restart the store feeds
 * every id it reads back from the journal and pending.jsonl to {@link #observe}, so the counter
 * continues. Not thread-safe: the store's lock guards it.
 */
public final class Ids {
    /** The digits of a counter written without a letter. */
    static final int PLAIN_DIGITS = 4;

    /** The most digits a counter has, with the letter {@code d}. */
    static final int COUNTER_DIGITS_MAX = 8;

    /** The most ids one UTC day can have: far more than the disk's flushes allow in a day. */
    public static final int IDS_PER_DAY_MAX = 99_999_999;

    private static final Pattern ID = Pattern.compile("(\\d{4}-\\d{2}-\\d{2})-(\\d{4}|[a-d]\\d{5,8})");

    /** The highest counter seen per day; a day is kept so a clock set back still gets fresh ids. */
    private final Map<String, Integer> highest = new HashMap<>();

    public static boolean isId(String text) {
        return counter(text) > 0;
    }

    /** The counter of an id, or -1 when the text is not an id (a letter must name its digits' count). */
    static int counter(String text) {
        if (text == null) {
            return -1;
        }
        Matcher m = ID.matcher(text);
        if (!m.matches()) {
            return -1;
        }
        String counter = m.group(2);
        if (Character.isDigit(counter.charAt(0))) {
            int n = Integer.parseInt(counter);
            return n > 0 ? n : -1;
        }
        String digits = counter.substring(1);
        boolean canonical = digits.length() == PLAIN_DIGITS + 1 + (counter.charAt(0) - 'a') && digits.charAt(0) != '0';
        return canonical ? Integer.parseInt(digits) : -1;
    }

    /** The counter as an id writes it: four digits, or a letter and five to eight digits. */
    static String written(int counter) {
        String digits = Integer.toString(counter);
        if (digits.length() <= PLAIN_DIGITS) {
            return "0".repeat(PLAIN_DIGITS - digits.length()) + digits;
        }
        return (char) ('a' + digits.length() - PLAIN_DIGITS - 1) + digits;
    }

    /** Records an id already in use. */
    public void observe(String id) {
        int n = counter(id);
        Invariants.check(n > 0, "an id in the journal is malformed");
        highest.merge(id.substring(0, 10), n, Math::max);
    }

    /** The next unused id for the UTC day of {@code now}. */
    public String next(Instant now) {
        String day = LocalDate.ofInstant(now, ZoneOffset.UTC).toString();
        int n = highest.getOrDefault(day, 0) + 1;
        Invariants.check(n <= IDS_PER_DAY_MAX, "more than 99,999,999 edits and pending writes in one UTC day");
        highest.put(day, n);
        return day + "-" + written(n);
    }
}
