package dev.boxmaker.proto.logging;

import dev.boxmaker.proto.config.TomlConfigSource;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Formatter;
import java.util.logging.Level;
import org.jboss.logmanager.LogContext;
import org.jboss.logmanager.handlers.ConsoleHandler;

/**
 * Puts a daemon's log in the format {@link LogFormat} chooses, from its main, before Quarkus starts:
 * for the journal and JSON formats, Quarkus's console handler is turned off and one of ours, on
 * standard output, takes every event from the start on.
 */
public final class DaemonLogging {
    /** The least level written; Quarkus's own default ({@code quarkus.log.level}). */
    public static final Level LEVEL = Level.INFO;

    private DaemonLogging() {
    }

    /**
     * The format for the configuration {@code file} (if any) in {@code env}.
     *
     * @throws RuntimeException with a sentence when the file cannot be read or the format is unknown
     */
    public static LogFormat choose(Optional<Path> file, Map<String, String> env) {
        Optional<String> configured = file.map(f -> TomlConfigSource.read(f).getValue(LogFormat.KEY));
        return LogFormat.choose(configured, env);
    }

    /** Installs {@code format} for this process; {@link LogFormat#TEXT} leaves Quarkus's console as it is. */
    public static void install(LogFormat format, Map<String, String> env) {
        Formatter formatter = switch (format) {
            case TEXT -> null;
            case JOURNAL -> new JournalFormatter();
            case JSON -> new JsonLineFormatter(LogFormat.journal(env));
        };
        if (formatter == null) {
            return;
        }
        System.setProperty("quarkus.log.console.enabled", "false");
        ConsoleHandler handler = new ConsoleHandler(ConsoleHandler.Target.SYSTEM_OUT, formatter);
        handler.setCharset(StandardCharsets.UTF_8);
        handler.setAutoFlush(true);
        handler.setLevel(LEVEL);
        LogContext.getLogContext().getLogger("").addHandler(handler);
    }
}
