package dev.boxmaker.proto.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A mapping shaped like memoryd's (M5a spec, section 11) plus one of each shape the daemons use:
 * a map of tables with lists, an array of tables, Durations. Snake case, as the TOML files are written.
 */
@ConfigMapping(prefix = "boxmaker", namingStrategy = ConfigMapping.NamingStrategy.SNAKE_CASE)
public interface SampleConfig {
    ConfigFileGroup config();

    PathsGroup paths();

    MemoryGroup memory();

    IndexGroup index();

    SocketsGroup sockets();

    RuntimeGroup runtime();

    ApprovalsGroup approvals();

    HonchoGroup honcho();

    Map<String, SecretGroup> secrets();

    interface PathsGroup {
        Optional<String> home();
    }

    interface MemoryGroup {
        Optional<String> soulStarter();

        @WithDefault("false")
        @WithConverter(StrictBooleanConverter.class)
        boolean review();
    }

    interface IndexGroup {
        @WithDefault("private")
        DataClass maxClass();
    }

    enum DataClass { PUBLIC, PRIVATE, SECRET }

    interface SocketsGroup {
        @WithDefault("{home}/run/loop-memory/memory.sock")
        String loop();

        @WithDefault("{home}/run/broker-memory/memory.sock")
        String broker();

        @WithDefault("{home}/run/owner-memory/admin.sock")
        String admin();
    }

    interface RuntimeGroup {
        @WithDefault("refusing")
        String kind();

        Map<String, ExecGroup> exec();
    }

    interface ExecGroup {
        List<String> command();

        @WithDefault("30s")
        @WithConverter(DurationConverter.class)
        Duration timeout();
    }

    interface ApprovalsGroup {
        @WithDefault("10m")
        @WithConverter(DurationConverter.class)
        Duration timeout();

        @WithDefault("300ms")
        @WithConverter(DurationConverter.class)
        Duration poll();

        @WithDefault("1s,2s")
        @WithConverter(DurationConverter.class)
        List<Duration> backoff();
    }

    interface HonchoGroup {
        Optional<List<ReadGroup>> read();
    }

    interface ReadGroup {
        String workspace();

        Optional<String> peer();
    }

    interface SecretGroup {
        String file();
    }
}
