package dev.boxmaker.memoryd.sentences;

import static dev.boxmaker.memoryd.sentences.StoreSentences.quote;

import dev.boxmaker.proto.Numbers;
import java.nio.file.Path;

/**
 * Honcho's configuration: {@code [honcho]}, {@code [[honcho.read]]} and {@code [secrets.NAME]}
 * (runbook honcho-config-invalid)
 */
public final class HonchoConfigSentences {
    private HonchoConfigSentences() {
    }

    // Honcho's configuration (the M5c spec, section 10; runbook honcho-config-invalid).

    /** The end of every sentence about an invalid {@code [honcho]} section or secret. */
    public static final String HONCHO_CONFIG_INVALID = " (runbook honcho-config-invalid)";

    public static String honchoUnknownKey(String key) {
        return "memoryd.toml has the key " + configValue(key) + ", which [honcho], [[honcho.read]] and"
                + " [secrets.NAME] do not know; fix its spelling or remove it" + HONCHO_CONFIG_INVALID;
    }

    public static String honchoKeyMissing(String key) {
        return key + " is missing; [honcho] needs url, agent, owner, trusted, untrusted and fleet"
                + HONCHO_CONFIG_INVALID;
    }

    public static String honchoNotAnId(String key, String value) {
        return key + " is " + configValue(value) + ", which Honcho does not accept as a name: use 1 to 512"
                + " letters, digits, _ or -" + HONCHO_CONFIG_INVALID;
    }

    public static String honchoUrlNotHttp(String value) {
        return "[honcho] url is " + configValue(value) + ", which is not an http:// or https:// address"
                + HONCHO_CONFIG_INVALID;
    }

    /** Without the URL: it holds a password. */
    public static final String HONCHO_URL_CREDENTIALS = "[honcho] url must not hold a user name or password;"
            + " put each workspace's key in a [secrets.NAME] file" + HONCHO_CONFIG_INVALID;

    public static String honchoSameName(String key, String otherKey) {
        return key + " and " + otherKey + " name the same peer or workspace; each must have its own"
                + HONCHO_CONFIG_INVALID;
    }

    public static String honchoTrust(String key, String value) {
        return key + " is " + configValue(value) + "; it must be \"untrusted\" (the default) or \"trusted\""
                + HONCHO_CONFIG_INVALID;
    }

    public static String honchoClass(String key, String value) {
        return key + " is " + configValue(value) + "; it must be public, private or secret" + HONCHO_CONFIG_INVALID;
    }

    /** {@code why} names the file and the mode or owner, never the content. */
    public static String secretUnusable(String name, Path file, String why) {
        return "[secrets." + configValue(name).replace("\"", "") + "] file " + file + " " + why
                + HONCHO_CONFIG_INVALID;
    }

    /** Why a key cannot be sent: the end of {@link #secretUnusable}'s sentence. */
    public static final String SECRET_NOT_ONE_LINE = "holds a character a bearer token cannot carry (a carriage"
            + " return, a second line, or one outside printable ASCII); write the key alone on one line";

    public static String secretNoFile(String name) {
        return "[secrets." + configValue(name).replace("\"", "") + "] has no file = \"…\"" + HONCHO_CONFIG_INVALID;
    }

    public static String ledgerLinesSkipped(Path file, long lines) {
        return "skipped " + Numbers.grouped(lines) + " lines of " + file + " that are not ledger lines (damaged or"
                + " written by hand); every other line was read";
    }

    private static String configValue(String value) {
        return "\"" + quote(value) + "\"";
    }
}
