package dev.boxmaker.memoryd.check;

/**
 * Rule 0, second half: a line that reads as one of the memory block's own headings ({@code # soul.md},
 * {@code # memory.md (1,474 of 2,200 characters)}, {@code # user.md …}), so that an entry could end
 * its file's part of the block and start a forged one. A line is refused when, after white space, it
 * is one or more {@code #}, optional white space, and a file name of the block in any case, followed by
 * the end of the line or anything that is not part of a name ({@code # memory.md notes} too: no honest
 * entry needs it, and a near-miss of today's heading may be tomorrow's).
 */
final class BlockHeadings {
    /** The files the block shows, each under a heading of its own (BlockText). */
    private static final String[] FILE_NAMES = {"soul.md", "memory.md", "user.md"};

    private BlockHeadings() {
    }

    /** The first line of the text that reads as a heading of the block, or null. */
    static String first(String text) {
        int start = Lines.first(text, BlockHeadings::readsAsHeading);
        return start < 0 ? null : Lines.at(text, start);
    }

    private static boolean readsAsHeading(String text, int start, int end) {
        int at = Lines.skipWhiteSpace(text, start, end);
        if (at >= end || text.charAt(at) != '#') {
            return false;
        }
        while (at < end && text.charAt(at) == '#') {
            at++;
        }
        at = Lines.skipWhiteSpace(text, at, end);
        for (String name : FILE_NAMES) {
            int after = at + name.length();
            if (after <= end && text.regionMatches(true, at, name, 0, name.length())
                    && (after == end || !nameGoesOn(text.codePointAt(after)))) {
                return true;
            }
        }
        return false;
    }

    /** A letter, digit, {@code _}, {@code -} or {@code .} would make a longer name ({@code memory.md5}). */
    private static boolean nameGoesOn(int codePoint) {
        return Character.isLetterOrDigit(codePoint) || codePoint == '_' || codePoint == '-' || codePoint == '.';
    }
}
