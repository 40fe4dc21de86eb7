package dev.boxmaker.proto.logging;

import dev.boxmaker.proto.config.ConfigSentences;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * How a daemon writes its log to standard output: {@code [log] format} in its configuration, and
 * whether systemd reads that output into the journal ({@code JOURNAL_STREAM} set).
 */
public enum LogFormat {
    /** Quarkus's console pattern, with its own timestamp: a terminal or a file ({@code make run}). */
    TEXT,
    /** One line per event with a syslog priority prefix and no timestamp: the journal adds its own. */
    JOURNAL,
    /** One JSON object per line, for log shippers; under systemd each line has the priority prefix too. */
    JSON;

    /** The variable systemd sets for a service whose standard output goes to the journal. */
    public static final String JOURNAL_VARIABLE = "JOURNAL_STREAM";

    /** This process's standard output, as the kernel shows it. */
    static final Path STANDARD_OUTPUT = Path.of("/proc/self/fd/1");

    /** The configuration key, as the TOML source names it. */
    public static final String KEY = "boxmaker.log.format";

    /**
     * The format for {@code configured} ({@code "text"}, the default, or {@code "json"}) in {@code env}.
     *
     * @throws IllegalArgumentException with the sentence naming a value that is neither
     */
    public static LogFormat choose(Optional<String> configured, Map<String, String> env) {
        String value = configured.orElse("text");
        boolean journal = journal(env);
        return switch (value) {
            case "text" -> journal ? JOURNAL : TEXT;
            case "json" -> JSON;
            default -> throw new IllegalArgumentException(ConfigSentences.notLogFormat(value));
        };
    }

    /**
     * Whether standard output is the journal: {@code JOURNAL_STREAM} is set and names standard
     * output's device and inode ({@code dev:ino}), as systemd asks; a daemon whose output was sent
     * elsewhere by a process that inherited the variable (a shell of a desktop session) writes text.
     * Where standard output's inode cannot be read, the variable alone decides.
     */
    public static boolean journal(Map<String, String> env) {
        String stream = env.get(JOURNAL_VARIABLE);
        if (stream == null || stream.isEmpty()) {
            return false;
        }
        try {
            Map<String, Object> out = Files.readAttributes(STANDARD_OUTPUT, "unix:dev,ino");
            return stream.equals(out.get("dev") + ":" + out.get("ino"));
        } catch (IOException | RuntimeException e) {
            return true;
        }
    }
}
