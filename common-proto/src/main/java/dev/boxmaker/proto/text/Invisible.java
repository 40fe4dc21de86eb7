package dev.boxmaker.proto.text;

import java.util.Arrays;

/**
 * Code points that render as nothing or change text direction: Unicode 16's
 * {@code Default_Ignorable_Code_Point}, plus U+034F, U+115F, U+3164, U+2800, U+2028 and U+2029,
 * which are invisible without being in that property (memoryd.md, rule 2). The table is fixed here
 * as ranges, generated once from ICU4J 76; memoryd's {@code UnicodeTableTest} walks every code point and
 * compares it with ICU4J so it cannot drift.
 */
public final class Invisible {
    /** Inclusive ranges, sorted, as pairs {first, last}. */
    private static final int[] RANGES = {
        0x00AD, 0x00AD, 0x034F, 0x034F, 0x061C, 0x061C, 0x115F, 0x1160,
        0x17B4, 0x17B5, 0x180B, 0x180F, 0x200B, 0x200F, 0x2028, 0x202E,
        0x2060, 0x206F, 0x2800, 0x2800, 0x3164, 0x3164, 0xFE00, 0xFE0F,
        0xFEFF, 0xFEFF, 0xFFA0, 0xFFA0, 0xFFF0, 0xFFF8, 0x1BCA0, 0x1BCA3,
        0x1D173, 0x1D17A, 0xE0000, 0xE0FFF,
    };

    private static final int[] FIRSTS = new int[RANGES.length / 2];

    static {
        for (int i = 0; i < FIRSTS.length; i++) {
            FIRSTS[i] = RANGES[2 * i];
        }
    }

    private Invisible() {
    }

    /** Whether {@code cp} is invisible or direction-changing (rule 2). */
    public static boolean contains(int cp) {
        int i = Arrays.binarySearch(FIRSTS, cp);
        if (i >= 0) {
            return true;
        }
        int range = -i - 2;
        return range >= 0 && cp <= RANGES[2 * range + 1];
    }

    /** Whether {@code cp} is a control character other than newline and tab (rule 1). */
    public static boolean isControl(int cp) {
        return (cp <= 0x08) || (cp >= 0x0B && cp <= 0x1F) || (cp >= 0x7F && cp <= 0x9F);
    }

    /** A code point written as people and the rules' sentences read it: {@code U+200B}. */
    public static String codePointName(int cp) {
        return String.format("U+%04X", cp);
    }
}
