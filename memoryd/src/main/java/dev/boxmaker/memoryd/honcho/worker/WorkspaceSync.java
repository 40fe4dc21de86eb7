package dev.boxmaker.memoryd.honcho.worker;

import java.util.List;

/**
 * One workspace's state as {@code bxctl memory sync} shows it.
 *
 * @param role                 {@code trusted}, {@code untrusted} or {@code fleet}
 * @param oldestWaitingSeconds the age of the oldest waiting item, null when none waits
 * @param outageSince          the ISO instant Honcho became unreachable, null when it is not
 * @param keyRefused           whether Honcho refused this workspace's key (its sends are stopped)
 * @param settingsRefused      the fleet's: the status Honcho refused to turn its reasoning, summaries and
 *                             dreaming off with (0: none), null when they are off or not yet checked (and then
 *                             absent from the JSON)
 */
public record WorkspaceSync(String workspace, String role, long sent, long waiting, long failed,
        Long oldestWaitingSeconds, String outageSince, boolean keyRefused, List<FailedItem> failedItems,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
        Integer settingsRefused) {
    public static final String TRUSTED = "trusted";
    public static final String UNTRUSTED = "untrusted";
    public static final String FLEET = "fleet";

    public WorkspaceSync {
        failedItems = List.copyOf(failedItems);
    }

    /** A workspace whose settings were not refused. */
    public WorkspaceSync(String workspace, String role, long sent, long waiting, long failed,
            Long oldestWaitingSeconds, String outageSince, boolean keyRefused, List<FailedItem> failedItems) {
        this(workspace, role, sent, waiting, failed, oldestWaitingSeconds, outageSince, keyRefused, failedItems, null);
    }
}
