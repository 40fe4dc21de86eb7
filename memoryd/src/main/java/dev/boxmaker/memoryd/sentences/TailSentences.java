package dev.boxmaker.memoryd.sentences;

/** The sentences of the one reading of session logs for the Honcho turn decisions (memoryd's log). */
public final class TailSentences {
    private TailSentences() {
    }

    /** A line of a session log cannot be read: the turns after it wait. */
    public static String logUnreadable(String session, long record, String why) {
        return "session " + session + "'s log cannot be read from record " + record + " for Honcho decisions (" + why
                + "); the turns before it are decided, the ones after it wait until it can be read";
    }

    /** The start-up scan could not list the session logs. */
    public static String scanFailed(String why) {
        return "the start-up scan of the session logs for undecided Honcho turns could not list sessions/ (" + why
                + "); their turns are decided at each session's next update";
    }
}
