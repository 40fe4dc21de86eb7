package dev.boxmaker.loopd.config;

import dev.boxmaker.proto.config.ConfigFileGroup;
import dev.boxmaker.proto.config.DurationConverter;
import dev.boxmaker.proto.config.LogSection;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * loopd's configuration, {@code loopd.toml} (home.md). Every key has a default, so loopd starts with
 * no file; an unknown key stops start-up, naming it.
 */
@ConfigMapping(prefix = "boxmaker", namingStrategy = ConfigMapping.NamingStrategy.SNAKE_CASE)
public interface LoopdConfig {
    /** Where the file itself is; set by the TOML source, not by the owner. */
    ConfigFileGroup config();

    /** {@code [paths]}. */
    PathsSection paths();

    /** {@code [sockets]}. */
    SocketsSection sockets();

    /** {@code [log]}: the log's format (common-proto's DaemonLogging reads it before Quarkus starts). */
    LogSection log();

    /** {@code [memory]}. */
    MemorySection memory();

    /** {@code [broker]}. */
    BrokerSection broker();

    /** {@code [model]}. */
    ModelSection model();

    /** {@code [system]}. */
    SystemSection system();

    /** {@code [tools]}. */
    ToolsSection tools();

    /** {@code [secrets.NAME]} (sanitize.md). */
    Map<String, SecretSection> secrets();

    /** {@code [paths]}. */
    interface PathsSection {
        /** The home directory; default {@code $BOXMAKER_HOME}, then {@code /var/lib/boxmaker}. */
        Optional<String> home();
    }

    /** {@code [sockets]}. */
    interface SocketsSection {
        /** The turn socket: {@code turn}, {@code loop_admin}. */
        @WithDefault("{home}/run/owner-loop/loop.sock")
        String turn();
    }

    /** {@code [memory]}. */
    interface MemorySection {
        /** memoryd's socket for loopd: {@code memory_block}, {@code session_updated}. */
        @WithDefault("{home}/run/loop-memory/memory.sock")
        String socket();
    }

    /** {@code [broker]}. */
    interface BrokerSection {
        /** brokerd's socket for loopd: {@code tool_request}. */
        @WithDefault("{home}/run/loop-broker/broker.sock")
        String socket();
    }

    /** {@code [model]}. */
    interface ModelSection {
        /** The OpenAI-compatible server's base URL, e.g. {@code http://127.0.0.1:8080}; none: turns are refused. */
        Optional<String> url();

        /** The model name sent with every request. */
        @WithDefault("default")
        String name();

        /** The name of the secret holding the bearer token; none: no Authorization header. */
        Optional<String> apiKey();

        /** The model's context window; a prompt that would pass it fails the turn (SessionFull). */
        @WithDefault("32768")
        long contextTokens();

        /** {@code max_tokens} of every request; kept free of the context window for the reply. */
        @WithDefault("4096")
        long maxReplyTokens();

        /** The longest one model call may take. */
        @WithDefault("5m")
        @WithConverter(DurationConverter.class)
        Duration timeout();
    }

    /** {@code [system]}. */
    interface SystemSection {
        /** system.md; default: the shipped one. */
        Optional<String> file();
    }

    /** {@code [tools]}. */
    interface ToolsSection {
        /** A folder of tool descriptions ({@code *.json}) that {@code find_tool} searches. */
        @WithDefault("{home}/tools")
        String catalog();
    }

    /** {@code [secrets.NAME]}. */
    interface SecretSection {
        /** The file holding the secret, relative to {@code {home}/secrets/} unless absolute. */
        String file();
    }
}
