package dev.boxmaker.proto.server;

/**
 * A socket server that refused to start or could not. The message is a fixed sentence from
 * {@code Sentences} naming the path, fit to print as the daemon's last words; the cause, when there
 * is one, is for the log.
 */
public final class ServerStartException extends RuntimeException {
    public ServerStartException(String sentence) {
        super(sentence);
    }

    public ServerStartException(String sentence, Throwable cause) {
        super(sentence, cause);
    }
}
