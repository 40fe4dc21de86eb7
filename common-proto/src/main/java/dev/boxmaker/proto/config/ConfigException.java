package dev.boxmaker.proto.config;

/**
 * A configuration that cannot be used: a file that cannot be read, is not TOML, or holds a key or
 * value the daemon's mapping refuses. The message is a fixed sentence from {@link ConfigSentences}.
 */
public final class ConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
