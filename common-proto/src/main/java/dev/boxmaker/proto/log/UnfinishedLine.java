package dev.boxmaker.proto.log;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The unfinished last line a crash in the middle of an append leaves in a file of lines (a session
 * log, the audit log, memoryd's journal): left there, the next line appended would be glued onto it
 * and the two would become one line that does not parse. A reader skips it; a writer cuts it off
 * before it appends again. Its write never completed, so nobody was told it was made.
 */
public final class UnfinishedLine {
    /** One append to a file of lines. */
    @FunctionalInterface
    public interface Append {
        void run() throws IOException;
    }

    /** How a caller cuts an unfinished line off {@code file}: {@link #drop}, or one that also logs it. */
    @FunctionalInterface
    public interface Cut {
        void cut(Path file) throws IOException;
    }

    private UnfinishedLine() {
    }

    /**
     * Runs {@code append} on {@code file}; when it fails partway (a full disk can take half a line),
     * the bytes that went in are cut off with {@code cut} before the failure is thrown, so the next
     * line is not glued onto them. A failure to cut is added to the first.
     */
    public static void appendOrCut(Path file, Append append, Cut cut) throws IOException {
        try {
            append.run();
        } catch (IOException e) {
            try {
                cut.cut(file);
            } catch (IOException failedCut) {
                e.addSuppressed(failedCut);
            }
            throw e;
        }
    }

    /** The offset just past the last newline of the file behind {@code channel}, or 0 when it has none. */
    public static long wholeLinesEnd(FileChannel channel) throws IOException {
        return lastNewline(channel, channel.size(), 0) + 1;
    }

    /**
     * Where the last {@code \n} before offset {@code until} is in the file behind {@code channel},
     * scanning back a window at a time no further than offset {@code floor}; -1 when there is none.
     */
    public static long lastNewline(FileChannel channel, long until, long floor) throws IOException {
        ByteBuffer chunk = ByteBuffer.allocate(LineScanner.CHUNK_BYTES);
        long end = until;
        while (end > floor) {
            long from = Math.max(floor, end - chunk.capacity());
            chunk.clear().limit((int) (end - from));
            while (chunk.hasRemaining() && channel.read(chunk, from + chunk.position()) > 0) {
                // Fill the whole window; a short read only happens if the file shrank under us.
            }
            for (int i = chunk.position() - 1; i >= 0; i--) {
                if (chunk.get(i) == '\n') {
                    return from + i;
                }
            }
            end = from;
        }
        return -1;
    }

    /**
     * Cuts {@code file} back to the end of its last whole line, flushed to the disk; the bytes cut (0
     * when it ends with a newline, is empty or does not exist).
     */
    public static long drop(Path file) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = channel.size();
            long end = wholeLinesEnd(channel);
            if (end < size) {
                channel.truncate(end);
                channel.force(true);
            }
            return size - end;
        }
    }
}
