package dev.boxmaker.memoryd.check;

import dev.boxmaker.proto.text.Markup;

/** White space as the check reads it, shared by rules 0, 3 and 4: rule 3's own ({@link Markup#whiteSpace}). */
final class WhiteSpace {

    private WhiteSpace() {
    }

    /**
     * Java's white space (tab, newline, carriage return, the ASCII separators and Unicode spaces)
     * and every space separator, the no-break spaces included. The wider reading refuses more: a
     * line of {@code §} padded with U+3000 still reads as a separator to a lenient reader.
     */
    static boolean is(int codePoint) {
        return Markup.whiteSpace(codePoint);
    }
}
