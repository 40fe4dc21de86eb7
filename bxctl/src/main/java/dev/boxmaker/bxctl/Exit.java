package dev.boxmaker.bxctl;

/** bxctl's exit codes (bxctl.md). */
public final class Exit {
    /** Done. */
    public static final int DONE = 0;
    /** The daemon refused; its sentence is on standard error. */
    public static final int REFUSED = 1;
    /** The command line was wrong. */
    public static final int USAGE = 2;
    /** The daemon did not answer; the socket and the runbook entry are named. */
    public static final int NO_ANSWER = 3;

    private Exit() {
    }
}
