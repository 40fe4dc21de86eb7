package dev.boxmaker.proto.text;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Chat-template markup (memoryd.md, rule 3): {@code <|} or {@code |>}; ignoring case,
 * {@code <s>}, {@code </s>}, {@code [INST]}, {@code [/INST]}, {@code <<SYS>>}, {@code <</SYS>>};
 * and an opening or closing tag with one of the role names, with or without attributes.
 */
public final class Markup {
    private static final String TAG_NAMES = "system|user|assistant|developer|tool|tool_call|tool_response"
            + "|function_call|think|im_start|im_end|start_of_turn|end_of_turn|bos|eos";

    /**
     * A tag is {@code <} or {@code </}, optional white space, a name, then the end of the tag,
     * white space (attributes follow) or {@code /}: so {@code <tool_call name="x">} and
     * {@code <system/>} match, and {@code <systems>} or {@code <user@host>} do not.
     */
    public static final Pattern PATTERN = Pattern.compile(
            "<\\||\\|>|<\\s*/?\\s*s\\s*>|\\[\\s*/?\\s*INST\\s*]|<<\\s*/?\\s*SYS\\s*>>"
                    + "|<\\s*/?\\s*(?:" + TAG_NAMES + ")(?=[\\s/>])[^<>\\n]*>",
            Pattern.CASE_INSENSITIVE);

    private Markup() {
    }

    /** The first markup in {@code text}, or null. */
    public static String first(String text) {
        Matcher m = PATTERN.matcher(text);
        return m.find() ? m.group() : null;
    }

    /**
     * The text with every marker's power taken away and nothing else changed: {@code <|} becomes
     * {@code <\|}, {@code |>} becomes {@code \|>}, and a tag's {@code <} becomes {@code ‹}
     * (sanitize.md). Applying it twice changes nothing more.
     */
    public static String inert(String text) {
        Matcher m = PATTERN.matcher(text);
        if (!m.find()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        int last = 0;
        do {
            out.append(text, last, m.start());
            String found = m.group();
            if (found.equals("<|")) {
                out.append("<\\|");
            } else if (found.equals("|>")) {
                out.append(m.start() > 0 && text.charAt(m.start() - 1) == '\\' ? "|>" : "\\|>");
            } else {
                out.append(tag(found));
            }
            last = m.end();
        } while (m.find());
        out.append(text, last, text.length());
        return out.toString();
    }

    /**
     * Any marker but {@code <|} and {@code |>}, with its {@code <} written as {@code ‹}. A role tag's
     * attributes hold no {@code <} or {@code >}, so the one marker it can swallow is a {@code |>} at
     * its end ({@code <system/|>}); that is made inert too, or a second pass would find it and
     * {@link #inert} would not be idempotent.
     */
    private static String tag(String found) {
        String tag = found.replace('<', '\u2039');
        if (tag.endsWith("|>") && !tag.endsWith("\\|>")) {
            tag = tag.substring(0, tag.length() - 2) + "\\|>";
        }
        return tag;
    }
}
