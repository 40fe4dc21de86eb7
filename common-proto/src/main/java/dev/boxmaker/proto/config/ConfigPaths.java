package dev.boxmaker.proto.config;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where {@code {home}} is, and how a path written in a configuration file becomes an absolute one.
 * Every result is absolute and normalised.
 */
public final class ConfigPaths {
    /** The environment variable consulted when the file sets no {@code [paths] home}. */
    public static final String HOME_VARIABLE = "BOXMAKER_HOME";
    /** The home when neither the file nor the environment names one. */
    public static final Path HOME_DEFAULT = Path.of("/var/lib/boxmaker");
    /** A path value starting with this is under the home, e.g. {@code {home}/run/loop-memory/memory.sock}. */
    public static final String HOME_PLACEHOLDER = "{home}";

    private ConfigPaths() {
    }

    /**
     * {@code [paths] home}, else {@code $BOXMAKER_HOME}, else {@code /var/lib/boxmaker}. A relative
     * home from the file is taken from the file's folder; one from the environment (or from a file-less
     * {@code -Dboxmaker.paths.home}) from the working directory.
     */
    public static Path home(Optional<String> configuredHome, Optional<Path> configDir, Map<String, String> env) {
        Optional<String> fromFile = configuredHome.filter(value -> !value.isBlank());
        if (fromFile.isPresent()) {
            return against(Path.of(fromFile.get()), configDir);
        }
        String fromEnv = env.get(HOME_VARIABLE);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return against(Path.of(fromEnv), Optional.empty());
        }
        return HOME_DEFAULT;
    }

    /**
     * Expands a leading {@code {home}}; otherwise resolves a relative path against the file's folder
     * (the working directory when there is no file). An absolute path stays as it is.
     *
     * @throws ConfigException when {@code {home}} is followed by anything but a slash
     */
    public static Path resolve(String value, Path home, Optional<Path> configDir) {
        if (value.startsWith(HOME_PLACEHOLDER)) {
            String rest = value.substring(HOME_PLACEHOLDER.length());
            if (rest.isEmpty()) {
                return home.toAbsolutePath().normalize();
            }
            if (!rest.startsWith("/")) {
                throw new ConfigException(ConfigSentences.badHomePlaceholder(value));
            }
            // Strip the slashes so resolve() does not read the rest as an absolute path.
            return home.toAbsolutePath().resolve(rest.replaceFirst("^/+", "")).normalize();
        }
        return against(Path.of(value), configDir);
    }

    private static Path against(Path path, Optional<Path> base) {
        if (path.isAbsolute()) {
            return path.normalize();
        }
        Path folder = base.orElseGet(() -> Path.of(""));
        return folder.toAbsolutePath().resolve(path).normalize();
    }
}
