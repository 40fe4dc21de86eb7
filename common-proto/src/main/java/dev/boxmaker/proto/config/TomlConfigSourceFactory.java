package dev.boxmaker.proto.config;

import io.smallrye.config.ConfigSourceContext;
import io.smallrye.config.ConfigSourceFactory;
import io.smallrye.config.ConfigValue;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Adds the {@link TomlConfigSource} for the file named by {@code boxmaker.config.file}, and nothing
 * when that property is unset (every key has a default). Quarkus finds it in META-INF/services.
 */
public final class TomlConfigSourceFactory implements ConfigSourceFactory {

    @Override
    public Iterable<ConfigSource> getConfigSources(ConfigSourceContext context) {
        ConfigValue value = context.getValue(TomlConfigSource.FILE_PROPERTY);
        if (value == null || value.getValue() == null || value.getValue().isBlank()) {
            return List.of();
        }
        return List.of(TomlConfigSource.read(Path.of(value.getValue())));
    }

    /**
     * Names the file for every SmallRye config built after this call, as a daemon's main does with
     * {@code --config FILE}. The path is made absolute first: the system property outranks the
     * source's own {@code boxmaker.config.file}, so a relative one would be what the mapping sees.
     */
    public static void useFile(Path file) {
        System.setProperty(TomlConfigSource.FILE_PROPERTY, file.toAbsolutePath().normalize().toString());
    }
}
