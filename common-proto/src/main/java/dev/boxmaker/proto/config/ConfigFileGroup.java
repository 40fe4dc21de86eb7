package dev.boxmaker.proto.config;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The {@code boxmaker.config.*} keys that {@link TomlConfigSource} sets for the file it read. Every
 * daemon's mapping declares {@code ConfigFileGroup config();}, or the unknown-key check refuses them.
 */
public interface ConfigFileGroup {
    /** The configuration file, absolute; empty when the daemon started without {@code --config}. */
    Optional<Path> file();

    /** The file's folder, against which relative paths in the file are resolved. */
    Optional<Path> dir();
}
