package dev.boxmaker.proto.tools;

import java.util.List;
import java.util.Set;

/**
 * The core tools' names and the limits of {@code recall}'s and {@code memory}'s arguments (the M5a
 * spec, section 5), written once: brokerd checks them before a call runs, memoryd again before it
 * applies one, and loopd's {@code tools} array states them to the model (a test holds the two equal).
 */
public final class ToolContract {
    public static final String CLOCK = "clock";
    public static final String RECALL = "recall";
    public static final String MEMORY = "memory";
    public static final String FIND_TOOL = "find_tool";
    public static final String CALL_TOOL = "call_tool";
    /** The tools whose policy is built in (the M5a spec, section 8). */
    public static final Set<String> MEMORY_TOOLS = Set.of(RECALL, MEMORY);

    public static final int QUERY_CHARS_MIN = 1;
    public static final int QUERY_CHARS_MAX = 500;
    public static final int K_MIN = 1;
    public static final int K_MAX = 10;
    public static final int K_DEFAULT = 5;

    /** memory's actions, in the order the schema and the sentence list them. */
    public static final List<String> MEMORY_ACTIONS = List.of("add", "replace", "remove", "note", "consolidate");
    public static final int NOTE_CHARS_MIN = 1;
    public static final int NOTE_CHARS_MAX = 1_000;
    /** An entry, and any {@code old} or {@code text}, cannot be longer than its file's whole limit. */
    public static final int ENTRY_CHARS_MIN = 1;
    /** memory.md's limit, in code points of the canonical text. */
    public static final int MEMORY_FILE_CHARS_MAX = 2_200;
    /** user.md's limit, in code points of the canonical text. */
    public static final int USER_FILE_CHARS_MAX = 1_375;
    public static final int CONSOLIDATE_ITEMS_MIN = 1;
    /** More items than memory.md could ever hold entries (each takes at least 4 characters with its separator). */
    public static final int CONSOLIDATE_ITEMS_MAX = 1_000;

    private ToolContract() {
    }
}
