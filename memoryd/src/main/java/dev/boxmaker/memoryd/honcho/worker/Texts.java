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

    /** {@code text} cut in order into parts of at most {@code max} chars, never inside a surrogate pair. */
    static List<String> split(String text, int max) {
        List<String> parts = new ArrayList<>();
        int from = 0;
        do {
            int to = Math.min(text.length(), from + max);
            if (to < text.length() && Character.isHighSurrogate(text.charAt(to - 1))) {
                to--;
            }
            parts.add(text.substring(from, to));
            from = to;
        } while (from < text.length());
        return parts;
    }
}
