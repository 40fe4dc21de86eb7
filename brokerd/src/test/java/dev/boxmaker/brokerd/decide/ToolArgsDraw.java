package dev.boxmaker.brokerd.decide;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Builds a tool's arguments from a list of choices QuickTheories draws (and shrinks: a choice of 0
 * is always the plainest). Fields come at their limits and one past (0, 1, 500, 501, 1,000, 1,001,
 * 1,375, 1,376, 2,200, 2,201 characters; 0, 1, 1,000 and 1,001 items), with wrong types, missing,
 * null, holding a surrogate without its pair, and beside unknown fields.
 */
final class ToolArgsDraw {
    static final int[] LENGTHS = {1, 0, 500, 501, 1_000, 1_001, 1_375, 1_376, 2_200, 2_201, 7};
    static final int[] ITEM_COUNTS = {1, 2, 0, 3, 1_000, 1_001};
    static final List<String> ACTIONS = List.of("note", "add", "replace", "remove", "consolidate", "delete");
    static final List<String> FILES = List.of("memory", "user", "soul");

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private final List<Integer> choices;
    private int at;

    ToolArgsDraw(List<Integer> choices) {
        this.choices = choices;
    }

    /** A choice from 0 to {@code bound - 1}; 0 once the list is spent. */
    int next(int bound) {
        int choice = at < choices.size() ? choices.get(at++) : 0;
        return Math.floorMod(choice, bound);
    }

    ObjectNode recall() {
        ObjectNode args = NODES.objectNode();
        put(args, "query", next(4) == 0 ? value() : text());
        if (next(2) == 1) {
            args.set("k", next(3) == 0 ? value() : NODES.numberNode(new int[] {1, 10, 0, 11, 5}[next(5)]));
        }
        unknown(args);
        return args;
    }

    ObjectNode memory() {
        ObjectNode args = NODES.objectNode();
        int action = next(ACTIONS.size() + 2);
        if (action < ACTIONS.size()) {
            args.put("action", ACTIONS.get(action));
        } else if (action == ACTIONS.size()) {
            args.set("action", value());
        }
        int file = next(FILES.size() + 2);
        if (file < FILES.size()) {
            args.put("file", FILES.get(file));
        } else if (file == FILES.size()) {
            args.set("file", value());
        }
        put(args, "text", next(5) == 0 ? null : next(4) == 0 ? value() : text());
        put(args, "old", next(3) == 0 ? null : next(4) == 0 ? value() : text());
        if (next(2) == 0) {
            args.set("entries", next(6) == 0 ? value() : entries());
        }
        unknown(args);
        return args;
    }

    /** ask_memory's: a question at its limits, workspaces as a list of names good and bad, a reasoning level. */
    ObjectNode ask() {
        ObjectNode args = NODES.objectNode();
        if (next(5) != 0) {
            int[] lengths = {1, 0, 2_000, 2_001, 7};
            args.set("question", next(4) == 0 ? value() : next(3) == 0 ? text()
                    : NODES.textNode("q".repeat(lengths[next(lengths.length)])));
        }
        if (next(2) == 1) {
            args.set("workspaces", next(5) == 0 ? value() : workspaces());
        }
        if (next(2) == 1) {
            args.set("reasoning", next(3) == 0 ? value()
                    : NODES.textNode(REASONING.get(next(REASONING.size()))));
        }
        unknown(args);
        return args;
    }

    static final List<String> WORKSPACE_NAMES = List.of("own", "untrusted", "fleet", "boxmaker1", "a.b", "",
            "x".repeat(512), "x".repeat(513), "Own");
    static final List<String> REASONING = List.of("minimal", "low", "medium", "");

    private ArrayNode workspaces() {
        ArrayNode list = NODES.arrayNode();
        int count = new int[] {1, 2, 0, 3, 4, 5}[next(6)];
        for (int i = 0; i < count; i++) {
            list.add(next(6) == 0 ? value() : NODES.textNode(WORKSPACE_NAMES.get(next(WORKSPACE_NAMES.size()))));
        }
        return list;
    }

    private ArrayNode entries() {
        ArrayNode list = NODES.arrayNode();
        int count = ITEM_COUNTS[next(ITEM_COUNTS.length)];
        for (int i = 0; i < count; i++) {
            list.add(item());
        }
        return list;
    }

    private JsonNode item() {
        return switch (next(8)) {
            case 0 -> NODES.objectNode().put("text", "n");
            case 1 -> NODES.objectNode().put("old", "a").put("keep", true);
            case 2 -> NODES.objectNode().put("old", "a").set("text", text());
            case 3 -> NODES.objectNode().put("old", "a").put("move", true);
            case 4 -> NODES.objectNode().put("old", "a").put("drop", true);
            case 5 -> value();
            default -> {
                ObjectNode item = NODES.objectNode();
                for (String field : new String[] {"old", "text", "keep", "move", "drop"}) {
                    if (next(2) == 1) {
                        boolean flag = !field.equals("old") && !field.equals("text");
                        item.set(field, next(2) == 0 ? value() : flag ? NODES.booleanNode(true) : text());
                    }
                }
                unknown(item);
                yield item;
            }
        };
    }

    /** A string: plain, of a limit's length (in x or in emoji, two UTF-16 units each), or with a lone surrogate. */
    private JsonNode text() {
        return switch (next(4)) {
            case 0 -> NODES.textNode("t");
            case 1 -> NODES.textNode("x".repeat(LENGTHS[next(LENGTHS.length)]));
            case 2 -> NODES.textNode("\uD83D\uDE00".repeat(LENGTHS[next(LENGTHS.length)]));
            default -> NODES.textNode(next(2) == 0 ? "tea \uD83C" : "\uDF75");
        };
    }

    /** Any JSON value, mostly of a wrong type. */
    private JsonNode value() {
        return switch (next(10)) {
            case 0 -> NODES.numberNode(7);
            case 1 -> NODES.numberNode(99_999_999_999L);
            case 2 -> NODES.numberNode(2.5);
            case 3 -> NODES.booleanNode(true);
            case 4 -> NODES.booleanNode(false);
            case 5 -> NODES.nullNode();
            case 6 -> NODES.arrayNode();
            case 7 -> NODES.objectNode();
            case 8 -> NODES.textNode(FILES.get(next(FILES.size())));
            default -> text();
        };
    }

    private void put(ObjectNode args, String field, JsonNode value) {
        if (value != null) {
            args.set(field, value);
        }
    }

    private void unknown(ObjectNode args) {
        if (next(4) == 1) {
            args.set(new String[] {"limit", "extra", "K", "why"}[next(4)], value());
        }
    }
}
