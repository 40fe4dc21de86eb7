package dev.boxmaker.memoryd.honcho.client;

import dev.boxmaker.memoryd.sentences.HardeningSentences;
import java.util.Locale;
import java.util.TreeMap;
import java.util.TreeSet;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Configuration around memoryd that could redirect or change the Honcho client: Quarkus's REST client
 * reads {@code quarkus.rest-client."HonchoApi".override-uri} (a new base URL), the global proxy, TLS
 * trust-all, logging and more from SmallRye Config whatever the builder says, and SmallRye Config
 * reads application.properties, environment variables and a {@code .env} file in the working
 * directory alike; MicroProfile's {@code <interface>/mp-rest/<property>} names are read as fallbacks of
 * Quarkus's. Only memoryd.toml says where Honcho is; any of these set by a user's source stops the
 * client being made, naming the keys (never their values), each once: SmallRye lists an environment
 * variable both as set and as the dotted name it maps to, and the sentence names it as it was set.
 */
final class AmbientConfig {
    /** Ordinals below this are Quarkus's own defaults; application.properties is 250, .env 295, env 300. */
    static final int USER_SOURCE_ORDINAL_MIN = 100;

    /** Property names (as environment names) that reach the REST client, its TLS or its proxy. */
    private static final String[] PREFIXES = {"QUARKUS_REST_CLIENT_", "QUARKUS_PROXY_", "QUARKUS_TLS_",
        "MICROPROFILE_REST_CLIENT_", "QUARKUS_REST_CLIENT"};
    /** MicroProfile REST Client's per-interface names ({@code HonchoApi/mp-rest/url}), as environment names. */
    private static final String MICROPROFILE_PART = "_MP_REST_";

    private AmbientConfig() {
    }

    /** Throws {@link AmbientConfigRefused} naming every such key a user's source sets. */
    static void refuse() {
        Config config = ConfigProvider.getConfig();
        // By environment name: one key however many names SmallRye lists it under; the name as set wins.
        TreeMap<String, String> found = new TreeMap<>();
        for (String name : config.getPropertyNames()) {
            if (reaches(name) && config.getConfigValue(name).getSourceOrdinal() >= USER_SOURCE_ORDINAL_MIN) {
                found.merge(environmentName(name), name, (one, other) -> one.equals(environmentName(one)) ? one : other);
            }
        }
        if (!found.isEmpty()) {
            throw new AmbientConfigRefused(HardeningSentences.ambientClientConfig(new TreeSet<>(found.values())));
        }
    }

    private static String environmentName(String name) {
        return name.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }

    /** Whether {@code name}, read as an environment variable's name, is one the REST client reads. */
    static boolean reaches(String name) {
        String env = environmentName(name);
        if (env.contains(MICROPROFILE_PART)) {
            return true;
        }
        for (String prefix : PREFIXES) {
            if (env.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
