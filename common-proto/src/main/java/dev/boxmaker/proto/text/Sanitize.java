package dev.boxmaker.proto.text;

import java.text.Normalizer;
import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The sanitizer of sanitize.md: what leaves the machine ({@link #neutralise}), what never does
 * ({@link #refuse}), and which notes stay local ({@link #flag}).
 */
public final class Sanitize {
    private Sanitize() {
    }

    /**
     * Text made safe to store elsewhere or show, without losing what it said: control and invisible
     * characters as visible escapes (<code>&#92;u{200B}</code>), chat-template markers without their power,
     * nothing else changed. It is {@link Escape#escape}, the owner's own view of a session's text, so
     * Honcho and the terminal see one form; applying it twice changes nothing more.
     */
    public static String neutralise(String text) {
        return Escape.escape(text);
    }

    /**
     * The name of the first secret rule {@code text} breaks (a known prefix such as {@code ghp_}, a
     * private key block, or {@link SecretRules#CONFIGURED} for a configured secret's value), or empty.
     * The answer never holds the secret itself.
     *
     * @param configuredSecretValues the values of the project's own secrets store; an empty value matches nothing
     */
    public static Optional<String> refuse(String text, Collection<String> configuredSecretValues) {
        return SecretRules.firstMatch(text, configuredSecretValues);
    }

    /** The name of the first flag rule {@code text} matches (after NFKC, ignoring case), or empty. */
    public static Optional<String> flag(String text) {
        return FlagRules.firstMatch(folded(text));
    }

    /**
     * {@code text} as the rules read it: invisible characters taken out (so a zero-width space cannot
     * split a word or a key), then NFKC (so full-width letters read as their ASCII twins).
     */
    static String visible(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            int next = i + Character.charCount(cp);
            boolean hidden = Invisible.contains(cp) && cp != 0x2028 && cp != 0x2029;
            if (hidden && out == null) {
                out = new StringBuilder(text.length()).append(text, 0, i);
            }
            if (cp == 0x2028 || cp == 0x2029) {
                // Line and paragraph separators end a line as far as the line rules are concerned.
                if (out == null) {
                    out = new StringBuilder(text.length()).append(text, 0, i);
                }
                out.append('\n');
            } else if (!hidden && out != null) {
                out.appendCodePoint(cp);
            }
            i = next;
        }
        return Normalizer.normalize(out == null ? text : out.toString(), Normalizer.Form.NFKC);
    }

    /** {@link #visible}, in lower case: what the flag rules read. */
    static String folded(String text) {
        return visible(text).toLowerCase(Locale.ROOT);
    }
}
