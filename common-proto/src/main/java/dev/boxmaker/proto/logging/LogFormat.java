package dev.boxmaker.proto.logging;

import dev.boxmaker.proto.config.ConfigSentences;
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

    /** Whether each line starts with its syslog priority, {@code <3>} to {@code <7>}. */
    public static boolean journal(Map<String, String> env) {
        return env.get(JOURNAL_VARIABLE) != null && !env.get(JOURNAL_VARIABLE).isEmpty();
    }
}
