package dev.boxmaker.proto.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Directories and files made open to everyone, as a careless owner or another user leaves them. */
public final class LooseModes {
    private LooseModes() {
    }

    /** Makes {@code path} (a directory, or an empty file) 0777 or 0666. */
    public static Path loose(Path path, boolean dir) throws IOException {
        if (dir) {
            Files.createDirectories(path);
        } else {
            Files.writeString(path, "");
        }
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(dir ? "rwxrwxrwx" : "rw-rw-rw-"));
        return path;
    }

    /** The path's own mode, {@code rwx------}, a link's own when it is one. */
    public static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS));
    }
}
