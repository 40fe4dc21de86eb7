package dev.boxmaker.memoryd.home;

import dev.boxmaker.memoryd.Sentences;
import dev.boxmaker.memoryd.files.Durable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * memoryd's hold on its home: an exclusive lock on {@code memory/memoryd.lock}, taken in {@code main}
 * before the index opens and kept until the process ends (the system lets it go then, however the
 * process ends). The sockets' check refuses a second memoryd once the first answers; this lock also
 * refuses one started in the half second before that, which would otherwise open the same index and
 * could build into the same {@code memory.sqlite3.new}, each rename putting the other's file in
 * place. In {@code memory/}, which memoryd owns and an owner does not delete to rebuild, unlike
 * {@code index/}.
 */
public final class HomeLock {
    public static final String FILE = "memoryd.lock";

    /** The locked file's channel, kept open so the lock lasts as long as the process. */
    private static FileChannel held;

    private HomeLock() {
    }

    /**
     * Takes the lock in {@code memoryDir} (made if missing), or throws with a sentence: {@link
     * Sentences#homeInUse} when another process holds it, {@link Sentences#homeLockFailed} when it
     * cannot be taken at all. Taking it again in the same process is a no-op.
     */
    public static synchronized void take(Path memoryDir) {
        if (held != null) {
            return;
        }
        Path file = memoryDir.resolve(FILE).toAbsolutePath();
        FileChannel channel = null;
        try {
            Durable.ensureDirectory(memoryDir);
            Durable.ensureFile(file);
            channel = FileChannel.open(file, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                throw new IllegalStateException(Sentences.homeInUse(file));
            }
            held = channel;
        } catch (IOException | OverlappingFileLockException e) {
            closeQuietly(channel);
            throw new IllegalStateException(Sentences.homeLockFailed(file, String.valueOf(e.getMessage())), e);
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
