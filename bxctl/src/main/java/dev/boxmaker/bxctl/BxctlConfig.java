package dev.boxmaker.bxctl;

import dev.boxmaker.proto.config.ConfigFileGroup;
import io.smallrye.config.ConfigMapping;
import java.util.Optional;

/**
 * {@code {home}/bxctl.toml}, the one file bxctl reads, and only when a command needs it: today
 * {@code bxctl chat} without {@code --speaker}. Every key is optional; an unknown one is refused.
 */
@ConfigMapping(prefix = "boxmaker", namingStrategy = ConfigMapping.NamingStrategy.SNAKE_CASE)
public interface BxctlConfig {
    ConfigFileGroup config();

    OwnerGroup owner();

    interface OwnerGroup {
        /** {@code [owner] name}: who speaks in {@code bxctl chat} when {@code --speaker} is not given. */
        Optional<String> name();
    }
}
