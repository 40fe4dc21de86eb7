package dev.boxmaker.proto.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Turns a TOML tree into SmallRye property names: tables become dotted segments, arrays become
 * {@code key[i]}, and an array of tables becomes {@code key[i].field}.
 */
final class TomlFlattener {
    /** A key made only of these needs no quotes in a SmallRye property name. */
    private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z0-9_-]+");

    private final Path file;
    private final Map<String, String> properties = new TreeMap<>();

    private TomlFlattener(Path file) {
        this.file = file;
    }

    /** Flattens {@code root} (a TOML document) under {@code prefix}; {@code file} only names errors. */
    static Map<String, String> flatten(JsonNode root, String prefix, Path file) {
        TomlFlattener flattener = new TomlFlattener(file);
        flattener.add(prefix, root);
        return flattener.properties;
    }

    private void add(String name, JsonNode node) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                add(name + "." + segment(field.getKey()), field.getValue());
            }
        } else if (node.isArray()) {
            // An empty array adds nothing: SmallRye has no way to say "an empty list" except absence.
            for (int i = 0; i < node.size(); i++) {
                add(name + "[" + i + "]", node.get(i));
            }
        } else if (!node.isNull()) {
            // TOML has no null; numbers, booleans and dates keep their TOML spelling as text.
            properties.put(name, node.asText());
        }
    }

    /**
     * Quotes a key SmallRye would otherwise split or index ({@code [secrets."a.b"]}), so it arrives
     * whole as a map key. A double quote cannot be quoted there, so it is refused.
     */
    private String segment(String key) {
        if (PLAIN_KEY.matcher(key).matches()) {
            return key;
        }
        if (key.indexOf('"') >= 0) {
            throw new ConfigException(ConfigSentences.quoteInKey(file, key));
        }
        return "\"" + key + "\"";
    }
}
