package dev.boxmaker.proto.daemon;

import dev.boxmaker.proto.config.TomlConfigSourceFactory;
import dev.boxmaker.proto.logging.DaemonLogging;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/**
 * Every daemon's {@code serve [--config FILE]}, checked before Quarkus starts, so a typo gets one
 * clear sentence and exit code 2 (usage) or 1 (configuration) instead of a stack trace. The log's
 * format ({@code [log] format}, the journal under systemd) is set here, before anything logs.
 */
public final class ServeCommandLine {
    /** The exit code of a command line that is not {@code serve [--config FILE]}. */
    public static final int EXIT_USAGE = 2;

    /** The exit code of a configuration that cannot be used. */
    public static final int EXIT_CONFIG = 1;

    /** A check of the configuration a daemon is about to start with; throws with a sentence. */
    @FunctionalInterface
    public interface Check {
        void run();
    }

    private ServeCommandLine() {
    }

    /**
     * Reads {@code args}; names the file for the TOML source; runs {@code check}. 0 when the daemon
     * may start; otherwise prints {@code usage} or {@code startFailed(reason)} and returns the code.
     */
    public static int prepare(String[] args, PrintStream err, String usage, Check check,
            Function<String, String> startFailed) {
        Optional<Path> config = Optional.empty();
        if (args.length == 0 || !args[0].equals("serve")) {
            err.println(usage);
            return EXIT_USAGE;
        }
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("--config") && i + 1 < args.length) {
                config = Optional.of(Path.of(args[++i]).toAbsolutePath());
            } else {
                err.println(usage);
                return EXIT_USAGE;
            }
        }
        config.ifPresent(TomlConfigSourceFactory::useFile);
        try {
            DaemonLogging.install(DaemonLogging.choose(config, System.getenv()), System.getenv());
            check.run();
        } catch (RuntimeException e) {
            err.println(startFailed.apply(e.getMessage()));
            return EXIT_CONFIG;
        }
        return 0;
    }
}
