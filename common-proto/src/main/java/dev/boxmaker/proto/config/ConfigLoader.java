package dev.boxmaker.proto.config;

import io.smallrye.config.ConfigValidationException;
import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.nio.file.Path;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * Builds a daemon's {@code @ConfigMapping(prefix = "boxmaker")} from an optional TOML file without
 * Quarkus: what tests and tools use. Quarkus builds the same mapping from the same source through
 * {@link TomlConfigSourceFactory}.
 */
public final class ConfigLoader {
    /** Where SmallRye puts environment variables; the one variable read here sits at the same height. */
    public static final int ENV_ORDINAL = 300;

    private ConfigLoader() {
    }

    /**
     * Reads {@code file} (when given) into {@code mapping}, refusing unknown keys.
     *
     * @param env the environment; only {@code BOXMAKER_HOME} is taken from it, so a test never sees
     *            the real environment and no other variable can change a test's configuration
     * @throws ConfigException when the file cannot be read, or a key or value is refused (the message
     *                         keeps SmallRye's text, which names each key)
     * @throws IllegalArgumentException when the mapping is not under {@code boxmaker}, or a boolean or
     *                                  Duration in it lacks the strict converter
     */
    public static <T> T load(Class<T> mapping, Optional<Path> file, Map<String, String> env) {
        MappingCheck.check(mapping);
        Optional<Path> absolute = file.map(f -> f.toAbsolutePath().normalize());
        SmallRyeConfigBuilder builder = new SmallRyeConfigBuilder()
                .addDefaultInterceptors()
                .addDiscoveredConverters()
                .withMapping(mapping)
                .withValidateUnknown(true);
        absolute.ifPresent(f -> builder.withSources(TomlConfigSource.read(f)));
        String home = env.get(ConfigPaths.HOME_VARIABLE);
        if (home != null) {
            // An EnvConfigSource, as under Quarkus, so ${BOXMAKER_HOME} in a value expands the same way.
            builder.withSources(new EnvConfigSource(Map.of(ConfigPaths.HOME_VARIABLE, home), ENV_ORDINAL));
        }
        SmallRyeConfig config;
        try {
            config = builder.build();
        } catch (ConfigValidationException | IllegalArgumentException | NoSuchElementException e) {
            throw new ConfigException(ConfigSentences.refused(absolute, e.getMessage()), e);
        }
        return config.getConfigMapping(mapping);
    }
}
