package dev.boxmaker.loopd.baseline;

import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.SessionLogs;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/**
 * Writes a session's baseline once and reads it back. Durable (conventions.md): a temp file,
 * flushed, renamed into place, the folder flushed; a baseline that exists is never overwritten.
 */
public final class BaselineStore {
    private static final java.util.Set<java.nio.file.OpenOption> CREATE_WRITE = java.util.Set.of(
            StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE,
            java.nio.file.LinkOption.NOFOLLOW_LINKS);

    private final Path home;

    public BaselineStore(Path home) {
        this.home = home;
    }

    public Path file(SessionId session) {
        return SessionLogs.dir(home, session).resolve(Baseline.FILE);
    }

    /** The session's baseline, or empty when it has none yet (a new session). */
    public Optional<Baseline> read(SessionId session) throws IOException {
        Path file = file(session);
        SessionLogs.refuseLink(file.getParent());
        if (!Files.exists(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        byte[] bytes;
        try (FileChannel ch = SessionLogs.open(file, StandardOpenOption.READ)) {
            bytes = java.nio.channels.Channels.newInputStream(ch).readAllBytes();
        }
        Baseline b = Json.MAPPER.readValue(bytes, Baseline.class);
        if (!b.session().equals(session)) {
            throw new IOException("it names session " + b.session().value());
        }
        return Optional.of(b);
    }

    /** Writes {@code baseline}; refuses when the session already has one. */
    public void write(Baseline baseline) throws IOException {
        Path file = file(baseline.session());
        Path dir = file.getParent();
        createDirs(dir);
        // Nothing under sessions/ is followed: a linked folder would put the baseline outside the home.
        SessionLogs.refuseLink(dir);
        SessionLogs.refuseLink(file);
        if (Files.exists(file)) {
            throw new FileAlreadyExistsException(file.toString());
        }
        byte[] bytes = Json.MAPPER.writeValueAsBytes(baseline);
        // The always-on check: what is written reads back as the same baseline.
        if (!Json.MAPPER.readValue(bytes, Baseline.class).equals(baseline)) {
            throw new IllegalStateException("the baseline does not read back as written");
        }
        Path temp = dir.resolve(Baseline.FILE + ".tmp");
        try (FileChannel ch = FileChannel.open(temp, CREATE_WRITE,
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
            ByteBuffer buf = ByteBuffer.wrap(bytes);
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
            ch.force(true);
        }
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
        forceDirectory(dir);
    }

    private static void createDirs(Path dir) throws IOException {
        if (!Files.isDirectory(dir.getParent())) {
            Files.createDirectories(dir.getParent(),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        if (!Files.isDirectory(dir)) {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            forceDirectory(dir.getParent());
        }
    }

    private static void forceDirectory(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        }
    }
}
