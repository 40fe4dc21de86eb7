package dev.boxmaker.proto.text;

import java.util.Locale;

/**
 * {@link Markup#inert}'s one pass, from the end of the text to its start.
 *
 * <p>Whether a tag starts at a {@code <} depends on what follows it up to the next {@code <},
 * {@code >} or line end, and making a later marker inert changes that: in {@code <system <s>} the
 * {@code <s>} becomes {@code ‹s>}, and then {@code <system ‹s>} is a whole tag. A pass from the
 * start would leave that tag live, and a second pass would change it. Deciding each character after
 * everything behind it is final leaves no live marker anywhere, so a second pass changes nothing,
 * and it costs one look at each character plus a short look past each {@code <}.
 *
 * <p>The output is written backwards into a buffer, with the position of the next {@code <},
 * {@code >} or line end kept for each written character, so a tag's attributes are never scanned
 * twice. Every test mirrors a branch of {@link Markup#PATTERN}: its {@code \s} is
 * {@code [ \t\n\x0B\f\r]} and its case folding is ASCII only.
 */
final class InertScan {
    private static final char ANGLE = '\u2039';
    private static final char FULL_WIDTH_BAR = '\uFF5C';
    private static final int LONGEST_NAME = Markup.TAG_NAMES.stream().mapToInt(String::length).max().orElseThrow();

    private final String text;
    private final char[] out;
    /** For each written position, the position of the next '<', '>' or '\n' at or after it, or -1. */
    private final int[] stop;
    private int pos;

    private InertScan(String text) {
        this.text = text;
        this.out = new char[text.length() * 2];
        this.stop = new int[out.length];
        this.pos = out.length;
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
        if (bar(c) && at(pos) == '>' && (i == 0 || text.charAt(i - 1) != '\\')) {
            put(c);
            put('\\');
        } else if (c == '<' && bar(at(pos))) {
            put('\\');
            put('<');
        } else if (c == '<' && sys(pos)) {
            out[pos] = ANGLE;
            stop[pos] = stop[pos + 1];
            put(ANGLE);
        } else if (c == '<' && (s(pos) || tag(pos))) {
            put(ANGLE);
        } else {
            put(c);
        }
    }

    /** {@code |}, or DeepSeek's full-width bar, which its templates write markers with. */
    private static boolean bar(char c) {
        return c == '|' || c == FULL_WIDTH_BAR;
    }

    private void put(char c) {
        pos--;
        out[pos] = c;
        boolean stops = c == '<' || c == '>' || c == '\n';
        stop[pos] = stops ? pos : pos + 1 < out.length ? stop[pos + 1] : -1;
    }

    /** The written character at {@code p}, or 0 past the end. */
    private char at(int p) {
        return p < out.length ? out[p] : 0;
    }

    private static boolean space(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }

    /** Past {@code \s* /? \s*} from {@code p}. */
    private int slash(int p) {
        p = spaces(p);
        return at(p) == '/' ? spaces(p + 1) : p;
    }

    private int spaces(int p) {
        while (space(at(p))) {
            p++;
        }
        return p;
    }

    private static boolean letter(char c, char lower) {
        return c == lower || c == Character.toUpperCase(lower);
    }

    /** What follows a {@code <} is {@code \s* /? \s* s \s* >}. */
    private boolean s(int p) {
        p = slash(p);
        return letter(at(p), 's') && at(spaces(p + 1)) == '>';
    }

    /** What follows a {@code <} is {@code <\s* /? \s* SYS \s* >>}. */
    private boolean sys(int p) {
        if (at(p) != '<') {
            return false;
        }
        int q = slash(p + 1);
        if (!(letter(at(q), 's') && letter(at(q + 1), 'y') && letter(at(q + 2), 's'))) {
            return false;
        }
        q = spaces(q + 3);
        return at(q) == '>' && at(q + 1) == '>';
    }

    /**
     * What follows a {@code <} is {@code \s* /? \s*}, a listed name followed by white space,
     * {@code /} or {@code >}, and attributes without {@code <}, {@code >} or a line end, then {@code >}.
     */
    private boolean tag(int p) {
        int start = slash(p);
        int end = start;
        while (end - start <= LONGEST_NAME && nameChar(at(end))) {
            end++;
        }
        char after = at(end);
        if (end == start || end - start > LONGEST_NAME || !(space(after) || after == '/' || after == '>')) {
            return false;
        }
        if (!Markup.TAG_NAMES.contains(new String(out, start, end - start).toLowerCase(Locale.ROOT))) {
            return false;
        }
        int next = stop[end];
        return next >= 0 && out[next] == '>';
    }

    private static boolean nameChar(char c) {
        return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
}
