package dev.boxmaker.memoryd.check;

/**
 * Rule 2: code points that show nothing, or change the direction of the text around them, so that
 * what the owner reads in a file is not what the model reads.
 *
 * <p>The table is every {@code Default_Ignorable_Code_Point} of Unicode 16.0 and U+034F, U+115F,
 * U+3164, U+2800, U+2028 and U+2029 (the first three are in the property already). It is fixed here,
 * not read from the JDK, whose Unicode version moves with the JDK and which has no such property.
 * {@code UnicodeTableGenerator} (test scope) wrote it from ICU4J 76.1; {@code UnicodeTableTest}
 * compares it with ICU4J at every code point, so it cannot drift unnoticed.
 */
final class InvisibleCharacters {

    /**
     * Sorted, disjoint, inclusive ranges as pairs: first, last, first, last, and so on; each with
     * the names of its ends. Regenerate rather than edit by hand.
     */
    private static final int[] RANGES = {
        // Unicode 16.0.0.0, from ICU4J
        0x00AD, 0x00AD, // soft hyphen
        0x034F, 0x034F, // combining grapheme joiner
        0x061C, 0x061C, // arabic letter mark
        0x115F, 0x1160, // hangul choseong filler to hangul jungseong filler
        0x17B4, 0x17B5, // khmer vowel inherent aq to khmer vowel inherent aa
        0x180B, 0x180F, // mongolian free variation selector one to mongolian free variation selector four
        0x200B, 0x200F, // zero width space to right-to-left mark
        0x2028, 0x202E, // line separator to right-to-left override
        0x2060, 0x206F, // word joiner to nominal digit shapes
        0x2800, 0x2800, // braille pattern blank
        0x3164, 0x3164, // hangul filler
        0xFE00, 0xFE0F, // variation selector-1 to variation selector-16
        0xFEFF, 0xFEFF, // zero width no-break space
        0xFFA0, 0xFFA0, // halfwidth hangul filler
        0xFFF0, 0xFFF8, // <unassigned-fff0> to <unassigned-fff8>
        0x1BCA0, 0x1BCA3, // shorthand format letter overlap to shorthand format up step
        0x1D173, 0x1D17A, // musical symbol begin beam to musical symbol end phrase
        0xE0000, 0xE0FFF, // <unassigned-e0000> to <unassigned-e0fff>
    };

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

    /** Whether the code point is in the table: a binary search over the ranges. */
    static boolean contains(int codePoint) {
        int low = 0;
        int high = RANGES.length / 2 - 1;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            if (codePoint < RANGES[2 * middle]) {
                high = middle - 1;
            } else if (codePoint > RANGES[2 * middle + 1]) {
                low = middle + 1;
            } else {
                return true;
            }
        }
        return false;
    }
}
