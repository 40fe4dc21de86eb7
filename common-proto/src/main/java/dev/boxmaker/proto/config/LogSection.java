package dev.boxmaker.proto.config;

import io.smallrye.config.WithDefault;

/**
 * {@code [log]}, the same in every daemon's configuration: {@code format = "text"} (the default:
 * Quarkus's pattern, or the journal's lines under systemd) or {@code "json"} (one object per line).
 * Read before Quarkus starts, by {@link dev.boxmaker.proto.logging.DaemonLogging}; declared in each
 * mapping so the key is known.
 */
public interface LogSection {
    @WithDefault("text")
    String format();
}
