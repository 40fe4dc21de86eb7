package dev.boxmaker.proto.tools;

import java.util.List;

/**
 * ask_memory's arguments once their shape is known good (the M5c spec, section 9): {@code workspaces}
 * distinct names in the order given, {@link ToolContract#WORKSPACES_DEFAULT} when absent;
 * {@code reasoning} {@link ToolContract#REASONING_DEFAULT} when absent. Whether a name other than the
 * fixed three is an agent this memoryd reads is memoryd's to say: only it knows {@code [[honcho.read]]}.
 */
public record AskRequest(String question, List<String> workspaces, String reasoning) {
    public AskRequest {
        workspaces = List.copyOf(workspaces);
    }
}
