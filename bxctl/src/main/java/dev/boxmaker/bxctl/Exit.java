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
    /**
     * bxctl itself failed (an unexpected exception): not usage, which tells the owner to fix the
     * command line, and not a daemon's answer. One sentence, no stack trace.
     */
    public static final int INTERNAL = 4;

    private Exit() {
    }
}
