package dev.boxmaker.memoryd.sentences;

import dev.boxmaker.proto.text.Escape;
import java.util.Locale;

/**
 * The check's refusals (memoryd.md, "The check")
 */
public final class CheckSentences {
    private CheckSentences() {
    }

    // The check (memoryd.md, "The check")

    /** Rule 0: a line holding only {@code §}, or a line that reads as a notes.md header. */
    public static final String REFUSED_ENTRY_SEPARATOR =
            "refused: the text holds a line that reads as an entry separator";

    /** Rule 0, a line imitating the memory block's headings, quoted (cut as rule 3's markup is). */
    public static String refusedBlockHeading(String line) {
        return "refused: the text holds a line that reads as a heading of the memory block ("
                + Escape.cut(line.strip(), MARKUP_QUOTE_CHARS_MAX) + ")";
    }

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

    /**
     * Rule 3, quoting the markup as it appears in the text, a line break in it written {@code \n}
     * (or {@code \r}) so that the sentence stays one line.
     */
    public static String refusedChatTemplateMarkup(String matched) {
        return "refused: the text holds chat-template markup ("
                + Escape.cut(matched.replace("\r", "\\r").replace("\n", "\\n"), MARKUP_QUOTE_CHARS_MAX) + ")";
    }

    /** Rule 4, quoting the phrase as memoryd.md lists it. */
    public static String refusedInstruction(String phrase) {
        return "refused: the text holds an instruction to the model (" + phrase + ")";
    }

    /** {@code U+} and at least four upper-case hex digits: U+0007, U+200B, U+E0041. */
    private static String codePointName(int codePoint) {
        return String.format(Locale.ROOT, "U+%04X", codePoint);
    }
}
