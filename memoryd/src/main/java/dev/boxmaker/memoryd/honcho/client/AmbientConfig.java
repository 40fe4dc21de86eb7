package dev.boxmaker.memoryd.honcho.client;

import dev.boxmaker.memoryd.sentences.HardeningSentences;
import java.util.Locale;
import java.util.TreeSet;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Configuration around memoryd that could redirect or change the Honcho client: Quarkus's REST client
 * reads {@code quarkus.rest-client."HonchoApi".override-uri} (a new base URL), the global proxy, TLS
 * trust-all, logging and more from SmallRye Config whatever the builder says, and SmallRye Config
 * reads application.properties, environment variables and a {@code .env} file in the working
 * directory alike. Only memoryd.toml says where Honcho is; any of these set by a user's source stops
 * the client being made, naming the keys (never their values).
 */
final class AmbientConfig {
    /** Ordinals below this are Quarkus's own defaults; application.properties is 250, .env 295, env 300. */
    static final int USER_SOURCE_ORDINAL_MIN = 100;

    /** Property names (as environment names) that reach the REST client, its TLS or its proxy. */
    private static final String[] PREFIXES = {"QUARKUS_REST_CLIENT_", "QUARKUS_PROXY_", "QUARKUS_TLS_",
        "MICROPROFILE_REST_CLIENT_", "QUARKUS_REST_CLIENT"};

    private AmbientConfig() {
    }

    /** Throws an {@link IllegalStateException} naming every such key a user's source sets. */
    static void refuse() {
        Config config = ConfigProvider.getConfig();
        TreeSet<String> found = new TreeSet<>();
        for (String name : config.getPropertyNames()) {
            if (reaches(name) && config.getConfigValue(name).getSourceOrdinal() >= USER_SOURCE_ORDINAL_MIN) {
                found.add(name);
            }
        }
        if (!found.isEmpty()) {
            throw new IllegalStateException(HardeningSentences.ambientClientConfig(found));
        }
    }

    /** Whether {@code name}, read as an environment variable's name, is one the REST client reads. */
    static boolean reaches(String name) {
        String env = name.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
        for (String prefix : PREFIXES) {
            if (env.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
