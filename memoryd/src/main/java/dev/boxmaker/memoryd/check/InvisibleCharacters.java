package dev.boxmaker.memoryd.check;

import dev.boxmaker.proto.text.Invisible;

/**
 * Rule 2: code points that show nothing, or change the direction of the text around them, so that
 * what the owner reads in a file is not what the model reads. The table is common-proto's
 * {@link Invisible} (the same one {@code escape} uses to show such characters to the owner);
 * {@code UnicodeTableTest} compares it with ICU4J 76 at every code point.
 */
final class InvisibleCharacters {
    private InvisibleCharacters() {
    }

    /** The first code point of the text that is in the table, or -1. */
    static int first(String text) {
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            if (contains(codePoint)) {
                return codePoint;
            }
            i += Character.charCount(codePoint);
        }
        return -1;
    }

    /** Whether the code point is in the table. */
    static boolean contains(int codePoint) {
        return Invisible.contains(codePoint);
    }
}
