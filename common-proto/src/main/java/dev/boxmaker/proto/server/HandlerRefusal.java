package dev.boxmaker.proto.server;

/**
 * A handler's no: the message is a fixed sentence the client reads as is, with the runbook entry to
 * read when there is one. Nothing is logged for it; a refusal is an answer, not a fault.
 */
public class HandlerRefusal extends Exception {
    private final String runbook;

    public HandlerRefusal(String sentence) {
        this(sentence, null);
    }

    public HandlerRefusal(String sentence, String runbook) {
        // No stack trace: a refusal is expected control flow and is never logged.
        super(sentence, null, false, false);
        this.runbook = runbook;
    }

    /** The runbook entry the error frame names, or null. */
    public String runbook() {
        return runbook;
    }
}
