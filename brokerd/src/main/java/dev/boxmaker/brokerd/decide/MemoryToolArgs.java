package dev.boxmaker.brokerd.decide;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.brokerd.Sentences;
import java.util.Set;

/**
 * The shapes and limits of {@code recall} and {@code memory} (the M5a spec, section 5), checked
 * before anything runs. A wrong shape is refused with a sentence naming the field; unknown fields are
 * ignored, as everywhere on the wire. The content rules (duplicates, the check, the file limits as the
 * files are now) are memoryd's, which checks the shape again.
 */
public final class MemoryToolArgs {
    public static final String RECALL = "recall";
    public static final String MEMORY = "memory";
    /** The tools whose policy is built in (the M5a spec, section 8). */
    public static final Set<String> MEMORY_TOOLS = Set.of(RECALL, MEMORY);

    public static final int QUERY_CHARS_MIN = 1;
    public static final int QUERY_CHARS_MAX = 500;
    public static final int K_MIN = 1;
    public static final int K_MAX = 10;
    public static final int NOTE_CHARS_MIN = 1;
    public static final int NOTE_CHARS_MAX = 1_000;
    /** An entry cannot be longer than its file's whole limit: memory.md's 2,200, user.md's 1,375. */
    public static final int MEMORY_FILE_CHARS_MAX = 2_200;
    public static final int USER_FILE_CHARS_MAX = 1_375;
    /** As memoryd's: more items than memory.md could hold entries. */
    public static final int CONSOLIDATE_ITEMS_MAX = 1_000;

    private MemoryToolArgs() {
    }

    /** A wrong shape; the message is the sentence the model reads. */
    public static final class Refused extends Exception {
        public Refused(String sentence) {
            super(sentence, null, false, false);
        }
    }

    /** Checks {@code args} of {@code tool}; does nothing for a tool that is not a memory tool. */
    public static void check(String tool, ObjectNode args) throws Refused {
        if (tool.equals(RECALL)) {
            recall(args);
        } else if (tool.equals(MEMORY)) {
            memory(args);
        }
    }

    private static void recall(ObjectNode args) throws Refused {
        text(args, "query", QUERY_CHARS_MIN, QUERY_CHARS_MAX, "recall", "query");
        JsonNode k = args.get("k");
        if (k != null && !(k.isIntegralNumber() && k.canConvertToInt() && k.asInt() >= K_MIN && k.asInt() <= K_MAX)) {
            throw new Refused(Sentences.integerOutOfRange("recall", "k", K_MIN, K_MAX));
        }
    }

    private static void memory(ObjectNode args) throws Refused {
        JsonNode action = args.get("action");
        String name = action != null && action.isTextual() ? action.asText() : "";
        switch (name) {
            case "note" -> text(args, "text", NOTE_CHARS_MIN, NOTE_CHARS_MAX, "memory", "text");
            case "add" -> text(args, "text", 1, fileChars(args), "memory", "text");
            case "replace" -> {
                int max = fileChars(args);
                text(args, "old", 1, max, "memory", "old");
                text(args, "text", 1, max, "memory", "text");
            }
            case "remove" -> text(args, "old", 1, fileChars(args), "memory", "old");
            case "consolidate" -> consolidate(args);
            default -> throw new Refused(Sentences.MEMORY_ACTION_INVALID);
        }
    }

    /** The {@code file} field's limit; refuses a missing or unknown file. */
    private static int fileChars(ObjectNode args) throws Refused {
        JsonNode file = args.get("file");
        String name = file != null && file.isTextual() ? file.asText() : "";
        return switch (name) {
            case "memory" -> MEMORY_FILE_CHARS_MAX;
            case "user" -> USER_FILE_CHARS_MAX;
            default -> throw new Refused(Sentences.MEMORY_FILE_INVALID);
        };
    }

    private static void consolidate(ObjectNode args) throws Refused {
        int max = fileChars(args);
        JsonNode entries = args.get("entries");
        if (entries == null || !entries.isArray() || entries.isEmpty() || entries.size() > CONSOLIDATE_ITEMS_MAX) {
            throw new Refused(Sentences.consolidateEntriesInvalid(CONSOLIDATE_ITEMS_MAX));
        }
        for (int i = 0; i < entries.size(); i++) {
            JsonNode item = entries.get(i);
            String at = "entries[" + i + "]";
            if (!item.isObject()) {
                throw new Refused(Sentences.consolidateItemInvalid(at));
            }
            item(item, at, max);
        }
    }

    /** With {@code old}: exactly one of keep, text, move, drop. Without: only text, a new entry. */
    private static void item(JsonNode item, String at, int max) throws Refused {
        int given = 0;
        for (String flag : new String[] {"keep", "move", "drop"}) {
            JsonNode value = item.get(flag);
            if (value != null) {
                if (!value.isBoolean() || !value.asBoolean()) {
                    throw new Refused(Sentences.consolidateFlagNotTrue(at + "." + flag));
                }
                given++;
            }
        }
        if (item.has("text")) {
            text(item, "text", 1, max, "memory", at + ".text");
            given++;
        }
        if (item.has("old")) {
            text(item, "old", 1, max, "memory", at + ".old");
            if (given != 1) {
                throw new Refused(Sentences.consolidateItemInvalid(at));
            }
        } else if (given != 1 || !item.has("text")) {
            throw new Refused(Sentences.consolidateItemInvalid(at));
        }
    }

    /** A string field of {@code min} to {@code max} characters (code points, as memoryd counts). */
    private static void text(JsonNode node, String field, int min, int max, String tool, String named) throws Refused {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new Refused(Sentences.textOutOfRange(tool, named, min, max));
        }
        String text = value.asText();
        int chars = text.codePointCount(0, text.length());
        if (chars < min || chars > max) {
            throw new Refused(Sentences.textOutOfRange(tool, named, min, max));
        }
    }
}
