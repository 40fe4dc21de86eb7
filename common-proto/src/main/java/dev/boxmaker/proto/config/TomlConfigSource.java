package dev.boxmaker.proto.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * One role's TOML file as a SmallRye {@link ConfigSource}: every key under {@code boxmaker.}, at
 * ordinal 260, plus {@code boxmaker.config.file} and {@code boxmaker.config.dir}.
 */
public final class TomlConfigSource implements ConfigSource {
    /** Every Boxmaker key lives under this prefix, so one mapping per daemon sees the whole file. */
    public static final String PREFIX = "boxmaker";
    /** The absolute path of the file; also the property a daemon's main sets from {@code --config}. */
    public static final String FILE_PROPERTY = PREFIX + ".config.file";
    /** The folder holding the file, against which relative paths in it are resolved. */
    public static final String DIR_PROPERTY = PREFIX + ".config.dir";
    /** Above application.properties (250), below environment variables (300) and -D (400). */
    public static final int ORDINAL = 260;
    /** A configuration file is a few kilobytes; anything near this is the wrong file. */
    public static final int FILE_BYTES_MAX = 1024 * 1024;

    private static final TomlMapper MAPPER = new TomlMapper();

    private final String name;
    private final Map<String, String> properties;

    private TomlConfigSource(Path file, Map<String, String> properties) {
        this.name = "TomlConfigSource[source=" + file + "]";
        this.properties = Map.copyOf(properties);
    }

    /**
     * Reads and flattens {@code file}.
     *
     * @throws ConfigException when the file is missing, unreadable, too large or not TOML
     */
    public static TomlConfigSource read(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        JsonNode root = parse(absolute, readBounded(absolute));
        if (root.has("config")) {
            throw new ConfigException(ConfigSentences.reservedSection(absolute));
        }
        Map<String, String> properties = new TreeMap<>(TomlFlattener.flatten(root, PREFIX, absolute));
        properties.put(FILE_PROPERTY, absolute.toString());
        // Never null: the root itself is a folder and was refused above.
        properties.put(DIR_PROPERTY, absolute.getParent().toString());
        return new TomlConfigSource(absolute, properties);
    }

    private static byte[] readBounded(Path file) {
        if (Files.isDirectory(file)) {
            throw new ConfigException(ConfigSentences.unreadable(file, "it is a folder"));
        }
        try (InputStream in = Files.newInputStream(file)) {
            // Read one byte past the limit rather than trust the size, which may change under us.
            byte[] bytes = in.readNBytes(FILE_BYTES_MAX + 1);
            if (bytes.length > FILE_BYTES_MAX) {
                throw new ConfigException(ConfigSentences.tooLarge(file, FILE_BYTES_MAX));
            }
            return bytes;
        } catch (NoSuchFileException e) {
            throw new ConfigException(ConfigSentences.noSuchFile(file), e);
        } catch (AccessDeniedException e) {
            throw new ConfigException(ConfigSentences.unreadable(file, "permission denied"), e);
        } catch (IOException e) {
            throw new ConfigException(ConfigSentences.unreadable(file, String.valueOf(e.getMessage())), e);
        }
    }

    private static JsonNode parse(Path file, byte[] bytes) {
        try {
            return MAPPER.readTree(bytes);
        } catch (JsonProcessingException e) {
            JsonLocation location = e.getLocation();
            int line = location == null ? 0 : location.getLineNr();
            throw new ConfigException(ConfigSentences.notToml(file, line, e.getOriginalMessage()), e);
        } catch (IOException e) {
            // Bytes that are not UTF-8 end up here, with no position to report.
            throw new ConfigException(ConfigSentences.notToml(file, 0, String.valueOf(e.getMessage())), e);
        }
    }

    @Override
    public Map<String, String> getProperties() {
        return properties;
    }

    @Override
    public Set<String> getPropertyNames() {
        return properties.keySet();
    }

    @Override
    public String getValue(String propertyName) {
        return properties.get(propertyName);
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public int getOrdinal() {
        return ORDINAL;
    }
}
