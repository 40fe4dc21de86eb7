package dev.boxmaker.proto.text;

import java.util.function.IntUnaryOperator;

/**
 * {@link Markup#inert}'s one pass, from the end of the text to its start.
 *
 * <p>Whether a tag starts at a {@code <} depends on what follows it up to the next {@code <} or
 * {@code >}, and making a later marker inert changes that: in {@code <system <s>} the {@code <s>}
 * becomes {@code ‹s>}, and then {@code <system ‹s>} is a whole tag. A pass from the start would leave
 * that tag live, and a second pass would change it. Deciding each character after everything behind
 * it is final leaves no live marker anywhere, so a second pass changes nothing, and it costs one look
 * at each character plus a short look past each {@code <}.
 *
 * <p>The output is written backwards into a buffer, with the position of the next {@code <} or
 * {@code >} kept for each written character, so a tag's attributes are never scanned twice. Whether
 * markup starts at a {@code <} is {@link Markup#end}, the rule the check refuses by, read on the
 * written buffer.
 */
final class InertScan {
    private static final char ANGLE = '\u2039';
    private static final char FULL_WIDTH_BAR = '\uFF5C';

    private final String text;
    private final char[] out;
    /** For each written position, the position of the next '<' or '>' at or after it, or -1. */
    private final int[] stop;
    private final CharSequence written;
    private final IntUnaryOperator nextAngle;
    private int pos;

    private InertScan(String text) {
        this.text = text;
        this.out = new char[text.length() * 2];
        this.stop = new int[out.length];
        this.pos = out.length;
        this.written = new Written();
        this.nextAngle = p -> stop[p];
    }

    static String run(String text) {
        if (text.indexOf('<') < 0 && text.indexOf('|') < 0 && text.indexOf(FULL_WIDTH_BAR) < 0) {
            return text;
        }
        InertScan scan = new InertScan(text);
        for (int i = text.length() - 1; i >= 0; i--) {
            scan.take(i);
        }
        String result = new String(scan.out, scan.pos, scan.out.length - scan.pos);
        return result.equals(text) ? text : result;
    }

    private void take(int i) {
        char c = text.charAt(i);
        if (Markup.bar(c) && at(pos) == '>' && (i == 0 || text.charAt(i - 1) != '\\')) {
            put(c);
            put('\\');
        } else if (c == '<' && Markup.bar(at(pos))) {
            put('\\');
            put('<');
        } else if (c == '<') {
            put('<');
            if (Markup.end(written, pos, nextAngle) > 0) {
                if (at(pos + 1) == '<') {
                    // <<SYS>> and <</SYS>>: both angles, as the owner has always seen them.
                    angle(pos + 1);
                }
                angle(pos);
            }
        } else {
            put(c);
        }
    }

    private void put(char c) {
        pos--;
        out[pos] = c;
        stop[pos] = c == '<' || c == '>' ? pos : after(pos);
    }

    /** The {@code <} written at {@code p} made {@code ‹}. */
    private void angle(int p) {
        out[p] = ANGLE;
        stop[p] = after(p);
    }

    private int after(int p) {
        return p + 1 < out.length ? stop[p + 1] : -1;
    }

    /** The written character at {@code p}, or 0 past the end. */
    private char at(int p) {
        return p < out.length ? out[p] : 0;
    }

    /** The buffer as the rule reads it: indices are the buffer's, and only those written are read. */
    private final class Written implements CharSequence {
        @Override
        public int length() {
            return out.length;
        }

        @Override
        public char charAt(int index) {
            return out[index];
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new String(out, start, end - start);
        }

        @Override
        public String toString() {
            return new String(out, pos, out.length - pos);
        }
    }
}
