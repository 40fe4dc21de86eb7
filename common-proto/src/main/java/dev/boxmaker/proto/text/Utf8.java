package dev.boxmaker.proto.text;

/**
 * Well-formed UTF-8 (Unicode, table 3-7), checked in place: what the JDK's decoder accepts when told to
 * report malformed input, without making the text. No overlong form, no encoded surrogate, nothing
 * past U+10FFFF.
 */
public final class Utf8 {
    private Utf8() {
    }

    /** Whether {@code bytes[from, to)} is well-formed UTF-8. */
    public static boolean wellFormed(byte[] bytes, int from, int to) {
        int i = from;
        while (i < to) {
            int b = bytes[i] & 0xFF;
            if (b < 0x80) {
                i++;
                continue;
            }
            int need;
            int lo = 0x80;
            int hi = 0xBF;
            if (b >= 0xC2 && b <= 0xDF) {
                need = 1;
            } else if (b >= 0xE0 && b <= 0xEF) {
                need = 2;
                lo = b == 0xE0 ? 0xA0 : 0x80;
                hi = b == 0xED ? 0x9F : 0xBF;
            } else if (b >= 0xF0 && b <= 0xF4) {
                need = 3;
                lo = b == 0xF0 ? 0x90 : 0x80;
                hi = b == 0xF4 ? 0x8F : 0xBF;
            } else {
                return false;
            }
            if (i + need >= to) {
                return false;
            }
            int second = bytes[i + 1] & 0xFF;
            if (second < lo || second > hi) {
                return false;
            }
            for (int k = 2; k <= need; k++) {
                int next = bytes[i + k] & 0xFF;
                if (next < 0x80 || next > 0xBF) {
                    return false;
                }
            }
            i += need + 1;
        }
        return true;
    }

    /**
     * The first code point of well-formed {@code bytes[from, to)} that is not whitespace
     * ({@link Character#isWhitespace(int)}, as {@link String#stripLeading} reads it), or -1 when there
     * is none.
     */
    public static int firstNonWhitespace(byte[] bytes, int from, int to) {
        int i = from;
        while (i < to) {
            int b = bytes[i] & 0xFF;
            int cp;
            int size;
            if (b < 0x80) {
                cp = b;
                size = 1;
            } else if (b < 0xE0) {
                cp = (b & 0x1F) << 6 | (bytes[i + 1] & 0x3F);
                size = 2;
            } else if (b < 0xF0) {
                cp = (b & 0x0F) << 12 | (bytes[i + 1] & 0x3F) << 6 | (bytes[i + 2] & 0x3F);
                size = 3;
            } else {
                cp = (b & 0x07) << 18 | (bytes[i + 1] & 0x3F) << 12 | (bytes[i + 2] & 0x3F) << 6 | (bytes[i + 3] & 0x3F);
                size = 4;
            }
            if (!Character.isWhitespace(cp)) {
                return cp;
            }
            i += size;
        }
        return -1;
    }
}
