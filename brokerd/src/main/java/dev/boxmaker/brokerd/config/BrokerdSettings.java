package dev.boxmaker.brokerd.config;

import dev.boxmaker.brokerd.sentences.Sentences;
import dev.boxmaker.proto.config.ConfigException;
import dev.boxmaker.proto.config.ConfigLoader;
import dev.boxmaker.proto.config.ConfigPaths;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * brokerd's configuration with every path resolved. Built once at start-up; immutable.
 *
 * @param exec the command and time limit of each tool under {@code [runtime] kind = "exec"}
 */
public record BrokerdSettings(
        Path home,
        Path grantsDir,
        Path auditDir,
        Path loopSocket,
        Path adminSocket,
        Path stateSocket,
        Path memorySocket,
        RuntimeKind runtime,
        Map<String, ExecCommand> exec,
        Duration approvalTimeout) {

    /** The system property each daemon's main sets from {@code --config FILE}. */
    public static final String CONFIG_FILE_PROPERTY = "boxmaker.config.file";
    /**
     * An approval waits at most a day: past that the owner has forgotten it. loopd's wait for a
     * {@code call_tool} is derived from it (common-proto's {@code Wait}).
     */
    public static final long APPROVAL_TIMEOUT_HOURS_MAX = dev.boxmaker.proto.client.Wait.APPROVAL_WAIT_HOURS_MAX;

    /** {@code [runtime] kind}. */
    public enum RuntimeKind { REFUSING, EXEC }

    /** One {@code [runtime.exec.TOOL]}. */
    public record ExecCommand(List<String> command, Duration timeout) {
        public ExecCommand {
            command = List.copyOf(command);
        }
    }

    public BrokerdSettings {
        exec = Map.copyOf(exec);
    }

    /** Reads {@code file} (or nothing: every key has a default) and resolves every path. */
    public static BrokerdSettings load(Optional<Path> file, Map<String, String> env) {
        BrokerdConfig config = ConfigLoader.load(BrokerdConfig.class, file, env);
        Optional<Path> dir = config.config().dir();
        Path home = ConfigPaths.home(config.paths().home(), dir, env);
        RuntimeKind kind = switch (config.runtime().kind()) {
            case "refusing" -> RuntimeKind.REFUSING;
            case "exec" -> RuntimeKind.EXEC;
            default -> throw new ConfigException(Sentences.runtimeKindUnknown(config.runtime().kind()));
        };
        Map<String, ExecCommand> exec = new TreeMap<>();
        config.runtime().exec().forEach((tool, e) -> {
            if (e.command().isEmpty() || e.timeout().isZero()) {
                throw new ConfigException(Sentences.execCommandInvalid(tool));
            }
            exec.put(tool, new ExecCommand(program(e.command(), dir), e.timeout()));
        });
        Duration approvals = config.approvals().timeout();
        if (approvals.isZero() || approvals.compareTo(Duration.ofHours(APPROVAL_TIMEOUT_HOURS_MAX)) > 0) {
            throw new ConfigException(Sentences.approvalTimeoutInvalid(APPROVAL_TIMEOUT_HOURS_MAX));
        }
        return new BrokerdSettings(home, home.resolve("grants"), home.resolve("audit"),
                ConfigPaths.resolve(config.sockets().loop(), home, dir),
                ConfigPaths.resolve(config.sockets().admin(), home, dir),
                ConfigPaths.resolve(config.sockets().state(), home, dir),
                ConfigPaths.resolve(config.memory().socket(), home, dir),
                kind, exec, approvals);
    }

    /**
     * The command with a relative program path ({@code tools/fetch.sh}) taken from the file's folder,
     * as every relative path in a file is (home.md); a bare name ({@code curl}) is left for the
     * {@code PATH}, and an absolute path as it is.
     */
    static List<String> program(List<String> command, Optional<Path> configDir) {
        String program = command.get(0);
        if (!program.contains("/") || Path.of(program).isAbsolute()) {
            return command;
        }
        List<String> resolved = new ArrayList<>(command);
        resolved.set(0, configDir.map(d -> d.resolve(program)).orElse(Path.of(program)).toAbsolutePath().normalize().toString());
        return resolved;
    }

    /** The settings of this process: the file named by {@value #CONFIG_FILE_PROPERTY}, if set. */
    public static BrokerdSettings fromSystem() {
        Optional<Path> file = Optional.ofNullable(System.getProperty(CONFIG_FILE_PROPERTY)).map(Path::of);
        return load(file, System.getenv());
    }
}
