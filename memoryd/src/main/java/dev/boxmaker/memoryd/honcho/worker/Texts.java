package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.proto.text.Sanitize;
import java.util.ArrayList;
import java.util.List;

/** What leaves for Honcho: neutralised, then cut in order into messages of Honcho's largest size. */
final class Texts {
    /** Honcho's largest message content (honcho.md). */
    static final int MESSAGE_CHARS_MAX = 25_000;

    private Texts() {
    }

    /** {@code text} neutralised and split in order into parts of at most {@link #MESSAGE_CHARS_MAX}. */
    static List<String> parts(String text) {
        return split(Sanitize.neutralise(text), MESSAGE_CHARS_MAX);
    }

    /**
     * {@code text} cut in order into parts of at most {@code max} (at least 2) chars, never inside a
     * surrogate pair, nor between the {@code \} and the {@code |>} of a defused marker: a part starting
     * {@code |>} would hold a live marker, so each part of a neutralised text is neutral itself.
     */
    static List<String> split(String text, int max) {
        List<String> parts = new ArrayList<>();
        int from = 0;
        do {
            int to = Math.min(text.length(), from + max);
            if (to < text.length() && Character.isHighSurrogate(text.charAt(to - 1))) {
                to--;
            }
            if (to < text.length() && to - 1 > from && text.charAt(to - 1) == '\\' && barBeforeAngle(text, to)) {
                to--;
            }
            parts.add(text.substring(from, to));
            from = to;
        } while (from < text.length());
        return parts;
    }

    /** {@code |>} or {@code ｜>} (U+FF5C) at {@code at}. */
    private static boolean barBeforeAngle(String text, int at) {
        char c = text.charAt(at);
        return (c == '|' || c == '\uFF5C') && at + 1 < text.length() && text.charAt(at + 1) == '>';
    }
}
