package dev.boxmaker.memoryd.sentences;

/** The sentences of the fleet workspace's settings (reasoning, summaries and dreaming kept off). */
public final class FleetSettingsSentences {
    private FleetSettingsSentences() {
    }

    /** Honcho refused to turn the fleet workspace's reasoning, summaries and dreaming off (memoryd's log, once a run). */
    public static String refusedLog(String workspace, int status, String kind) {
        return "Honcho refused to turn reasoning, summaries and dreaming off in the fleet workspace " + workspace
                + " (" + statusText(status) + ", " + kind + "); fleet notes are still written to it, and Honcho may"
                + " reason over them until its settings are changed";
    }

    /** {@code bxctl memory sync}'s line under the fleet workspace whose settings could not be turned off. */
    public static String syncRefused(String workspace, int status) {
        return "  settings: Honcho refused to turn reasoning, summaries and dreaming off in " + workspace + " ("
                + statusText(status) + "); set them off with PUT /v3/workspaces/" + workspace;
    }

    private static String statusText(int status) {
        return status == 0 ? "no status" : "HTTP " + status;
    }
}
