package dev.boxmaker.memoryd.index;

import java.util.ArrayList;
import java.util.List;

/**
 * FTS5's {@code unicode61} tokens, for the texts where they can be worked out here exactly.
 *
 * <p>On ASCII, {@code unicode61} keeps runs of letters and digits and folds them to lower case;
 * every other ASCII character separates. A non-ASCII character in the categories it never treats
 * as part of a token (spaces, punctuation and symbols: emoji, curly quotes, the ellipsis) only
 * separates too. A text holding nothing else is <em>plain</em>: its tokens are split here. Any other
 * text (accented letters, which FTS5 folds; combining marks; other scripts) is split by FTS5 itself
 * through a scratch table ({@link ScratchTokenizer}), so the counts never depend on a copy of
 * SQLite's Unicode tables. {@code TokensTest} checks the separators against SQLite's own.
 */
public final class Tokens {
    private Tokens() {
    }

    /** Whether {@link #split} gives exactly FTS5's tokens for {@code text}. */
    public static boolean plain(String text) {
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (cp >= 0x80 && !separatorOutsideAscii(cp)) {
                return false;
            }
            i += Character.charCount(cp);
        }
        return true;
    }

    /** The non-ASCII categories that unicode61 reads as separators: Z*, P*, S*. */
    static boolean separatorOutsideAscii(int cp) {
        return switch (Character.getType(cp)) {
            case Character.SPACE_SEPARATOR, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                    Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
                    Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION,
                    Character.FINAL_QUOTE_PUNCTUATION, Character.OTHER_PUNCTUATION, Character.MATH_SYMBOL,
                    Character.CURRENCY_SYMBOL, Character.MODIFIER_SYMBOL, Character.OTHER_SYMBOL -> true;
            default -> false;
        };
    }

    /** Whether {@code term} is one ASCII token as FTS5 would store it: lower-case letters and digits. */
    public static boolean asciiToken(String term) {
        if (term.isEmpty()) {
            return false;
        }
        for (int i = 0; i < term.length(); i++) {
            char c = term.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) {
                return false;
            }
        }
        return true;
    }

    /** The tokens of a plain text, in order: runs of ASCII letters and digits, lower-cased. */
    public static List<String> split(String text) {
        List<String> tokens = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ' ';
            boolean word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
            if (word && start < 0) {
                start = i;
            } else if (!word && start >= 0) {
                tokens.add(lower(text, start, i));
                start = -1;
            }
        }
        return tokens;
    }

    private static String lower(String text, int from, int to) {
        char[] out = new char[to - from];
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            out[i - from] = (c >= 'A' && c <= 'Z') ? (char) (c + ('a' - 'A')) : c;
        }
        return new String(out);
    }
}
