package dev.boxmaker.memoryd.sentences;

import dev.boxmaker.proto.Numbers;
import java.net.URI;
import java.util.Collection;
import java.util.List;

/**
 * Sentences of memoryd's guards around Honcho's URL and keys (issue 35, items 7 and 8; issue 33, item 8); a
 * test pins each one's exact text. None of them ever holds a URL's query, user information or a key.
 */
public final class HardeningSentences {
    private HardeningSentences() {
    }

    /** {@code [honcho] url} holds a query: a key riding in the URL would be in every log line and proxy's. */
    public static final String HONCHO_URL_QUERY = "[honcho] url must not hold a query (the part after ?), which is"
            + " not printed here; put each workspace's key in a [secrets.NAME] file" + HonchoConfigSentences.HONCHO_CONFIG_INVALID;

    /** {@code [honcho] url} holds a fragment. */
    public static final String HONCHO_URL_FRAGMENT = "[honcho] url must not hold a fragment (the part after #),"
            + " which is not printed here; put each workspace's key in a [secrets.NAME] file"
            + HonchoConfigSentences.HONCHO_CONFIG_INVALID;

    /**
     * A {@code [secrets.NAME]} that no workspace reads, such as a misspelt {@code honcho_trustd}: its key
     * would silently not be sent.
     *
     * @param used the secret names this configuration reads, in order
     */
    public static String secretUnused(String name, List<String> used) {
        return "[secrets." + name + "] is read by nothing: memoryd reads " + String.join(", ", used)
                + " here; fix its name or remove it" + HonchoConfigSentences.HONCHO_CONFIG_INVALID;
    }

    /** A configured URL as a log line shows it: scheme, host, port and path, never a query or user information. */
    public static String shownUrl(URI url) {
        String port = url.getPort() < 0 ? "" : ":" + url.getPort();
        String path = url.getRawPath() == null ? "" : url.getRawPath();
        return url.getScheme() + "://" + url.getHost() + port + path;
    }

    /** {@code bxctl memory sync}: memory writes kept local because their text held a secret (issue 33, item 8). */
    public static String syncSecretWrites(long writes) {
        return Numbers.grouped(writes) + (writes == 1 ? " memory write" : " memory writes") + " held a secret (a"
                + " known-prefix key or a configured secret's value) and went nowhere; the ledger names each one's rule";
    }

    /**
     * Configuration outside memoryd.toml (application.properties, an environment variable, a .env file)
     * that the REST client would read to change Honcho's URL, proxy, TLS or headers: the keys, never values.
     */
    public static String ambientClientConfig(Collection<String> keys) {
        return "the Honcho client is not made while " + String.join(", ", keys) + " is set outside memoryd.toml"
                + " (in application.properties, the environment or a .env file), since it could send Honcho's calls"
                + " and keys elsewhere; remove it: [honcho] in memoryd.toml alone says where Honcho is"
                + HonchoConfigSentences.HONCHO_CONFIG_INVALID;
    }
}
