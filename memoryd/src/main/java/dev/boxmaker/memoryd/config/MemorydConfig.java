package dev.boxmaker.memoryd.config;

import dev.boxmaker.proto.config.ConfigFileGroup;
import dev.boxmaker.proto.config.LogSection;
import dev.boxmaker.proto.config.StrictBooleanConverter;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * memoryd's configuration, {@code memoryd.toml} (the M5a spec, section 11; home.md). Every key has
 * a default, so memoryd starts with no file; an unknown key stops start-up, naming it.
 */
@ConfigMapping(prefix = "boxmaker", namingStrategy = ConfigMapping.NamingStrategy.SNAKE_CASE)
public interface MemorydConfig {
    /** Where the file itself is; set by the TOML source, not by the owner. */
    ConfigFileGroup config();

    /** {@code [paths]}. */
    PathsSection paths();

    /** {@code [memory]}. */
    MemorySection memory();

    /** {@code [index]}. */
    IndexSection index();

    /** {@code [sockets]}. */
    SocketsSection sockets();

    /** {@code [honcho]} (the M5c spec, section 10); absent, memoryd writes nothing to Honcho. */
    Optional<HonchoSection> honcho();

    /** {@code [secrets.NAME]} (sanitize.md): each one's file is checked and read at start. */
    Map<String, SecretSection> secrets();

    /** {@code [log]}: the log's format (common-proto's DaemonLogging reads it before Quarkus starts). */
    LogSection log();

    /** {@code [paths]}. */
    interface PathsSection {
        /** The home directory; default {@code $BOXMAKER_HOME}, then {@code /var/lib/boxmaker}. */
        Optional<String> home();
    }

    /** {@code [memory]}. */
    interface MemorySection {
        /** The starter copied to {@code soul.md} when it is missing; default the shipped one. */
        Optional<String> soulStarter();

        /** {@code true}: writes to memory.md and user.md wait for the owner's review. */
        @WithDefault("false")
        @WithConverter(StrictBooleanConverter.class)
        boolean review();

        /** The owner's name, as a session log's {@code speaker} gives it. */
        @WithDefault("owner")
        String owner();
    }

    /** {@code [index]}. */
    interface IndexSection {
        /** Records above this class are not indexed. */
        @WithDefault("private")
        String maxClass();
    }

    /** {@code [sockets]}: wire.md's default paths under {@code {home}}. */
    interface SocketsSection {
        /** loopd's socket: {@code memory_block}, {@code session_updated}. */
        @WithDefault("{home}/run/loop-memory/memory.sock")
        String loop();

        /** brokerd's socket: {@code memory_call}. */
        @WithDefault("{home}/run/broker-memory/memory.sock")
        String broker();

        /** The owner's socket: {@code reindex}, {@code memory_admin}. */
        @WithDefault("{home}/run/owner-memory/admin.sock")
        String admin();

        /** brokerd's state socket, which memoryd connects to with {@code [honcho]} (the M5c spec, section 7). */
        @WithDefault("{home}/run/memory-broker/state.sock")
        String brokerState();
    }

    /**
     * {@code [honcho]}. Every key is optional here so that a missing one is named in memoryd's own
     * sentence ({@link HonchoSettings}), not in SmallRye's.
     */
    interface HonchoSection {
        Optional<String> url();

        /** This agent's peer. */
        Optional<String> agent();

        /** The owner's peer, the same in every workspace of the fleet. */
        Optional<String> owner();

        Optional<String> trusted();

        Optional<String> untrusted();

        Optional<String> fleet();

        /** {@code [[honcho.read]]}: other agents' workspaces this agent reads. */
        Optional<List<ReadSection>> read();
    }

    /** One {@code [[honcho.read]]}. */
    interface ReadSection {
        Optional<String> agent();

        Optional<String> workspace();

        /** {@code untrusted} (the default) or {@code trusted}. */
        @WithDefault("untrusted")
        String trust();

        /** The class of what is read there. */
        @WithName("class")
        @WithDefault("private")
        String dataClass();
    }

    /** {@code [secrets.NAME]}. */
    interface SecretSection {
        /** The file holding the secret, relative to {@code {home}/secrets/} unless absolute. */
        Optional<String> file();
    }
}
