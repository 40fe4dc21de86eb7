package dev.boxmaker.memoryd.files;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The entry format of memory.md and user.md (memoryd.md, "File format"): entries separated by a
 * line holding only {@code §}; the canonical text joins them with {@code \n§\n}.
 */
public final class Entries {
    /** A separator line: only {@code §}, with spaces around it and a {@code \r} allowed. */
    private static final Pattern SEPARATOR = Pattern.compile(" *§ *\r?");

    private static final String JOINER = "\n§\n";

    private static final String BYTE_ORDER_MARK = "\uFEFF";

    /** Carriage returns before a line end: one from Windows, more from an editor that doubled them. */
    private static final Pattern CR_LINE_END = Pattern.compile("\r+\n");

    private Entries() {
    }

    /** Whether {@code line} (without its {@code \n}) separates entries. */
    public static boolean isSeparator(String line) {
        return SEPARATOR.matcher(line).matches();
    }

    /** The entries of a file's text: split at separator lines, each trimmed, empty ones skipped. */
    public static List<String> parse(String text) {
        List<String> entries = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        // A file saved by an editor with Windows line ends reads as the same entries: a CR inside
        // an entry would otherwise fail the check (rule 1) and leave the entry out of the block.
        // Every CR before a line end goes, not only the last: an entry left holding "\r\n" would
        // read back, once written, as a different entry.
        for (String line : CR_LINE_END.matcher(text).replaceAll("\n").split("\n", -1)) {
            if (isSeparator(withoutByteOrderMark(line))) {
                addTrimmed(entries, current);
                current.setLength(0);
            } else {
                current.append(line).append('\n');
            }
        }
        addTrimmed(entries, current);
        return entries;
    }

    /**
     * The text without the byte order marks some editors (Notepad) put at the start of a UTF-8 file,
     * and that joining files puts at the start of a line: invisible, so an entry starting with one
     * would fail the check's rule 2 and be left out of the block, and no {@code old} the model could
     * write would name it. An entry never starts with one, so what memoryd writes reads back the same.
     */
    public static String withoutByteOrderMark(String text) {
        int from = 0;
        while (text.startsWith(BYTE_ORDER_MARK, from)) {
            from += BYTE_ORDER_MARK.length();
        }
        return text.substring(from);
    }

    private static void addTrimmed(List<String> entries, StringBuilder current) {
        String entry = normalise(current.toString());
        while (entry.startsWith(BYTE_ORDER_MARK)) {
            entry = normalise(withoutByteOrderMark(entry));
        }
        if (!entry.isEmpty()) {
            entries.add(entry);
        }
    }

    /** An entry as it is stored: trimmed of white space at both ends. */
    public static String normalise(String text) {
        return text.strip();
    }

    /** The text memoryd writes: entries joined by {@code \n§\n}, and a final newline if any. */
    public static String render(List<String> entries) {
        return entries.isEmpty() ? "" : String.join(JOINER, entries) + "\n";
    }

    /** The count every limit and sentence uses: code points of the canonical text, no final newline. */
    public static int chars(List<String> entries) {
        String joined = String.join(JOINER, entries);
        return joined.codePointCount(0, joined.length());
    }

    /** Code points of one text. */
    public static int chars(String text) {
        return text.codePointCount(0, text.length());
    }

    /**
     * Whether {@code text} can be stored as one entry and read back unchanged: not empty once
     * trimmed, and with no line that would split it.
     */
    public static boolean storable(String text) {
        String entry = normalise(text);
        return !entry.isEmpty() && parse(entry).equals(List.of(entry));
    }

    /** The first entry that appears a second time, if any. */
    public static Optional<String> firstTwice(List<String> entries) {
        HashSet<String> seen = new HashSet<>();
        for (String entry : entries) {
            if (!seen.add(entry)) {
                return Optional.of(entry);
            }
        }
        return Optional.empty();
    }

    /** The invariants of a file's entries, checked before writing: see {@link #checkedText}. */
    public static void checkInvariants(IdentityFile file, List<String> entries) {
        checkedText(file, entries);
    }

    /**
     * The text to write for {@code entries}, once they are checked: within the limit, no entry twice,
     * none empty or untrimmed, and the text parses back to exactly these entries.
     */
    public static String checkedText(IdentityFile file, List<String> entries) {
        Invariants.check(chars(entries) <= file.charsMax(), file.fileName() + " is over its limit");
        Invariants.check(new HashSet<>(entries).size() == entries.size(), file.fileName() + " holds an entry twice");
        for (String entry : entries) {
            Invariants.check(!entry.isEmpty() && entry.equals(normalise(entry)),
                    file.fileName() + " holds an empty or untrimmed entry");
        }
        String text = render(entries);
        Invariants.check(parse(text).equals(entries), file.fileName() + " does not read back as written");
        return text;
    }
}
