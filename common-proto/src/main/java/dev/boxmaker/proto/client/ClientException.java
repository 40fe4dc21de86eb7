package dev.boxmaker.proto.client;

import java.nio.file.Path;

/**
 * A call that got no usable reply. The message is a fixed sentence from {@code Sentences} naming
 * the socket and the runbook entry, fit to show the owner as is; the reason lets a caller choose
 * (for example, retry only when nothing answered).
 */
public final class ClientException extends Exception {
    /** What went wrong, one value per sentence. */
    public enum Reason {
        /** No socket file, or nobody listening on it: {@code Sentences.noDaemon}. */
        NO_DAEMON,
        /** The socket exists but this user may not open it ({@code EACCES}): {@code Sentences.notPermitted}. */
        NOT_PERMITTED,
        /** The connect did not complete in time (the server's backlog is full): {@code connectTimedOut}. */
        CONNECT_TIMED_OUT,
        /** No whole reply in time: {@code noReply}. */
        NO_REPLY,
        /** The server closed before a whole reply came: {@code connectionLost}. */
        CONNECTION_LOST,
        /** A reply came that is not a valid frame or message: {@code badReply}. */
        BAD_REPLY
    }

    private final Reason reason;
    private final Path socket;

    public ClientException(Reason reason, Path socket, String sentence, Throwable cause) {
        super(sentence, cause);
        this.reason = reason;
        this.socket = socket;
    }

    public Reason reason() {
        return reason;
    }

    public Path socket() {
        return socket;
    }
}
