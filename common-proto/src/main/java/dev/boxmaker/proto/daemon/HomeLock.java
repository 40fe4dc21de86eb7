package dev.boxmaker.proto.daemon;

import dev.boxmaker.proto.Sentences;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;

/**
 * A daemon's hold on its home: an exclusive lock on {@code DAEMON.lock} in a folder of the home
 * ({@code memory/}, {@code audit/}, {@code run/}), taken in {@code main} before the daemon opens any of
 * its files and kept until the process ends (the system lets it go then, however the process ends).
 * The sockets' check refuses a second daemon once the first answers; the lock also refuses one started
 * in the moment before that, which would otherwise open the same files: a second memoryd building into
 * the same index, a second brokerd cutting what it takes for a torn last line off the audit log the
 * first is appending to, a second loopd appending to the same session's log.
 */
public final class HomeLock {
    /** The locked files' channels, kept open so each lock lasts as long as the process. */
    private static final Map<Path, FileChannel> HELD = new HashMap<>();

    private HomeLock() {
    }

    /** The lock file's name for {@code daemon}: {@code memoryd.lock}. */
    public static String fileName(String daemon) {
        return daemon + ".lock";
    }

    /**
     * Takes {@code daemon}'s lock in {@code dir} (made 0700 if missing; the file 0600), or throws an
     * {@link IllegalStateException} with a sentence: {@link Sentences#homeInUse} when another process
     * holds it, {@link Sentences#homeLockFailed} when it cannot be taken at all. Taking a lock this
     * process holds again is a no-op, also when it was taken through another class loader.
     */
    public static synchronized void take(String daemon, Path dir) {
        Path file = dir.resolve(fileName(daemon)).toAbsolutePath();
        if (HELD.containsKey(file)) {
            return;
        }
        FileChannel channel = null;
        try {
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            }
            try {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (FileAlreadyExistsException exists) {
                // Left by an earlier start, or made by the other process starting now: either is the file to lock.
            }
            channel = FileChannel.open(file, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException heldHere) {
                // This process holds it through a channel HELD does not know: a live reload of dev mode
                // (quarkus:dev) runs main again in a new class loader, with a HELD of its own.
                channel.close();
                return;
            }
            if (lock == null) {
                channel.close();
                throw new IllegalStateException(Sentences.homeInUse(daemon, file));
            }
            HELD.put(file, channel);
        } catch (IOException | OverlappingFileLockException e) {
            closeQuietly(channel);
            throw new IllegalStateException(Sentences.homeLockFailed(daemon, file, String.valueOf(e.getMessage())), e);
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // Already failing with the lock's own sentence.
            }
        }
    }
}
