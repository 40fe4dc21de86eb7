package dev.boxmaker.memoryd;

import dev.boxmaker.proto.Numbers;
import dev.boxmaker.proto.text.Escape;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Every sentence memoryd lets the model or the owner read, in one place (conventions.md); a test
 * pins each one's exact text.
 */
public final class Sentences {
    private Sentences() {
    }

    // Start-up and the memory block (the M5a spec, sections 3 and 4).

    public static String overLimit(Path file, long chars, long max) {
        return file + " is " + Numbers.grouped(chars) + " of " + Numbers.grouped(max)
                + " characters, over its limit; shorten it with an editor";
    }

    public static String unreadable(Path file, String why) {
        return file + " cannot be read (" + why + "); fix or restore it";
    }

    public static String soulStarterMissing(Path starter) {
        return "the soul.md starter " + starter + " does not exist; fix [memory] soul_starter or create the file";
    }

    public static String startFailed(String why) {
        return "memoryd could not start: " + why + " (runbook memoryd-start-failed)";
    }

    public static final String USAGE = "usage: memoryd serve [--config FILE]";

    // memory_admin (bxctl memory ...).

    public static String unknownAdminCommand(String command) {
        return "unknown memory command \"" + dev.boxmaker.proto.Sentences.quote(command)
                + "\"; the commands are log, undo, pending, accept, reject, show";
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
                + Escape.cut(matched, MARKUP_QUOTE_CHARS_MAX) + ")";
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
