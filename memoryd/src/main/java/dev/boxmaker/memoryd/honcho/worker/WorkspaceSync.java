package dev.boxmaker.memoryd.honcho.worker;

import java.util.List;

/**
 * One workspace's state as {@code bxctl memory sync} shows it.
 *
 * @param role                 {@code trusted}, {@code untrusted} or {@code fleet}
 * @param oldestWaitingSeconds the age of the oldest waiting item, null when none waits
 * @param outageSince          the ISO instant Honcho became unreachable, null when it is not
 * @param keyRefused           whether Honcho refused this workspace's key (its sends are stopped)
 */
public record WorkspaceSync(String workspace, String role, long sent, long waiting, long failed,
        Long oldestWaitingSeconds, String outageSince, boolean keyRefused, List<FailedItem> failedItems) {
    public static final String TRUSTED = "trusted";
    public static final String UNTRUSTED = "untrusted";
    public static final String FLEET = "fleet";

    public WorkspaceSync {
        failedItems = List.copyOf(failedItems);
    }
}
