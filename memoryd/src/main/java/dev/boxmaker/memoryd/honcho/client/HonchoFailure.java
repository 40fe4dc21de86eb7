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
        /**
         * A success whose body is not what the route answers: garbage, HTML, too deep, too large, endless,
         * wrong shape. After a write Honcho may hold what was sent: the worker looks it up before sending again.
         */
        BAD_ANSWER("bad-answer"),
        /** 429 or 408: the workspace is busy; the worker waits ({@code Retry-After} if given) and looks up before resending. */
        BUSY("busy");

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
    private final transient java.time.Duration retryAfter;

    /** {@code status} 0 when there was no HTTP answer. */
    public HonchoFailure(String workspace, String operation, Kind kind, int status) {
        this(workspace, operation, kind, status, null);
    }

    /** {@code retryAfter}: the wait a {@link Kind#BUSY} answer asked for, or null. */
    public HonchoFailure(String workspace, String operation, Kind kind, int status, java.time.Duration retryAfter) {
        super("honcho " + workspace + " " + operation + ": " + kind.word() + (status > 0 ? " " + status : ""));
        this.kind = kind;
        this.status = status;
        this.retryAfter = retryAfter;
    }

    /** The wait the server asked for with {@code Retry-After}, if it did. */
    public java.util.Optional<java.time.Duration> retryAfter() {
        return java.util.Optional.ofNullable(retryAfter);
    }

    public Kind kind() {
        return kind;
    }

    /** The HTTP status, or 0 when there was none (a connection error or a timeout). */
    public int status() {
        return status;
    }
}
