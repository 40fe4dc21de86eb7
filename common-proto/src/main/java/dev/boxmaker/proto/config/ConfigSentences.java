package dev.boxmaker.proto.config;

import java.nio.file.Path;
import java.util.Optional;

/** Every sentence the configuration code shows the owner, in one place; tests pin each one. */
public final class ConfigSentences {
    /** Parser and converter details are clipped so one bad value cannot flood a terminal or log. */
    public static final int DETAIL_CHARS_MAX = 200;

    private ConfigSentences() {
    }

    public static String noSuchFile(Path file) {
        return "cannot read the configuration file " + file + ": no such file";
    }

    public static String unreadable(Path file, String why) {
        return "cannot read the configuration file " + file + ": " + clip(why);
    }

    public static String tooLarge(Path file, long bytesMax) {
        return "the configuration file " + file + " is larger than " + bytesMax
                + " bytes; a configuration file is a few kilobytes, so check that --config names the right file";
    }

    /** {@code line} is 1-based; 0 or less when the parser did not say where. */
    public static String notToml(Path file, int line, String detail) {
        String where = line > 0 ? " (line " + line + ")" : "";
        return "the configuration file " + file + " is not valid TOML" + where + ": " + clip(detail);
    }

    public static String reservedSection(Path file) {
        return "the configuration file " + file
                + " has a [config] section; that name is reserved for the file's own path, so remove it";
    }

    public static String quoteInKey(Path file, String key) {
        return "the configuration file " + file + " has a key with a double quote in it (" + clip(key)
                + "); no Boxmaker key has one, so rename it";
    }

    /** SmallRye's own text follows on the next lines: it names each key that was refused. */
    public static String refused(Optional<Path> file, String smallRyeMessage) {
        String what = file.map(f -> "the configuration file " + f).orElse("the configuration");
        return what + " was refused; fix each key named below and start again\n" + smallRyeMessage;
    }

    public static String notLogFormat(String value) {
        return "[log] format must be \"text\" or \"json\", got \"" + clip(value) + "\"";
    }

    public static String notBoolean(String value) {
        return "expected true or false, got \"" + clip(value) + "\"";
    }

    public static String notDuration(String value) {
        return "expected a whole number and a unit (ms, s, m or h) such as \"300ms\", \"30s\" or \"10m\", got \""
                + clip(value) + "\"";
    }

    public static String badHomePlaceholder(String value) {
        return "the path \"" + clip(value) + "\" uses {home} but not as \"{home}/…\"; write {home} alone or"
                + " followed by a slash";
    }

    public static String notBoxmakerMapping(Class<?> mapping) {
        return mapping.getName() + " is not a @ConfigMapping with prefix \"" + TomlConfigSource.PREFIX + "\"";
    }

    public static String missingConverter(String method, Class<?> converter) {
        return "the mapping method " + method + " needs @WithConverter(" + converter.getSimpleName()
                + ".class), or SmallRye's lenient default would accept values such as \"yes\" or \"30\"";
    }

    static String clip(String text) {
        if (text == null) {
            return "";
        }
        return text.length() <= DETAIL_CHARS_MAX ? text : text.substring(0, DETAIL_CHARS_MAX) + "…";
    }
}
