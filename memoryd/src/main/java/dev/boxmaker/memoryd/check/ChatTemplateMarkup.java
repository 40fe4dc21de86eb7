package dev.boxmaker.memoryd.check;

/**
 * Rule 3: text that a chat template would read as the start or end of a turn, a role, a tool call
 * or hidden reasoning, so that a remembered entry could speak as someone else.
 *
 * <p>What counts as a tag, decided here because memoryd.md gives only examples:
 * <ul>
 *   <li>{@code <} or {@code </}, at once followed by a listed name in any case, then {@code >},
 *       {@code />}, or white space and anything up to {@code >} (attributes, {@code <tool_call
 *       name="x">}, or a spaced self-closing {@code <think />});</li>
 *   <li>white space between {@code <} and the name ({@code < system>}) is not a tag, as in HTML;
 *       no template writes it, and refusing it would refuse comparisons such as {@code a < user
 *       count and b > c};</li>
 *   <li>white space of any kind, newlines included, is white space inside a tag: {@code <system\n>},
 *       {@code </system\n>}, {@code <tool_call\nname="x">} and {@code <think/ >} are tags, as
 *       tokenizers read them. The attributes hold no {@code <}: a {@code <} before the {@code >}
 *       ends the try, which also keeps the scan linear.</li>
 * </ul>
 * Case is ignored as {@link String#regionMatches(boolean, int, String, int, int)} ignores it, which
 * also folds look-alikes such as the Kelvin sign and the long s onto their ASCII letters; refusing
 * those too is the safe side.
 */
final class ChatTemplateMarkup {

    /** Markup matched as written, in any case, wherever it appears. */
    private static final String[] FIXED = {"<s>", "</s>", "[INST]", "[/INST]", "<<SYS>>", "<</SYS>>"};

    /** Tag names that templates use for roles, turns, tool calls and reasoning. */
    private static final String[] TAG_NAMES = {
        "system", "user", "assistant", "developer", "tool", "tool_call", "tool_response",
        "function_call", "think", "im_start", "im_end", "start_of_turn", "end_of_turn", "bos", "eos",
    };

    private ChatTemplateMarkup() {
    }

    /** The first markup in the text, exactly as it appears there, or null. */
    static String first(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (bar(c) && startsWith(text, i + 1, '>')) {
                return text.substring(i, i + 2);
            }
            if (c == '<' || c == '[') {
                int end = markupEnd(text, i);
                if (end > 0) {
                    return text.substring(i, end);
                }
            }
        }
        return null;
    }

    /** Where markup starting at {@code start} ends (exclusive), or -1 if none starts there. */
    private static int markupEnd(String text, int start) {
        if (text.charAt(start) == '<' && start + 1 < text.length() && bar(text.charAt(start + 1))) {
            return start + 2;
        }
        for (String fixed : FIXED) {
            if (text.regionMatches(true, start, fixed, 0, fixed.length())) {
                return start + fixed.length();
            }
        }
        return text.charAt(start) == '<' ? tagEnd(text, start) : -1;
    }

    private static int tagEnd(String text, int start) {
        int nameStart = startsWith(text, start + 1, '/') ? start + 2 : start + 1;
        for (String name : TAG_NAMES) {
            if (text.regionMatches(true, nameStart, name, 0, name.length())) {
                // Another name may share this prefix (tool, tool_call), so a miss tries the rest.
                int end = closingEnd(text, nameStart + name.length());
                if (end > 0) {
                    return end;
                }
            }
        }
        return -1;
    }

    /**
     * After a tag's name: where its {@code >} ends the tag, or -1 if the name goes on or never closes.
     * White space of any kind, newlines included, may stand before the {@code >} or the {@code />},
     * and white space then attributes may follow the name: a tokenizer reads {@code <system\n>} as
     * the same tag as {@code <system>}.
     */
    private static int closingEnd(String text, int afterName) {
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
        for (int i = at; i < text.length(); i++) {
            char attribute = text.charAt(i);
            if (attribute == '>') {
                return i + 1;
            }
            if (attribute == '<') {
                return -1;
            }
        }
        return -1;
    }

    private static int skipWhiteSpace(String text, int at) {
        return Lines.skipWhiteSpace(text, at, text.length());
    }

    /** {@code |}, or the full-width bar U+FF5C that DeepSeek's templates write ({@code <｜User｜>}). */
    private static boolean bar(char c) {
        return c == '|' || c == '\uFF5C';
    }

    private static boolean startsWith(String text, int at, char c) {
        return at < text.length() && text.charAt(at) == c;
    }
}
