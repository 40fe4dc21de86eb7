package dev.boxmaker.proto.tools;

import java.util.List;
import java.util.Set;

/**
 * The core tools' names and the limits of {@code recall}'s, {@code memory}'s (the M5a spec, section 5)
 * and {@code ask_memory}'s arguments (the M5c spec, section 9), written once: brokerd checks them before a call runs, memoryd again before it
 * applies one, and loopd's {@code tools} array states them to the model (a test holds the two equal).
 */
public final class ToolContract {
    public static final String CLOCK = "clock";
    public static final String RECALL = "recall";
    public static final String MEMORY = "memory";
    public static final String FIND_TOOL = "find_tool";
    public static final String CALL_TOOL = "call_tool";
    public static final String ASK_MEMORY = "ask_memory";
    /** The tools whose policy is built in (the M5a spec, section 8) and which memoryd serves. */
    public static final Set<String> MEMORY_TOOLS = Set.of(RECALL, MEMORY, ASK_MEMORY);

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

    public static final int QUESTION_CHARS_MIN = 1;
    public static final int QUESTION_CHARS_MAX = 2_000;
    /** ask_memory's fixed workspace names; any other name must be an agent of {@code [[honcho.read]]}. */
    public static final String WORKSPACE_OWN = "own";
    public static final String WORKSPACE_UNTRUSTED = "untrusted";
    public static final String WORKSPACE_FLEET = "fleet";
    public static final List<String> WORKSPACES_FIXED = List.of(WORKSPACE_OWN, WORKSPACE_UNTRUSTED, WORKSPACE_FLEET);
    /** The workspaces asked when {@code workspaces} is absent. */
    public static final List<String> WORKSPACES_DEFAULT = List.of(WORKSPACE_OWN);
    public static final int WORKSPACES_MIN = 1;
    /** Names in one call: the three fixed ones and one other agent's (each is one chat of up to 150 s). */
    public static final int WORKSPACES_MAX = 4;
    /** A name is a Honcho id at most (an agent's name in {@code [[honcho.read]]} is one): this long, of these characters. */
    public static final int WORKSPACE_NAME_CHARS_MAX = 512;
    public static final java.util.regex.Pattern WORKSPACE_NAME =
            java.util.regex.Pattern.compile("[A-Za-z0-9_-]{1," + WORKSPACE_NAME_CHARS_MAX + "}");
    /** Honcho's reasoning levels ask_memory offers, the default first. */
    public static final List<String> REASONING_LEVELS = List.of("minimal", "low");
    public static final String REASONING_DEFAULT = "minimal";

    private ToolContract() {
    }
}
