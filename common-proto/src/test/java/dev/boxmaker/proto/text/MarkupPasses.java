package dev.boxmaker.proto.text;

import java.util.function.IntUnaryOperator;

/**
 * The reference for {@link Markup#inert}: its first version, one pass from the start with
 * {@link Markup#end}, repeated until a pass changes nothing. Quadratic on a chain of tags, so
 * only for tests' short texts.
 */
final class MarkupPasses {
    private MarkupPasses() {
    }

    static String settled(String text) {
        String before = text;
        for (int passes = 0; passes <= text.length() + 1; passes++) {
            String after = pass(before);
            if (after.equals(before)) {
                return after;
            }
            before = after;
        }
        throw new AssertionError("passes did not settle");
    }

    private static String pass(String text) {
        IntUnaryOperator angles = Markup.nextAngleIn(text);
        StringBuilder out = new StringBuilder(text.length() + 16);
        int i = 0;
        while (i < text.length()) {
            int end = Markup.end(text, i, angles);
            if (end < 0) {
                out.append(text.charAt(i++));
                continue;
            }
            String found = text.substring(i, end);
            if (found.equals("<|") || found.equals("<\uFF5C")) {
                out.append('<').append('\\').append(found.charAt(1));
            } else if (found.equals("|>") || found.equals("\uFF5C>")) {
                boolean escaped = i > 0 && text.charAt(i - 1) == '\\';
                out.append(escaped ? found : "\\" + found);
            } else {
                String tag = found.replace('<', '\u2039');
                for (String bar : new String[] {"|>", "\uFF5C>"}) {
                    if (tag.endsWith(bar) && !tag.endsWith("\\" + bar)) {
                        tag = tag.substring(0, tag.length() - 2) + "\\" + bar;
                    }
                }
                out.append(tag);
            }
            i = end;
        }
        return out.toString();
    }
}
