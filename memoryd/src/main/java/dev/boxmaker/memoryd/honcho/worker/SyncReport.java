package dev.boxmaker.memoryd.honcho.worker;

import java.util.List;

/**
 * What {@code bxctl memory sync} shows: each workspace memoryd writes to (trusted, untrusted, fleet),
 * and {@code speakerless}, the turns decided for nowhere because they had no speaker or one that
 * cannot be their peer name (invalid, named like the agent, or like the owner without being the owner).
 */
public record SyncReport(List<WorkspaceSync> workspaces, long speakerless) {
    public SyncReport {
        workspaces = List.copyOf(workspaces);
    }
}
