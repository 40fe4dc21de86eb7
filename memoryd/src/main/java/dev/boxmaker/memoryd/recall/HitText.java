package dev.boxmaker.memoryd.recall;

import dev.boxmaker.memoryd.files.NoteHeader;
import dev.boxmaker.memoryd.index.search.Hit;
import dev.boxmaker.proto.text.Escape;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How hits read (the spec, section 5; memoryd.md, "Recall"): a numbered header with the source tag,
 * where the hit is from and its class, then a snippet of at most {@link #SNIPPET_CHARS_MAX}
 * characters; hits are separated by a blank line.
 */
public final class HitText {
    public static final String IDENTITY = "identity";
    public static final String MEMORY = "memory";
    public static final String MEMORY_TAINTED = "memory-tainted";

    /** The longest snippet, in code points, the cut marks included. */
    public static final int SNIPPET_CHARS_MAX = 600;

    /** The shortest window a snippet shrinks to for its escapes: an ellipsis each side and a character. */
    private static final int SNIPPET_CHARS_MIN = 3;

    /** How many characters of context a cut snippet keeps before its first matched term. */
    static final int SNIPPET_LEAD_CHARS = 150;

    /** A session id in a header: its first characters, then an ellipsis. */
    static final int SESSION_ID_CHARS_SHOWN = 9;

    /** The longest speaker's name shown. */
    static final int SPEAKER_CHARS_MAX = 80;

    private static final String ELLIPSIS = "…";

    private HitText() {
    }

    /** The source tag: moved notes are identity; anything from a session that read untrusted content is tainted. */
    public static String tag(Hit hit) {
        if (Hit.NOTE.equals(hit.kind()) && "moved".equals(hit.role())) {
            return IDENTITY;
        }
        return hit.untrusted() ? MEMORY_TAINTED : MEMORY;
    }

    /** Every hit, numbered from 1. */
    public static String render(List<Hit> hits, List<String> terms, String owner) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < hits.size(); i++) {
            if (i > 0) {
                out.append("\n\n");
            }
            Hit hit = hits.get(i);
            out.append(header(i + 1, hit, owner)).append('\n').append(shown(hit.text(), terms));
        }
        return out.toString();
    }

    /** A body line that would read as a hit's header: {@code [2] identity · …}. */
    private static final java.util.regex.Pattern FORGED_HEADER =
            java.util.regex.Pattern.compile("(?m)^(\\s*)\\[(?=\\d+\\])");

    /**
     * A hit's text as the model may read it: invisible and control characters shown as
     * <code>&#92;u{200B}</code>, chat markup made inert, and a line that starts like a hit header
     * ({@code [2] }) given a backslash, so a record written after reading a page cannot pose as a
     * second, trusted hit with a tag of its own.
     */
    public static String inert(String text) {
        return FORGED_HEADER.matcher(dev.boxmaker.proto.text.Escape.escape(text)).replaceAll("$1\\\\[");
    }

    /** {@code [1] identity · moved 2026-09-24 from memory.md · private}. */
    public static String header(int number, Hit hit, String owner) {
        return "[" + number + "] " + tag(hit) + " · " + where(hit, owner) + " · " + hit.dataClass().wire();
    }

    private static String where(Hit hit, String owner) {
        if (Hit.NOTE.equals(hit.kind())) {
            NoteHeader h = NoteHeader.parse(hit.header()).orElseThrow(
                    () -> new IllegalStateException("a note row holds a header that does not parse"));
            return switch (h.kind()) {
                case MOVED -> "moved " + date(hit.time()) + " from " + h.file();
                case DROPPED -> "dropped " + date(hit.time()) + " from " + h.file();
                default -> "note, " + minute(hit.time()) + ", session " + shortSession(hit.session());
            };
        }
        return "session " + shortSession(hit.session()) + ", " + minute(hit.time()) + ", " + who(hit, owner);
    }

    private static String who(Hit hit, String owner) {
        return switch (hit.role()) {
            case Hit.ASSISTANT -> "the assistant said";
            case Hit.CALL -> "the assistant called";
            default -> hit.speaker() == null || hit.speaker().equals(owner) ? "the owner said"
                    : Escape.cut(Escape.escapeLine(hit.speaker()), SPEAKER_CHARS_MAX) + " said";
        };
    }

    /** A session id cut to its first characters and an ellipsis. */
    static String shortSession(String session) {
        if (session == null) {
            return "unknown";
        }
        return session.length() <= SESSION_ID_CHARS_SHOWN ? session
                : session.substring(0, SESSION_ID_CHARS_SHOWN) + ELLIPSIS;
    }

    /** {@code 2026-09-20T14:02:11Z} as {@code 2026-09-20 14:02 UTC}. */
    static String minute(String time) {
        return time.substring(0, 10) + " " + time.substring(11, 16) + " UTC";
    }

    static String date(String time) {
        return time.substring(0, 10);
    }

    /**
     * The snippet as the model reads it, made inert ({@link #inert}), at most {@link #SNIPPET_CHARS_MAX}
     * characters once made inert: escapes and backslashes lengthen a text, so the window shrinks by
     * what they added until it fits. Each pass shrinks it in proportion, by one character at least,
     * and one character's escape is at most ten, so it ends within a few passes.
     */
    static String shown(String text, List<String> terms) {
        int max = SNIPPET_CHARS_MAX;
        while (true) {
            String shown = inert(snippet(text, terms, max));
            int chars = shown.codePointCount(0, shown.length());
            if (chars <= SNIPPET_CHARS_MAX) {
                return shown;
            }
            // In proportion to what the escapes added, and by one at least.
            max = Math.max(SNIPPET_CHARS_MIN, Math.min(max - 1, (int) ((long) max * SNIPPET_CHARS_MAX / chars)));
        }
    }

    /**
     * The text if it has at most {@link #SNIPPET_CHARS_MAX} characters; otherwise a window around
     * the first matched term, with an ellipsis on each side that was cut, that many in all.
     */
    public static String snippet(String text, List<String> terms) {
        return snippet(text, terms, SNIPPET_CHARS_MAX);
    }

    /** {@link #snippet(String, List)} of at most {@code max} characters (at least 3). */
    private static String snippet(String text, List<String> terms, int max) {
        int length = text.codePointCount(0, text.length());
        if (length <= max) {
            return text;
        }
        int match = firstMatch(text, terms.stream().map(HitText::fold).collect(Collectors.toSet()));
        // The lead is a quarter of the window at most, so a window shrunk for escapes keeps its match.
        int start = Math.max(0, match - Math.min(SNIPPET_LEAD_CHARS, max / 4));
        int room = max - (start > 0 ? 1 : 0) - 1;
        if (start + room >= length) {
            // The window reaches the end: only the start is cut, and the window takes the whole room.
            room = max - 1;
            start = length - room;
        }
        int from = text.offsetByCodePoints(0, start);
        int to = text.offsetByCodePoints(from, room);
        return (start > 0 ? ELLIPSIS : "") + text.substring(from, to) + (to < text.length() ? ELLIPSIS : "");
    }

    /**
     * A word as FTS5's unicode61 compares it, near enough to find the word it matched: lower-cased, and
     * with its accents taken off (remove_diacritics), so "cafe" finds "Café" as "launch" finds "LAUNCH".
     */
    static String fold(String word) {
        String lower = word.toLowerCase(Locale.ROOT);
        for (int i = 0; i < lower.length(); i++) {
            if (lower.charAt(i) >= 0x80) {
                StringBuilder out = new StringBuilder(lower.length());
                java.text.Normalizer.normalize(lower, java.text.Normalizer.Form.NFD).codePoints()
                        .filter(cp -> Character.getType(cp) != Character.NON_SPACING_MARK).forEach(out::appendCodePoint);
                return out.toString();
            }
        }
        return lower;
    }

    /** The code-point index of the first word of {@code text} whose {@link #fold} is one of {@code terms}; 0 if none. */
    static int firstMatch(String text, Set<String> terms) {
        int cpIndex = 0;
        int start = -1;
        int startCp = 0;
        for (int i = 0; i <= text.length(); ) {
            int cp = i < text.length() ? text.codePointAt(i) : ' ';
            boolean word = Character.isLetterOrDigit(cp);
            if (word && start < 0) {
                start = i;
                startCp = cpIndex;
            } else if (!word && start >= 0) {
                if (terms.contains(fold(text.substring(start, i)))) {
                    return startCp;
                }
                start = -1;
            }
            i += i < text.length() ? Character.charCount(cp) : 1;
            cpIndex++;
        }
        return 0;
    }
}
