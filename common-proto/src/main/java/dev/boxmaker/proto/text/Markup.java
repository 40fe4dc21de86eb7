package dev.boxmaker.proto.text;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Chat-template markup (memoryd.md, rule 3): {@code <|} or {@code |>}, also with DeepSeek's
 * full-width bar U+FF5C ({@code <｜User｜>}); ignoring case,
 * {@code <s>}, {@code </s>}, {@code [INST]}, {@code [/INST]}, {@code <<SYS>>}, {@code <</SYS>>};
 * and an opening or closing tag with one of the role names, with or without attributes.
 */
public final class Markup {
    /** The role names a tag may have, in lower case; {@link #PATTERN} and {@link InertScan} read them. */
    static final Set<String> TAG_NAMES = Set.of("system", "user", "assistant", "developer", "tool", "tool_call",
            "tool_response", "function_call", "think", "im_start", "im_end", "start_of_turn", "end_of_turn", "bos",
            "eos");

    /**
     * A tag is {@code <} or {@code </}, optional white space, a name, then the end of the tag,
     * white space (attributes follow) or {@code /}: so {@code <tool_call name="x">} and
     * {@code <system/>} match, and {@code <systems>} or {@code <user@host>} do not.
     */
    public static final Pattern PATTERN = Pattern.compile(
            "<[|\uFF5C]|[|\uFF5C]>|<\\s*/?\\s*s\\s*>|\\[\\s*/?\\s*INST\\s*]|<<\\s*/?\\s*SYS\\s*>>"
                    + "|<\\s*/?\\s*(?:" + String.join("|", TAG_NAMES) + ")(?=[\\s/>])[^<>\\n]*>",
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
     * {@code <\|}, {@code |>} becomes {@code \|>} (and so with the full-width bar), and a tag's {@code <} becomes {@code ‹}
     * (sanitize.md), so {@link #PATTERN} finds no live marker in it: none that starts with {@code <},
     * and no {@code |>} or {@code ｜>} without a {@code \} before it. Applying it twice changes nothing more.
     */
    public static String inert(String text) {
        return InertScan.run(text);
    }
}
