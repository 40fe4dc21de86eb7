package dev.boxmaker.memoryd.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.Sentences;
import dev.boxmaker.memoryd.files.IdentityFile;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses the memory tool's {@code args} object. brokerd checks the shape too, but memoryd does not
 * trust that check: a wrong shape is refused here with a fixed sentence naming the field. Unknown
 * fields are ignored, as everywhere on the wire.
 */
public final class RequestParser {
    /** More items than memory.md could ever hold entries (each takes at least 4 characters with its separator). */
    public static final int CONSOLIDATE_ITEMS_MAX = 1_000;

    private RequestParser() {
    }

    public static Request parse(ObjectNode args) throws Refused {
        JsonNode action = args.get("action");
        if (action == null || !action.isTextual()) {
            throw new Refused(Sentences.ACTION_INVALID);
        }
        return switch (action.asText()) {
            case "note" -> new Request.Note(string(args, "text"));
            case "add" -> new Request.Add(file(args), string(args, "text"));
            case "replace" -> {
                IdentityFile file = file(args);
                String old = string(args, "old");
                yield new Request.Replace(file, old, string(args, "text"));
            }
            case "remove" -> new Request.Remove(file(args), string(args, "old"));
            case "consolidate" -> consolidate(args);
            default -> throw new Refused(Sentences.ACTION_INVALID);
        };
    }

    private static IdentityFile file(ObjectNode args) throws Refused {
        JsonNode file = args.get("file");
        if (file == null || !file.isTextual()) {
            throw new Refused(Sentences.FILE_INVALID);
        }
        return IdentityFile.ofArg(file.asText()).orElseThrow(() -> new Refused(Sentences.FILE_INVALID));
    }

    private static String string(JsonNode node, String field) throws Refused {
        return string(node, field, field);
    }

    private static String string(JsonNode node, String field, String named) throws Refused {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new Refused(Sentences.fieldNotString(named));
        }
        String text = value.asText();
        int lone = loneSurrogate(text);
        if (lone >= 0) {
            throw new Refused(Sentences.loneSurrogate(named, lone));
        }
        return text;
    }

    /**
     * The first surrogate without its pair, or -1. JSON's {@code \uD83C} escape can carry one; it has
     * no UTF-8 form, so the files would hold {@code ?} in its place, not the text that was answered.
     */
    private static int loneSurrogate(String text) {
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            if (codePoint >= Character.MIN_SURROGATE && codePoint <= Character.MAX_SURROGATE) {
                return codePoint;
            }
            i += Character.charCount(codePoint);
        }
        return -1;
    }

    private static Request.Consolidate consolidate(ObjectNode args) throws Refused {
        IdentityFile file = file(args);
        JsonNode entries = args.get("entries");
        if (entries == null || !entries.isArray()) {
            throw new Refused(Sentences.ENTRIES_INVALID);
        }
        if (entries.size() > CONSOLIDATE_ITEMS_MAX) {
            throw new Refused(Sentences.entriesTooMany(CONSOLIDATE_ITEMS_MAX));
        }
        List<Request.Item> items = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            if (!entries.get(i).isObject()) {
                throw new Refused(Sentences.ENTRIES_INVALID);
            }
            items.add(item(entries.get(i), i));
        }
        return new Request.Consolidate(file, items);
    }

    /** One item: with {@code old}, exactly one of keep, text, move, drop; without, only text. */
    private static Request.Item item(JsonNode e, int i) throws Refused {
        String at = "entries[" + i + "].";
        boolean keep = flag(e, "keep", at);
        boolean move = flag(e, "move", at);
        boolean drop = flag(e, "drop", at);
        String text = e.has("text") ? string(e, "text", at + "text") : null;
        if (!e.has("old")) {
            if (text == null || keep || move || drop) {
                throw new Refused(Sentences.consolidateNewNeedsOnlyText(i));
            }
            return Request.Item.added(text);
        }
        String old = string(e, "old", at + "old");
        List<String> given = new ArrayList<>();
        if (keep) {
            given.add("keep");
        }
        if (text != null) {
            given.add("text");
        }
        if (move) {
            given.add("move");
        }
        if (drop) {
            given.add("drop");
        }
        if (given.size() != 1) {
            throw new Refused(Sentences.consolidateItemChoice(i, given.isEmpty() ? "none" : String.join(" and ", given)));
        }
        if (keep) {
            return Request.Item.keep(old);
        }
        if (move) {
            return Request.Item.move(old);
        }
        return drop ? Request.Item.drop(old) : Request.Item.rewrite(old, text);
    }

    /** A flag is absent or {@code true}; anything else (false, a string) is a wrong shape. */
    private static boolean flag(JsonNode e, String field, String at) throws Refused {
        JsonNode value = e.get(field);
        if (value == null) {
            return false;
        }
        if (!value.isBoolean() || !value.asBoolean()) {
            throw new Refused(Sentences.fieldNotTrue(at + field));
        }
        return true;
    }
}
