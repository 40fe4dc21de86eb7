package dev.boxmaker.proto.text;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * sanitize.md's secret rules: a known prefix followed by at least a minimum number of characters of
 * the token's alphabet, a PEM private key block, or a value of the project's own secrets store. A
 * rule is named by its prefix (never by what followed it), so {@code refuse}'s answer can be logged,
 * shown and written to the ledger. The minimum lengths sanitize.md leaves open are decided in
 * docs/decisions.md ("Secret rules").
 */
public final class SecretRules {
    /** The name of the rule a configured secret's value breaks. */
    public static final String CONFIGURED = "configured-secret";
    /** The name of the PEM private key rule. */
    public static final String PRIVATE_KEY = "private-key";

    /** Letters and digits. */
    static final String ALNUM = "A-Za-z0-9";
    /** Letters, digits, {@code _} and {@code -}: URL-safe base64. */
    static final String URL_SAFE = "A-Za-z0-9_-";
    /** Upper-case letters and digits (AWS key ids). */
    static final String UPPER_ALNUM = "A-Z0-9";
    /** Letters, digits and {@code -} (Slack's tokens). */
    static final String ALNUM_DASH = "A-Za-z0-9-";

    /**
     * One known-prefix rule: {@code prefix}, not preceded by a letter or digit, then at least
     * {@code charsMin} characters of {@code alphabet} (a regex character class body).
     */
    public record PrefixRule(String prefix, String alphabet, int charsMin) {
        /** The rule's name: its prefix. */
        public String name() {
            return prefix;
        }

        Pattern pattern() {
            return Pattern.compile("(?<![A-Za-z0-9])" + Pattern.quote(prefix) + "[" + alphabet + "]{" + charsMin + ",}");
        }
    }

    /**
     * Every known-prefix rule, in the order they are tried. {@code sk-}'s alphabet has no {@code -},
     * so {@code sk-proj-} and {@code sk-ant-} keys are named by their own, more specific rules.
     */
    public static final List<PrefixRule> PREFIX_RULES = List.of(
            new PrefixRule("sk-proj-", URL_SAFE, 20),
            new PrefixRule("sk-ant-", URL_SAFE, 20),
            new PrefixRule("sk-", ALNUM, 20),
            new PrefixRule("ghp_", ALNUM, 36),
            new PrefixRule("gho_", ALNUM, 36),
            new PrefixRule("ghu_", ALNUM, 36),
            new PrefixRule("ghs_", ALNUM, 36),
            new PrefixRule("ghr_", ALNUM, 36),
            new PrefixRule("github_pat_", ALNUM + "_", 40),
            new PrefixRule("glpat-", URL_SAFE, 20),
            new PrefixRule("xoxb-", ALNUM_DASH, 10),
            new PrefixRule("xoxp-", ALNUM_DASH, 10),
            new PrefixRule("xoxa-", ALNUM_DASH, 10),
            new PrefixRule("xoxr-", ALNUM_DASH, 10),
            new PrefixRule("xoxs-", ALNUM_DASH, 10),
            new PrefixRule("AKIA", UPPER_ALNUM, 16),
            new PrefixRule("ASIA", UPPER_ALNUM, 16),
            new PrefixRule("AIza", URL_SAFE, 35),
            new PrefixRule("hf_", ALNUM, 30),
            new PrefixRule("npm_", ALNUM, 36),
            new PrefixRule("pypi-", URL_SAFE, 50),
            new PrefixRule("sk_live_", ALNUM, 24),
            new PrefixRule("rk_live_", ALNUM, 24),
            new PrefixRule("SG.", URL_SAFE, 22));

    private static final List<Pattern> PATTERNS = PREFIX_RULES.stream().map(PrefixRule::pattern).toList();

    /** {@code -----BEGIN PRIVATE KEY-----}, with any upper-case words before {@code PRIVATE} (RSA, OPENSSH, EC, ENCRYPTED). */
    private static final Pattern PRIVATE_KEY_BLOCK = Pattern.compile("-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----");

    private SecretRules() {
    }

    /**
     * The first rule {@code text} breaks. The prefix rules read the text with invisible characters
     * taken out and NFKC applied ({@link Sanitize#visible}), so a zero-width space inside a key, or a
     * key in full-width letters, is still a key; a configured value is looked for in both forms.
     */
    static Optional<String> firstMatch(String text, Collection<String> configuredSecretValues) {
        String visible = Sanitize.visible(text);
        for (int i = 0; i < PATTERNS.size(); i++) {
            if (PATTERNS.get(i).matcher(visible).find()) {
                return Optional.of(PREFIX_RULES.get(i).name());
            }
        }
        if (PRIVATE_KEY_BLOCK.matcher(visible).find()) {
            return Optional.of(PRIVATE_KEY);
        }
        for (String value : configuredSecretValues) {
            if (value.isEmpty()) {
                continue;
            }
            String seen = Sanitize.visible(value);
            if (text.contains(value) || (!seen.isEmpty() && visible.contains(seen))) {
                return Optional.of(CONFIGURED);
            }
        }
        return Optional.empty();
    }
}
