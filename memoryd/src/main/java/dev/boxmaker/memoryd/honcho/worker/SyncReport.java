package dev.boxmaker.memoryd.honcho.worker;

import java.util.List;

/**
 * What {@code bxctl memory sync} shows: each workspace memoryd writes to (trusted, untrusted, fleet),
 * and {@code speakerless}, the turns decided for nowhere because they had no speaker or one that
 * cannot be their peer name (invalid, named like the agent, or like the owner without being the owner);
 * {@code secretWrites}, the memory writes decided for nowhere because their text held a secret
 * ({@code secret-held:} reasons).
 */
public record SyncReport(List<WorkspaceSync> workspaces, long speakerless, long secretWrites) {
    public SyncReport {
        workspaces = List.copyOf(workspaces);
    }

    /** A report without memory writes kept local for a secret. */
    public SyncReport(List<WorkspaceSync> workspaces, long speakerless) {
        this(workspaces, speakerless, 0);
    }
}
