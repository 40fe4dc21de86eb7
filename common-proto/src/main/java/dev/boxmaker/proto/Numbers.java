package dev.boxmaker.proto;

/** Numbers as people read them in sentences: a comma every three digits (memoryd.md). */
public final class Numbers {
    private Numbers() {
    }

    /** {@code 2350} as {@code "2,350"}; locale-independent. */
    public static String grouped(long n) {
        // Not Math.abs: it has no positive form of Long.MIN_VALUE and returns it negative.
        String digits = n < 0 ? Long.toString(n).substring(1) : Long.toString(n);
        StringBuilder out = new StringBuilder(digits.length() + digits.length() / 3 + 1);
        if (n < 0) {
            out.append('-');
        }
        int head = digits.length() % 3;
        out.append(digits, 0, head);
        for (int i = head; i < digits.length(); i += 3) {
            if (out.length() > 0 && !(out.length() == 1 && n < 0)) {
                out.append(',');
            }
            out.append(digits, i, i + 3);
        }
        return out.toString();
    }
}
