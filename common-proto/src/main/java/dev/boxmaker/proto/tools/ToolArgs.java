package dev.boxmaker.proto.tools;

import static dev.boxmaker.proto.tools.ToolContract.CONSOLIDATE_ITEMS_MAX;
import static dev.boxmaker.proto.tools.ToolContract.CONSOLIDATE_ITEMS_MIN;
import static dev.boxmaker.proto.tools.ToolContract.ENTRY_CHARS_MIN;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.Sentences;
import java.util.ArrayList;
import java.util.List;

/**
 * The one parser of {@code recall}'s and {@code memory}'s arguments (the M5a spec, section 5) and
 * {@code ask_memory}'s (the M5c spec, section 9): a
 * typed request, or a {@link ToolFault} whose sentence names the first field at fault. brokerd runs it
 * before a call is decided and memoryd again before it applies one, so both refuse the same
 * arguments with the same sentence. Unknown fields are ignored (docs/decisions.md, "Unknown fields
 * in a tool's arguments"); a JSON {@code null} for {@code k}, the one optional field, counts as absent.
 */
public final class ToolArgs {
    private ToolArgs() {
    }

    /** Checks {@code args} of {@code tool}; does nothing for a tool that is not a memory tool. */
    public static void check(String tool, ObjectNode args) throws ToolFault {
        if (tool.equals(ToolContract.RECALL)) {
            recall(args);
        } else if (tool.equals(ToolContract.MEMORY)) {
            memory(args);
        } else if (tool.equals(ToolContract.ASK_MEMORY)) {
            ask(args);
        }
    }

    /**
     * ask_memory's arguments: the question, then the workspaces (a list of distinct names that could
     * be workspaces), then the reasoning level. A JSON {@code null} for an optional field counts as absent.
     */
    public static AskRequest ask(ObjectNode args) throws ToolFault {
        String question = Fields.text(args, "question", ToolContract.QUESTION_CHARS_MIN,
                ToolContract.QUESTION_CHARS_MAX, ToolContract.ASK_MEMORY, "question", true);
        List<String> workspaces = ToolContract.WORKSPACES_DEFAULT;
        JsonNode list = args.get("workspaces");
        if (list != null && !list.isNull()) {
            if (!list.isArray() || list.size() < ToolContract.WORKSPACES_MIN
                    || list.size() > ToolContract.WORKSPACES_MAX) {
                throw new ToolFault(Sentences.askWorkspacesInvalid(ToolContract.WORKSPACES_MAX));
            }
            List<String> names = new ArrayList<>(list.size());
            for (int i = 0; i < list.size(); i++) {
                JsonNode name = list.get(i);
                if (!name.isTextual() || !ToolContract.WORKSPACE_NAME.matcher(name.textValue()).matches()) {
                    throw new ToolFault(Sentences.askWorkspaceNameInvalid(i));
                }
                if (names.contains(name.textValue())) {
                    throw new ToolFault(Sentences.askWorkspaceTwice(i));
                }
                names.add(name.textValue());
            }
            workspaces = names;
        }
        String reasoning = ToolContract.REASONING_DEFAULT;
        JsonNode level = args.get("reasoning");
        if (level != null && !level.isNull()) {
            if (!level.isTextual() || !ToolContract.REASONING_LEVELS.contains(level.textValue())) {
                throw new ToolFault(Sentences.ASK_REASONING_INVALID);
            }
            reasoning = level.textValue();
        }
        return new AskRequest(question, workspaces, reasoning);
    }

    public static RecallRequest recall(ObjectNode args) throws ToolFault {
        String query = Fields.text(args, "query", ToolContract.QUERY_CHARS_MIN, ToolContract.QUERY_CHARS_MAX,
                ToolContract.RECALL, "query", false);
        JsonNode k = args.get("k");
        if (k == null || k.isNull()) {
            return new RecallRequest(query, ToolContract.K_DEFAULT);
        }
        if (!k.isIntegralNumber() || !k.canConvertToInt()
                || k.intValue() < ToolContract.K_MIN || k.intValue() > ToolContract.K_MAX) {
            throw new ToolFault(Sentences.toolIntegerOutOfRange(ToolContract.RECALL, "k", ToolContract.K_MIN,
                    ToolContract.K_MAX));
        }
        return new RecallRequest(query, k.intValue());
    }

    public static MemoryRequest memory(ObjectNode args) throws ToolFault {
        JsonNode action = args.get("action");
        String name = action != null && action.isTextual() ? action.asText() : "";
        switch (name) {
            case "note" -> {
                return new MemoryRequest.Note(Fields.text(args, "text", ToolContract.NOTE_CHARS_MIN,
                        ToolContract.NOTE_CHARS_MAX, ToolContract.MEMORY, "text", true));
            }
            case "add" -> {
                ToolFile file = file(args);
                return new MemoryRequest.Add(file, entry(args, "text", file, "text"));
            }
            case "replace" -> {
                ToolFile file = file(args);
                String old = entry(args, "old", file, "old");
                return new MemoryRequest.Replace(file, old, entry(args, "text", file, "text"));
            }
            case "remove" -> {
                ToolFile file = file(args);
                return new MemoryRequest.Remove(file, entry(args, "old", file, "old"));
            }
            case "consolidate" -> {
                return consolidate(args);
            }
            default -> throw new ToolFault(Sentences.MEMORY_ACTION_INVALID);
        }
    }

    /** The {@code file} field; a missing or unknown file is refused. */
    private static ToolFile file(ObjectNode args) throws ToolFault {
        JsonNode file = args.get("file");
        String name = file != null && file.isTextual() ? file.asText() : "";
        return ToolFile.ofArg(name).orElseThrow(() -> new ToolFault(Sentences.MEMORY_FILE_INVALID));
    }

    /** An {@code old} or {@code text}: no longer than the file's whole limit. */
    private static String entry(JsonNode node, String field, ToolFile file, String named) throws ToolFault {
        return Fields.text(node, field, ENTRY_CHARS_MIN, file.charsMax(), ToolContract.MEMORY, named, true);
    }

    private static MemoryRequest.Consolidate consolidate(ObjectNode args) throws ToolFault {
        ToolFile file = file(args);
        JsonNode entries = args.get("entries");
        if (entries == null || !entries.isArray() || entries.size() < CONSOLIDATE_ITEMS_MIN
                || entries.size() > CONSOLIDATE_ITEMS_MAX) {
            throw new ToolFault(Sentences.consolidateEntriesInvalid(CONSOLIDATE_ITEMS_MAX));
        }
        List<MemoryRequest.Item> items = new ArrayList<>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            if (!entries.get(i).isObject()) {
                throw new ToolFault(Sentences.consolidateEntriesInvalid(CONSOLIDATE_ITEMS_MAX));
            }
            items.add(item(entries.get(i), i, file));
        }
        return new MemoryRequest.Consolidate(file, items);
    }

    /**
     * One item: its flags, then its {@code text}, then its {@code old}; with {@code old}, exactly one
     * of keep, text, move, drop; without, only text.
     */
    private static MemoryRequest.Item item(JsonNode e, int i, ToolFile file) throws ToolFault {
        String at = "entries[" + i + "].";
        boolean keep = Fields.flag(e, "keep", at);
        boolean move = Fields.flag(e, "move", at);
        boolean drop = Fields.flag(e, "drop", at);
        String text = e.has("text") ? entry(e, "text", file, at + "text") : null;
        if (!e.has("old")) {
            if (text == null || keep || move || drop) {
                throw new ToolFault(Sentences.consolidateNewNeedsOnlyText(i));
            }
            return new MemoryRequest.Item(null, MemoryRequest.Choice.NEW, text);
        }
        String old = entry(e, "old", file, at + "old");
        List<String> given = new ArrayList<>(4);
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
            String which = given.isEmpty() ? "none" : String.join(" and ", given);
            throw new ToolFault(Sentences.consolidateItemChoice(i, which));
        }
        MemoryRequest.Choice choice = keep ? MemoryRequest.Choice.KEEP
                : move ? MemoryRequest.Choice.MOVE
                : drop ? MemoryRequest.Choice.DROP
                : MemoryRequest.Choice.REWRITE;
        return new MemoryRequest.Item(old, choice, text);
    }
}
