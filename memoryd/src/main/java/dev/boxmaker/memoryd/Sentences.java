package dev.boxmaker.memoryd;

import java.util.Locale;

/**
 * Every sentence memoryd says to the model or the owner, in one place, so that each can be pinned
 * by a test and read apart from the logic that chooses it. Sections follow memoryd.md.
 */
public final class Sentences {

    private Sentences() {
    }

    // The check (memoryd.md, "The check")

    /** Rule 0: a line holding only {@code §}, or a line that reads as a notes.md header. */
    public static final String REFUSED_ENTRY_SEPARATOR =
            "refused: the text holds a line that reads as an entry separator";

    /**
     * Rule 3 names the matched markup; a tag with long attributes is cut to this many characters
     * (code points) and an ellipsis, as memoryd.md cuts every quoted text, so that a refusal stays
     * short whatever the text held.
     */
    public static final int MARKUP_QUOTE_CHARS_MAX = 80;

    /** Rule 1, naming the code point as {@code U+0007}. */
    public static String refusedControlCharacter(int codePoint) {
        return "refused: the text holds a control character (" + codePointName(codePoint) + ")";
    }

    /** Rule 2, naming the code point as {@code U+200B}. */
    public static String refusedInvisibleCharacter(int codePoint) {
        return "refused: the text holds an invisible or direction-changing character ("
                + codePointName(codePoint) + ")";
    }

    /** Rule 3, quoting the markup as it appears in the text. */
    public static String refusedChatTemplateMarkup(String matched) {
        return "refused: the text holds chat-template markup ("
                + cut(matched, MARKUP_QUOTE_CHARS_MAX) + ")";
    }

    /** Rule 4, quoting the phrase as memoryd.md lists it. */
    public static String refusedInstruction(String phrase) {
        return "refused: the text holds an instruction to the model (" + phrase + ")";
    }

    /** {@code U+} and at least four upper-case hex digits: U+0007, U+200B, U+E0041. */
    private static String codePointName(int codePoint) {
        return String.format(Locale.ROOT, "U+%04X", codePoint);
    }

    private static String cut(String text, int charsMax) {
        if (text.codePointCount(0, text.length()) <= charsMax) {
            return text;
        }
        return text.substring(0, text.offsetByCodePoints(0, charsMax)) + "…";
    }
}
