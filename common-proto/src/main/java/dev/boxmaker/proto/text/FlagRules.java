package dev.boxmaker.proto.text;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * sanitize.md's flag rules: text that reads like an attempt to carry data out or to steer a model.
 * A note that matches one stays on the machine. Each rule reads the text as {@link Sanitize#folded}
 * gives it (invisible characters out, NFKC, lower case), so every pattern here is in lower case.
 * Gaps and runs are bounded (docs/decisions.md, "Flag rules"), so no rule scans without limit.
 */
public final class FlagRules {
    public static final String EXFIL_LINK = "exfil-link";
    public static final String EXFIL_URL = "exfil-url";
    public static final String SEND_TO_URL = "send-to-url";
    public static final String BLOB = "blob";
    public static final String ROLE_MARKER = "role-marker";
    public static final String HIDDEN_HTML = "hidden-html";
    public static final String SECRETS_PATH = "secrets-path";
    public static final String ENV_EXFIL = "env-exfil";
    public static final String ROLE_PLAY = "role-play";
    public static final String CONTEXT_EXFIL = "context-exfil";

    /** The shortest query parameter value {@code exfil-url} flags. */
    public static final int QUERY_VALUE_CHARS_MIN = 24;
    /** The shortest run of base64 or hex characters {@code blob} flags. */
    public static final int BLOB_CHARS_MIN = 200;
    /** The longest text of a markdown link or image {@code exfil-link} reads. */
    public static final int LINK_TEXT_CHARS_MAX = 2_000;
    /** The most characters between the verb and {@code to http…} of {@code send-to-url}, on one line. */
    public static final int SEND_GAP_CHARS_MAX = 200;
    /** The most characters between {@code curl}/{@code wget} and the variable of {@code env-exfil}, on one line. */
    public static final int COMMAND_GAP_CHARS_MAX = 500;
    /** The most characters between the verb and what {@code context-exfil} names, on one line. */
    public static final int CONTEXT_GAP_CHARS_MAX = 100;
    /** The longest tag {@code hidden-html} reads for {@code display:none}. */
    public static final int TAG_CHARS_MAX = 2_000;

    private static final String URL_START = "<?https?://";

    /** The end of a markdown link's text and its outside address: {@code ](http…}. */
    private static final Pattern LINK_TARGET = Pattern.compile("]\\(\\s*<?(https?://[^)\\s]*)");
    /** An address: it ends at white space, a quote, an angle bracket or a closing parenthesis. */
    private static final Pattern URL = Pattern.compile("https?://[^\\s\"'<>()]+");
    private static final Pattern SEND = Pattern.compile(
            "\\b(?:send|sends|sending|sent|post|posts|posting|posted|upload|uploads|uploading|uploaded"
                    + "|transmit|transmits|transmitting|transmitted)\\b[^\\n]{0," + SEND_GAP_CHARS_MAX
                    + "}?\\bto\\s*:?\\s*" + URL_START);
    private static final Pattern BLOB_RUN = Pattern.compile("[a-z0-9+/=_-]{" + BLOB_CHARS_MIN + "}");
    private static final Pattern ROLE_LINE = Pattern.compile(
            "^[ \\t]*(?:(?:system|assistant|developer)\\s*:|###\\s*instruction)", Pattern.MULTILINE);
    private static final Pattern COMMENT_WORD = Pattern.compile("ignore|override|system|secret|hidden");
    /** An element's opening tag with attributes, up to its {@code >} (or {@link #TAG_CHARS_MAX} characters). */
    private static final Pattern TAG = Pattern.compile("<[a-z][a-z0-9-]*\\s[^<>]{0," + TAG_CHARS_MAX + "}");
    private static final Pattern STYLE = Pattern.compile("\\bstyle\\s*=");
    private static final Pattern NONE = Pattern.compile("display\\s*:\\s*none");
    private static final Pattern SECRET_FILE = Pattern.compile(
            "authorized_keys|~/\\.ssh|\\$\\{?home\\}?/\\.ssh|\\.env(?![a-z0-9_])|\\.netrc|\\.pgpass|\\.npmrc|\\.pypirc"
                    + "|credentials");
    private static final Pattern CURL_VARIABLE = Pattern.compile(
            "\\b(?:curl|wget)\\b[^\\n]{0," + COMMAND_GAP_CHARS_MAX
                    + "}?\\$\\{?[a-z0-9_]*(?:key|token|secret|password|credentials?)\\b");
    private static final Pattern PRETEND = Pattern.compile(
            "\\bpretend\\s+you\\s+are\\b|\\bpretend\\s+to\\s+be\\b|\\byou\\s+are\\s+now\\s+(?:a|an|the)\\b");
    private static final Pattern SHARE_CONTEXT = Pattern.compile(
            "\\b(?:include|output|print|share)\\b[^\\n]{0," + CONTEXT_GAP_CHARS_MAX
                    + "}?(?:\\bthe\\s+conversation\\b|\\bchat\\s+history\\b|\\bprevious\\s+messages\\b"
                    + "|\\bthe\\s+full\\s+context\\b)");

    /** A named rule over folded text. */
    public record Rule(String name, Predicate<String> matches) {
    }

    /** Every rule, in sanitize.md's order; {@link #firstMatch} answers the first that matches. */
    public static final List<Rule> RULES = List.of(
            new Rule(EXFIL_LINK, FlagRules::outsideLink),
            new Rule(EXFIL_URL, FlagRules::longQueryValue),
            new Rule(SEND_TO_URL, t -> SEND.matcher(t).find()),
            new Rule(BLOB, t -> BLOB_RUN.matcher(t).find()),
            new Rule(ROLE_MARKER, t -> ROLE_LINE.matcher(t).find()),
            new Rule(HIDDEN_HTML, t -> hiddenComment(t) || displayNone(t)),
            new Rule(SECRETS_PATH, t -> SECRET_FILE.matcher(t).find()),
            new Rule(ENV_EXFIL, t -> CURL_VARIABLE.matcher(t).find()),
            new Rule(ROLE_PLAY, t -> PRETEND.matcher(t).find()),
            new Rule(CONTEXT_EXFIL, t -> SHARE_CONTEXT.matcher(t).find()));

    private FlagRules() {
    }

    static Optional<String> firstMatch(String folded) {
        for (Rule rule : RULES) {
            if (rule.matches().test(folded)) {
                return Optional.of(rule.name());
            }
        }
        return Optional.empty();
    }

    /**
     * A markdown image of an outside address ({@code ![…](http…)}), or a link to one with a query
     * string ({@code […](http…?…)}). Found from each {@code ](http}, looking back at most
     * {@link #LINK_TEXT_CHARS_MAX} characters for the {@code [} that opens its text, so the cost stays
     * linear in the text whatever brackets it holds.
     */
    private static boolean outsideLink(String text) {
        Matcher target = LINK_TARGET.matcher(text);
        while (target.find()) {
            int close = target.start();
            int open = close - 1;
            int stop = Math.max(0, close - 1 - LINK_TEXT_CHARS_MAX);
            while (open >= stop && text.charAt(open) != '[' && text.charAt(open) != ']') {
                open--;
            }
            if (open < stop || text.charAt(open) != '[') {
                continue;
            }
            boolean image = open > 0 && text.charAt(open - 1) == '!';
            if (image || target.group(1).indexOf('?') >= 0) {
                return true;
            }
        }
        return false;
    }

    /** An element whose opening tag has a {@code style} attribute with {@code display:none} after it. */
    private static boolean displayNone(String text) {
        Matcher tag = TAG.matcher(text);
        while (tag.find()) {
            Matcher style = STYLE.matcher(text).region(tag.start(), tag.end());
            if (style.find() && NONE.matcher(text).region(style.end(), tag.end()).find()) {
                return true;
            }
        }
        return false;
    }

    /**
     * An address whose query has a parameter value (after {@code =}, or the whole parameter when it
     * has none) of {@link #QUERY_VALUE_CHARS_MIN} or more characters.
     */
    private static boolean longQueryValue(String text) {
        Matcher url = URL.matcher(text);
        while (url.find()) {
            String address = url.group();
            int query = address.indexOf('?');
            if (query < 0) {
                continue;
            }
            int fragment = address.indexOf('#', query);
            String params = fragment < 0 ? address.substring(query + 1) : address.substring(query + 1, fragment);
            for (String param : params.split("[&;]")) {
                int eq = param.indexOf('=');
                String value = eq < 0 ? param : param.substring(eq + 1);
                if (value.codePointCount(0, value.length()) >= QUERY_VALUE_CHARS_MIN) {
                    return true;
                }
            }
        }
        return false;
    }

    /** An HTML comment (closed, or open to the end of the text) holding one of the hiding words. */
    private static boolean hiddenComment(String text) {
        int from = 0;
        while (true) {
            int open = text.indexOf("<!--", from);
            if (open < 0) {
                return false;
            }
            int close = text.indexOf("-->", open + 4);
            int end = close < 0 ? text.length() : close;
            if (COMMENT_WORD.matcher(text).region(open + 4, end).find()) {
                return true;
            }
            if (close < 0) {
                return false;
            }
            from = close + 3;
        }
    }
}
