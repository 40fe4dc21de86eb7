package dev.boxmaker.proto.text;

/**
 * Text made safe to show the owner: control and invisible characters, and surrogates without their
 * pair, written as <code>&#92;u{200B}</code>,
 * and chat-template markup made inert, so a memory cannot draw on a terminal or pose as a role
 * (bxctl.md). Newlines and tabs stay, since entries span lines.
 */
public final class Escape {
    private Escape() {
    }

    /**
     * {@code text} with every control and invisible character written as a visible escape, and
     * markup made inert.
     */
    public static String escape(String text) {
        return Markup.inert(shown(text));
    }

    /**
     * One line of text for a one-line display: also newlines and tabs escaped. Markup is made inert
     * after that, since {@code <system x\n>} written on one line is a whole tag.
     */
    public static String escapeLine(String text) {
        return Markup.inert(shown(text).replace("\n", "\\n").replace("\t", "\\t"));
    }

    private static String shown(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            int next = i + Character.charCount(cp);
            boolean hidden = cp != '\n' && cp != '\t' && (Invisible.isControl(cp) || Invisible.contains(cp) || lone(cp));
            if (hidden && out == null) {
                out = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (hidden) {
                out.append("\\u{").append(String.format("%04X", cp)).append('}');
            } else if (out != null) {
                out.appendCodePoint(cp);
            }
            i = next;
        }
        return out == null ? text : out.toString();
    }

    /**
     * A surrogate without its pair (JSON's {@code \ud800} alone is valid JSON): it is no character, has
     * no UTF-8 form, and would reach the owner as {@code ?} or not at all, so it is shown as an escape.
     */
    private static boolean lone(int cp) {
        return cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE;
    }

    /** {@code text} cut to at most {@code max} code points, with {@code …} at the end when cut. */
    public static String cut(String text, int max) {
        if (text.codePointCount(0, text.length()) <= max) {
            return text;
        }
        int end = text.offsetByCodePoints(0, max - 1);
        return text.substring(0, end) + "…";
    }
}
