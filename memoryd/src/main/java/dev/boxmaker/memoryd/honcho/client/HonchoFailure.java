package dev.boxmaker.memoryd.honcho.client;

/**
 * A call to Honcho that did not succeed, by kind. Its message names the workspace, the operation,
 * the kind and the status, never the answer's body (it can echo memory text) nor a key.
 */
public final class HonchoFailure extends Exception {
    private static final long serialVersionUID = 1L;

    /** What went wrong, as the worker acts on it (the M5c spec, section 5). */
    public enum Kind {
        /** No answer: refused or dropped connection, a timeout, or a 5xx. Try again later. */
        UNREACHABLE("unreachable"),
        /** A 4xx other than 401/403 (and 409 on a create): the item is failed and passed over. */
        REFUSED("refused"),
        /** 401 or 403: this workspace's key is refused; its sends stop. */
        KEY_REFUSED("key-refused"),
        /** A success whose body is not what the route answers: garbage, HTML, too large, wrong shape. */
        BAD_ANSWER("bad-answer");

        private final String word;

        Kind(String word) {
            this.word = word;
        }

        /** How logs and {@code bxctl memory sync} name it. */
        public String word() {
            return word;
        }
    }

    private final Kind kind;
    private final int status;

    /** {@code status} 0 when there was no HTTP answer. */
    public HonchoFailure(String workspace, String operation, Kind kind, int status) {
        super("honcho " + workspace + " " + operation + ": " + kind.word() + (status > 0 ? " " + status : ""));
        this.kind = kind;
        this.status = status;
    }

    public Kind kind() {
        return kind;
    }

    /** The HTTP status, or 0 when there was none (a connection error or a timeout). */
    public int status() {
        return status;
    }
}
