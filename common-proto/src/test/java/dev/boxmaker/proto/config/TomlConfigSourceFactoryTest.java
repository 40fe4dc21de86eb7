package dev.boxmaker.proto.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.ConfigSourceContext;
import io.smallrye.config.ConfigSourceFactory;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.StreamSupport;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TomlConfigSourceFactoryTest {
    private static final String REVIEW = "boxmaker.memory.review";

    @TempDir
    Path dir;

    @AfterEach
    void clearSystemProperties() {
        System.clearProperty(TomlConfigSource.FILE_PROPERTY);
        System.clearProperty(REVIEW);
    }

    private Path write(String text) throws IOException {
        Path file = dir.resolve("memoryd.toml");
        Files.writeString(file, text);
        return file;
    }

    /** A context holding only {@code values}, as SmallRye builds one from the sources before the factory. */
    private static ConfigSourceContext context(Map<String, String> values) {
        return new ConfigSourceContext() {
            @Override
            public ConfigValue getValue(String name) {
                return ConfigValue.builder().withName(name).withValue(values.get(name)).build();
            }

            @Override
            public Iterator<String> iterateNames() {
                return values.keySet().iterator();
            }
        };
    }

    private static List<ConfigSource> sources(Map<String, String> values) {
        Iterable<ConfigSource> sources = new TomlConfigSourceFactory().getConfigSources(context(values));
        return StreamSupport.stream(sources.spliterator(), false).toList();
    }

    @Test
    void noPropertyMeansNoSource() {
        assertThat(sources(Map.of())).isEmpty();
        assertThat(sources(Map.of(TomlConfigSource.FILE_PROPERTY, " "))).isEmpty();
    }

    @Test
    void thePropertyNamesTheFileToRead() throws IOException {
        Path file = write("[memory]\nreview = true\n");

        List<ConfigSource> sources = sources(Map.of(TomlConfigSource.FILE_PROPERTY, file.toString()));

        assertThat(sources).hasSize(1);
        assertThat(sources.get(0).getValue(REVIEW)).isEqualTo("true");
        assertThat(sources.get(0).getOrdinal()).isEqualTo(TomlConfigSource.ORDINAL);
    }

    @Test
    void theFactoryIsRegisteredAsAService() {
        assertThat(ServiceLoader.load(ConfigSourceFactory.class).stream().map(ServiceLoader.Provider::type))
                .contains(TomlConfigSourceFactory.class);
    }

    @Test
    void useFileSetsTheAbsolutePath() throws IOException {
        Path file = write("");
        Path relative = Path.of("").toAbsolutePath().relativize(file);

        TomlConfigSourceFactory.useFile(relative);

        assertThat(System.getProperty(TomlConfigSource.FILE_PROPERTY)).isEqualTo(file.toString());
    }

    @Test
    void theFileSitsBetweenApplicationPropertiesAndTheEnvironment() throws IOException {
        TomlConfigSourceFactory.useFile(write("[memory]\nreview = true\nsoul_starter = \"file.md\"\n"));
        ConfigSource applicationProperties = new PropertiesConfigSource(
                Map.of(REVIEW, "false", "boxmaker.memory.soul_starter", "app.md", "boxmaker.index.max_class", "public"),
                "application.properties", 250);

        SmallRyeConfig config = new SmallRyeConfigBuilder().addDiscoveredSources()
                .addDefaultSources().withSources(applicationProperties).build();

        assertThat(config.getRawValue(REVIEW)).isEqualTo("true");
        assertThat(config.getRawValue("boxmaker.memory.soul_starter")).isEqualTo("file.md");
        assertThat(config.getRawValue("boxmaker.index.max_class")).isEqualTo("public");
    }

    @Test
    void aSystemPropertyOverridesTheFile() throws IOException {
        TomlConfigSourceFactory.useFile(write("[memory]\nreview = false\n"));
        System.setProperty(REVIEW, "true");

        SmallRyeConfig config = new SmallRyeConfigBuilder().addDiscoveredSources().addDefaultSources().build();

        assertThat(config.getRawValue(REVIEW)).isEqualTo("true");
        assertThat(config.getConfigValue(REVIEW).getSourceOrdinal()).isEqualTo(400);
    }

    @Test
    void anEnvironmentVariableOverridesTheFile() throws IOException {
        TomlConfigSourceFactory.useFile(write("[memory]\nreview = false\n"));
        ConfigSource env = new EnvConfigSource(Map.of("BOXMAKER_MEMORY_REVIEW", "true"), 300);

        SmallRyeConfig config = new SmallRyeConfigBuilder().addDiscoveredSources().addSystemSources()
                .withSources(env).build();

        assertThat(config.getRawValue(REVIEW)).isEqualTo("true");
        assertThat(config.getConfigValue(REVIEW).getSourceOrdinal()).isEqualTo(300);
    }
}
