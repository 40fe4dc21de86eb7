package dev.boxmaker.memoryd.check;

/**
 * Rule 0: a line that memory.md, user.md or notes.md would read as the end of one entry and the
 * start of another, so that a text could split itself into entries, or forge a note's header.
 */
final class SeparatorLines {

    private static final int SECTION_SIGN = '§';

    /**
     * The words of notes.md's headers ({@code § noted …}, {@code § moved …}, {@code § dropped …},
     * {@code § retracted …}). A line that starts with one is refused whether or not the rest
     * matches the header grammar: a near-miss today may parse tomorrow, and no honest text needs it.
     */
    private static final String[] HEADER_WORDS = {"noted", "moved", "dropped", "retracted"};

    private SeparatorLines() {
    }

    /**
     * Whether any line (split on newline, so a trailing carriage return is white space at the end of
     * the line) holds only {@code §}, or starts, after white space, with {@code §}, optional white
     * space and a header word in any case.
     */
    static boolean holdsOne(String text) {
        return Lines.first(text, SeparatorLines::readsAsSeparator) >= 0;
    }

    private static boolean readsAsSeparator(String text, int start, int end) {
        int at = Lines.skipWhiteSpace(text, start, end);
        if (at >= end || text.codePointAt(at) != SECTION_SIGN) {
            return false;
        }
        at = Lines.skipWhiteSpace(text, at + Character.charCount(SECTION_SIGN), end);
        return at == end || startsWithHeaderWord(text, at, end);
    }

    private static boolean startsWithHeaderWord(String text, int at, int end) {
        for (String word : HEADER_WORDS) {
            if (end - at >= word.length() && text.regionMatches(true, at, word, 0, word.length())) {
                return true;
            }
        }
        return false;
    }
}
