package dev.boxmaker.proto.secrets;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * One secret (sanitize.md, "Secrets"): read from its file, which must be 0600 or 0400 and owned by
 * this process's user; one final newline trimmed; held in memory only. {@link #toString} never shows
 * the value, so a log line or an exception that names it shows the name only.
 */
public final class Secret {
    /** The largest secret file read: a bearer token is far smaller. */
    public static final long SECRET_BYTES_MAX = 16 * 1024;

    /**
     * Why a secret file that is a symbolic link is refused: its mode and owner would be the link's, and
     * whoever can change the link chooses what is read.
     */
    public static final String WHY_SYMBOLIC_LINK = "is a symbolic link, which is never followed; name the file"
            + " itself, mode 0600 or 0400";

    private static final Set<PosixFilePermission> OWNER_READ_WRITE =
            EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
    private static final Set<PosixFilePermission> OWNER_READ = EnumSet.of(PosixFilePermission.OWNER_READ);

    private final String name;
    private final String value;

    private Secret(String name, String value) {
        this.name = name;
        this.value = value;
    }

    /** A secret held in memory, for tests. */
    public static Secret of(String name, String value) {
        return new Secret(name, value);
    }

    /**
     * Reads the secret {@code name} from {@code file}, checking its mode, owner and size first.
     *
     * @throws SecretFileException naming the file and why, never its content
     */
    public static Secret read(String name, Path file) throws SecretFileException {
        if (Files.isSymbolicLink(file)) {
            throw new SecretFileException(file, WHY_SYMBOLIC_LINK);
        }
        try {
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
            if (!mode.equals(OWNER_READ_WRITE) && !mode.equals(OWNER_READ)) {
                throw new SecretFileException(file, "must be mode 0600 or 0400; it is "
                        + PosixFilePermissions.toString(mode));
            }
            String user = System.getProperty("user.name");
            String owner = Files.getOwner(file, LinkOption.NOFOLLOW_LINKS).getName();
            if (!owner.equals(user)) {
                throw new SecretFileException(file, "must be owned by " + user + "; it is owned by " + owner);
            }
            byte[] bytes;
            try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
                bytes = in.readNBytes((int) SECRET_BYTES_MAX + 1);
            }
            if (bytes.length > SECRET_BYTES_MAX) {
                throw new SecretFileException(file, "is larger than " + SECRET_BYTES_MAX + " bytes");
            }
            String text = new String(bytes, StandardCharsets.UTF_8);
            return new Secret(name, text.endsWith("\n") ? text.substring(0, text.length() - 1) : text);
        } catch (NoSuchFileException e) {
            throw new SecretFileException(file, "does not exist");
        } catch (IOException e) {
            // The exception's own message names only the path, never the content; it is left out anyway.
            throw new SecretFileException(file, "cannot be read (" + e.getClass().getSimpleName() + ")");
        }
    }

    /**
     * Whether the value is printable ASCII without line breaks, as a bearer token is, so that it can
     * go in an HTTP header.
     */
    public boolean printableAscii() {
        return value.chars().allMatch(c -> c >= 0x20 && c < 0x7F);
    }

    /** The secret's name, as {@code [secrets.NAME]} gives it. */
    public String name() {
        return name;
    }

    /** The value, to put in a request header and nowhere else. */
    public String value() {
        return value;
    }

    @Override
    public String toString() {
        return "secret " + name;
    }
}
