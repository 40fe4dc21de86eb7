package dev.boxmaker.brokerd.config;

import dev.boxmaker.proto.config.ConfigFileGroup;
import dev.boxmaker.proto.config.DurationConverter;
import dev.boxmaker.proto.config.LogSection;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * brokerd's configuration, {@code brokerd.toml} (home.md). Every key has a default, so brokerd starts
 * with no file; an unknown key stops start-up, naming it.
 */
@ConfigMapping(prefix = "boxmaker", namingStrategy = ConfigMapping.NamingStrategy.SNAKE_CASE)
public interface BrokerdConfig {
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

    /** {@code [runtime]}. */
    RuntimeSection runtime();

    /** {@code [approvals]}. */
    ApprovalsSection approvals();

    /** {@code [paths]}. */
    interface PathsSection {
        /** The home directory; default {@code $BOXMAKER_HOME}, then {@code /var/lib/boxmaker}. */
        Optional<String> home();
    }

    /** {@code [sockets]}: wire.md's default paths under {@code {home}}. */
    interface SocketsSection {
        /** loopd's socket: {@code tool_request}. */
        @WithDefault("{home}/run/loop-broker/broker.sock")
        String loop();

        /** The owner's socket: {@code broker_admin}. */
        @WithDefault("{home}/run/owner-broker/admin.sock")
        String admin();

        /** memoryd's socket: {@code session_state}. */
        @WithDefault("{home}/run/memory-broker/state.sock")
        String state();
    }

    /** {@code [memory]}. */
    interface MemorySection {
        /** memoryd's socket for brokerd: {@code memory_call}. */
        @WithDefault("{home}/run/broker-memory/memory.sock")
        String socket();
    }

    /** {@code [runtime]}. */
    interface RuntimeSection {
        /** {@code refusing} (every tool other than the memory tools refused) or {@code exec}. */
        @WithDefault("refusing")
        String kind();

        /** {@code [runtime.exec.TOOL]}: the command that runs each tool under {@code exec}. */
        Map<String, ExecTool> exec();
    }

    /** {@code [runtime.exec.TOOL]}. */
    interface ExecTool {
        /** The program and its arguments; the call's {@code args} JSON goes to its standard input. */
        List<String> command();

        /** The longest the command may run; the grant's own timeout applies too, the shorter wins. */
        @WithDefault("30s")
        @WithConverter(DurationConverter.class)
        Duration timeout();
    }

    /** {@code [approvals]}. */
    interface ApprovalsSection {
        /** How long an {@code ask} call waits for the owner, then it is denied as timed out. */
        @WithDefault("10m")
        @WithConverter(DurationConverter.class)
        Duration timeout();
    }
}
