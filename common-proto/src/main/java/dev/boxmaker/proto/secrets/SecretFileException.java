package dev.boxmaker.proto.secrets;

import java.nio.file.Path;

/**
 * A secret file that cannot be used: missing, unreadable, of the wrong mode or owner, or too large.
 * The message names the file and why ({@link #why}), never the file's content; each daemon puts
 * {@link #file} and {@link #why} in a sentence of its own.
 */
public final class SecretFileException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final String why;

    SecretFileException(Path file, String why) {
        super("the secret file " + file + " " + why);
        this.file = file;
        this.why = why;
    }

    /** The file, as it was resolved. */
    public Path file() {
        return file;
    }

    /** Why it cannot be used, e.g. {@code must be mode 0600 or 0400; it is rw-r--r--}. */
    public String why() {
        return why;
    }
}
