package dev.boxmaker.proto.text;

import java.util.function.IntUnaryOperator;

/**
 * Chat-template markup (memoryd.md, rule 3): the one rule that memoryd's check refuses by and that
 * {@link Sanitize#neutralise} makes inert by, so what one refuses the other defuses.
 *
 * <p>Markup is {@code <|} or {@code |>}, also with DeepSeek's full-width bar U+FF5C
 * ({@code <｜User｜>}); {@code <s>}, {@code </s>}, {@code [INST]}, {@code [/INST]}, {@code <<SYS>>},
 * {@code <</SYS>>} as written, in any case; and a tag:
 * <ul>
 *   <li>{@code <} or {@code </}, at once followed by a listed name in any case, then {@code >},
 *       {@code />}, or white space and anything up to {@code >} (attributes, {@code <tool_call
 *       name="x">}, or a spaced self-closing {@code <think />});</li>
 *   <li>white space between {@code <} and the name ({@code < system>}) is not a tag, as in HTML;
 *       no template writes it, and reading it as one would refuse comparisons such as {@code a < user
 *       count and b > c};</li>
 *   <li>white space of any kind ({@link #whiteSpace}), newlines included, is white space inside a tag:
 *       {@code <system\n>}, {@code </system\n>}, {@code <tool_call\nname="x">} and {@code <think/ >}
 *       are tags, as tokenizers read them. The attributes hold no {@code <}: a {@code <} before the
 *       {@code >} ends the try, which also keeps a scan linear.</li>
 * </ul>
 * Case is ignored as {@link String#regionMatches(boolean, int, String, int, int)} ignores it, which
 * also folds look-alikes such as the Kelvin sign and the long s onto their ASCII letters; reading
 * those as markup too is the safe side.
 */
public final class Markup {
    /** Markup matched as written, in any case, wherever it appears. */
    private static final String[] FIXED = {"<s>", "</s>", "[INST]", "[/INST]", "<<SYS>>", "<</SYS>>"};

    /** Tag names that templates use for roles, turns, tool calls and reasoning. */
    private static final String[] TAG_NAMES = {
        "system", "user", "assistant", "developer", "tool", "tool_call", "tool_response",
        "function_call", "think", "im_start", "im_end", "start_of_turn", "end_of_turn", "bos", "eos",
    };

    private Markup() {
    }

    /** The first markup in {@code text}, exactly as it appears there, or null. */
    public static String first(String text) {
        IntUnaryOperator angles = nextAngleIn(text);
        for (int i = 0; i < text.length(); i++) {
            int end = end(text, i, angles);
            if (end > 0) {
                return text.substring(i, end);
            }
        }
        return null;
    }

    /**
     * The text with every marker's power taken away and nothing else changed: {@code <|} becomes
     * {@code <\|}, {@code |>} becomes {@code \|>} (and so with the full-width bar), and the {@code <}
     * of a tag, of {@code <s>} and of {@code <<SYS>>} becomes {@code ‹} (sanitize.md), so
     * {@link #first} finds no live marker in it: none that starts with {@code <}, and no {@code |>}
     * or {@code ｜>} without a {@code \} before it. {@code [INST]} has no angle to change and stays.
     * Applying it twice changes nothing more.
     */
    public static String inert(String text) {
        return InertScan.run(text);
    }

    /**
     * White space as rule 3 (and memoryd's check) reads it: Java's white space and every space
     * separator, the no-break spaces included.
     */
    public static boolean whiteSpace(int codePoint) {
        return Character.isWhitespace(codePoint) || Character.isSpaceChar(codePoint);
    }

    /** {@code |}, or the full-width bar U+FF5C that DeepSeek's templates write ({@code <｜User｜>}). */
    static boolean bar(char c) {
        return c == '|' || c == '\uFF5C';
    }

    /**
     * Where markup starting at {@code start} ends (exclusive), or -1 if none starts there.
     * {@code nextAngle} gives the index of the first {@code <} or {@code >} at or after an index, or -1.
     */
    static int end(CharSequence text, int start, IntUnaryOperator nextAngle) {
        char c = text.charAt(start);
        if (bar(c)) {
            return startsWith(text, start + 1, '>') ? start + 2 : -1;
        }
        if (c != '<' && c != '[') {
            return -1;
        }
        if (c == '<' && start + 1 < text.length() && bar(text.charAt(start + 1))) {
            return start + 2;
        }
        for (String fixed : FIXED) {
            if (matchesFolded(text, start, fixed)) {
                return start + fixed.length();
            }
        }
        return c == '<' ? tagEnd(text, start, nextAngle) : -1;
    }

    /** A {@code nextAngle} for {@link #end} that scans {@code text}. */
    static IntUnaryOperator nextAngleIn(CharSequence text) {
        return from -> {
            for (int i = from; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '<' || c == '>') {
                    return i;
                }
            }
            return -1;
        };
    }

    private static int tagEnd(CharSequence text, int start, IntUnaryOperator nextAngle) {
        int nameStart = startsWith(text, start + 1, '/') ? start + 2 : start + 1;
        for (String name : TAG_NAMES) {
            if (matchesFolded(text, nameStart, name)) {
                // Another name may share this prefix (tool, tool_call), so a miss tries the rest.
                int end = closingEnd(text, nameStart + name.length(), nextAngle);
                if (end > 0) {
                    return end;
                }
            }
        }
        return -1;
    }

    /** After a tag's name: where its {@code >} ends the tag, or -1 if the name goes on or never closes. */
    private static int closingEnd(CharSequence text, int afterName, IntUnaryOperator nextAngle) {
        int at = skipWhiteSpace(text, afterName);
        if (at >= text.length()) {
            return -1;
        }
        char c = text.charAt(at);
        if (c == '>') {
            return at + 1;
        }
        if (c == '/') {
            int close = skipWhiteSpace(text, at + 1);
            return startsWith(text, close, '>') ? close + 1 : -1;
        }
        if (at == afterName) {
            return -1;
        }
        int angle = nextAngle.applyAsInt(at);
        return angle >= 0 && text.charAt(angle) == '>' ? angle + 1 : -1;
    }

    private static int skipWhiteSpace(CharSequence text, int at) {
        while (at < text.length()) {
            int codePoint = Character.codePointAt(text, at);
            if (!whiteSpace(codePoint)) {
                break;
            }
            at += Character.charCount(codePoint);
        }
        return at;
    }

    /** {@code text} at {@code at} reads {@code word}, ignoring case as {@code String.regionMatches} does. */
    private static boolean matchesFolded(CharSequence text, int at, String word) {
        if (at + word.length() > text.length()) {
            return false;
        }
        for (int k = 0; k < word.length(); k++) {
            char a = text.charAt(at + k);
            char b = word.charAt(k);
            if (a == b) {
                continue;
            }
            char upperA = Character.toUpperCase(a);
            char upperB = Character.toUpperCase(b);
            if (upperA != upperB && Character.toLowerCase(upperA) != Character.toLowerCase(upperB)) {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWith(CharSequence text, int at, char c) {
        return at < text.length() && text.charAt(at) == c;
    }
}
