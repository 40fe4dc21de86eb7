package dev.boxmaker.proto.testing;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A daemon's lock file held by the test's own process, as another daemon started on the same home in
 * the same moment would hold it; let go at {@link #close}.
 */
public final class HeldLock implements AutoCloseable {
    private final FileChannel channel;

    private HeldLock(FileChannel channel) {
        this.channel = channel;
    }

    /** Locks {@code file}, made with its folder if missing. */
    public static HeldLock on(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            channel.lock();
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        return new HeldLock(channel);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
