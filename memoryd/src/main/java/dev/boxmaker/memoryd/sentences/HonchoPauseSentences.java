package dev.boxmaker.memoryd.sentences;

import dev.boxmaker.proto.Numbers;

/** What the Honcho worker logs when a workspace pauses (busy, or an answer to a write it could not read). */
public final class HonchoPauseSentences {
    private HonchoPauseSentences() {
    }

    public static String busy(String workspace, int status, long waitSeconds) {
        return "Honcho workspace " + workspace + " is busy (busy " + status + "); its items wait "
                + Numbers.grouped(waitSeconds) + " s, longer each time it stays busy, and are looked up in Honcho"
                + " before they are sent again (runbook honcho-unreachable)";
    }

    public static String unreadable(String item, String workspace, int status, long waitSeconds) {
        return "Honcho's answer to " + item + " for workspace " + workspace + " could not be read (bad-answer"
                + (status > 0 ? " " + status : "") + "); Honcho may hold it, so the workspace's items wait "
                + Numbers.grouped(waitSeconds) + " s and are looked up before they are sent again"
                + " (runbook honcho-unreachable)";
    }
}
