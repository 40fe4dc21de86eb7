package dev.boxmaker.brokerd.grants;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.boxmaker.brokerd.sentences.Sentences;
import dev.boxmaker.proto.tools.ToolContract;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.config.DurationConverter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.PathMatcher;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** One grant file's text to a {@link Grant}, or the sentence saying what is wrong with it. */
public final class GrantParser {
    public static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9_-]{0,63}");
    /** A tool's name as a grant may give it. */
    public static final Pattern TOOL = Pattern.compile("[a-z][a-z0-9_]{0,63}");
    public static final int LIST_ITEMS_MAX = 256;
    public static final int ITEM_CHARS_MAX = 1_024;
    /** The longest a grant lets a call run; loopd's wait for a {@code call_tool} is derived from it. */
    public static final long TIMEOUT_SECONDS_MAX = dev.boxmaker.proto.client.Wait.GRANT_RUN_SECONDS_MAX;
    public static final String TIMEOUT_DEFAULT = "30s";

    private static final Set<String> KEYS = Set.of("tool", "mode", "max_taint", "result_class", "untrusted",
            "hosts", "paths", "patterns", "timeout");
    private static final TomlMapper TOML = new TomlMapper();

    private GrantParser() {
    }

    /** A grant file's problem; the message is the sentence, without the file's name. */
    public static final class Invalid extends Exception {
        public Invalid(String sentence) {
            super(sentence, null, false, false);
        }
    }

    /** An owner's grant file {@code id}.toml. */
    public static Grant parse(String id, byte[] bytes) throws Invalid {
        if (id.startsWith(BuiltinGrants.RESERVED_PREFIX)) {
            throw new Invalid(Sentences.GRANT_ID_RESERVED);
        }
        if (!ID.matcher(id).matches()) {
            throw new Invalid(Sentences.GRANT_ID_INVALID);
        }
        Grant grant = build(id, tree(bytes), BuiltinGrants.sha256(bytes));
        if (ToolContract.MEMORY_TOOLS.contains(grant.tool())) {
            throw new Invalid(Sentences.GRANT_NAMES_MEMORY_TOOL);
        }
        return grant;
    }

    static Grant parseBuiltin(String id, String text) throws Invalid {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return build(id, tree(bytes), BuiltinGrants.sha256(bytes));
    }

    private static JsonNode tree(byte[] bytes) throws Invalid {
        try {
            JsonNode root = TOML.readTree(bytes);
            if (root == null || !root.isObject()) {
                throw new Invalid(Sentences.GRANT_NOT_TOML);
            }
            return root;
        } catch (IOException e) {
            throw new Invalid(Sentences.GRANT_NOT_TOML);
        }
    }

    private static Grant build(String id, JsonNode root, String sha256) throws Invalid {
        for (Map.Entry<String, JsonNode> field : root.properties()) {
            if (!KEYS.contains(field.getKey())) {
                throw new Invalid(Sentences.grantKeyUnknown(field.getKey()));
            }
        }
        String tool = string(root, "tool", null);
        if (!TOOL.matcher(tool).matches()) {
            throw new Invalid(Sentences.GRANT_TOOL_INVALID);
        }
        Grant.Mode mode = switch (string(root, "mode", null)) {
            case "auto" -> Grant.Mode.AUTO;
            case "ask" -> Grant.Mode.ASK;
            case "deny" -> Grant.Mode.DENY;
            default -> throw new Invalid(Sentences.GRANT_MODE_INVALID);
        };
        DataClass maxTaint = dataClass(root, "max_taint");
        Label result = new Label(dataClass(root, "result_class"), bool(root, "untrusted", true));
        List<String> hosts = strings(root, "hosts");
        List<PathMatcher> paths = new ArrayList<>();
        for (String glob : strings(root, "paths")) {
            try {
                paths.add(FileSystems.getDefault().getPathMatcher("glob:" + glob));
            } catch (IllegalArgumentException e) {
                throw new Invalid(Sentences.grantListItemInvalid("paths", glob));
            }
        }
        List<Pattern> patterns = new ArrayList<>();
        for (String regex : strings(root, "patterns")) {
            try {
                patterns.add(Pattern.compile(regex));
            } catch (PatternSyntaxException e) {
                throw new Invalid(Sentences.grantListItemInvalid("patterns", regex));
            }
        }
        return new Grant(id, tool, mode, maxTaint, result, hosts.stream().map(h -> h.toLowerCase(java.util.Locale.ROOT)).toList(),
                paths, patterns, timeout(root), sha256);
    }

    private static String string(JsonNode root, String key, String fallback) throws Invalid {
        JsonNode value = root.get(key);
        if (value == null && fallback != null) {
            return fallback;
        }
        if (value == null || !value.isTextual()) {
            throw new Invalid(Sentences.grantKeyNotString(key));
        }
        return value.asText();
    }

    /** Absent: {@code private}, the class every session starts at. */
    private static DataClass dataClass(JsonNode root, String key) throws Invalid {
        String word = string(root, key, "private");
        try {
            return DataClass.parse(word);
        } catch (IllegalArgumentException e) {
            throw new Invalid(Sentences.grantClassInvalid(key));
        }
    }

    private static boolean bool(JsonNode root, String key, boolean fallback) throws Invalid {
        JsonNode value = root.get(key);
        if (value == null) {
            return fallback;
        }
        if (!value.isBoolean()) {
            throw new Invalid(Sentences.grantKeyNotBoolean(key));
        }
        return value.asBoolean();
    }

    private static List<String> strings(JsonNode root, String key) throws Invalid {
        JsonNode value = root.get(key);
        if (value == null) {
            return List.of();
        }
        if (!value.isArray() || value.size() > LIST_ITEMS_MAX) {
            throw new Invalid(Sentences.grantListInvalid(key, LIST_ITEMS_MAX, ITEM_CHARS_MAX));
        }
        List<String> items = new ArrayList<>();
        for (JsonNode item : value) {
            if (!item.isTextual() || item.asText().isEmpty() || item.asText().length() > ITEM_CHARS_MAX) {
                throw new Invalid(Sentences.grantListInvalid(key, LIST_ITEMS_MAX, ITEM_CHARS_MAX));
            }
            items.add(item.asText());
        }
        return items;
    }

    private static Duration timeout(JsonNode root) throws Invalid {
        String text = string(root, "timeout", TIMEOUT_DEFAULT);
        try {
            Duration timeout = new DurationConverter().convert(text);
            if (timeout.isZero() || timeout.compareTo(Duration.ofSeconds(TIMEOUT_SECONDS_MAX)) > 0) {
                throw new Invalid(Sentences.grantTimeoutInvalid(TIMEOUT_SECONDS_MAX));
            }
            return timeout;
        } catch (IllegalArgumentException e) {
            throw new Invalid(Sentences.grantTimeoutInvalid(TIMEOUT_SECONDS_MAX));
        }
    }
}
