package dev.boxmaker.proto.log;

import dev.boxmaker.proto.Sentences;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Complete lines of a file, one at a time, read through a fixed buffer so a large log is never held
 * whole. A last line without its newline is not returned: it is a write in progress.
 *
 * <p>A scanner {@link #release}d hands its two buffers to the next one its thread makes: made anew for
 * each log, they were the largest thing a catch-up of many logs allocated (72 KB a log, 300 MB over
 * the 5,000 logs of a million records), and the collector ran that much more often. A line buffer
 * grown past {@link #KEPT_LINE_BYTES_MAX} is not kept, so a long line's buffer is not held for good.
 *
 * <p>Public for the other files of lines (brokerd's audit log), which read through it too.
 */
public final class LineScanner {
    /** How much of the file one read takes. */
    static final int CHUNK_BYTES = 64 * 1024;

    /** The first size of the line buffer; it doubles up to the line limit as long lines need. */
    private static final int LINE_BUFFER_BYTES_MIN = 8 * 1024;

    /** The largest line buffer a released scanner leaves for the next. */
    static final int KEPT_LINE_BYTES_MAX = CHUNK_BYTES;

    /** A thread's buffers left by its last released scanner, taken by its next; empty while one is in use. */
    private static final ThreadLocal<Buffers> KEPT = new ThreadLocal<>();

    private record Buffers(ByteBuffer chunk, byte[] line) {
    }

    private final FileChannel channel;
    private final Path file;
    private final int lineBytesMax;
    private final ByteBuffer chunk;
    private long chunkStart;
    private byte[] line;
    private int lineLength;
    private boolean atEnd;

    /** Reads {@code channel} from {@code offset}, which must be the start of a line. */
    public LineScanner(FileChannel channel, Path file, long offset, int lineBytesMax) {
        this.channel = channel;
        this.file = file;
        this.chunkStart = offset;
        this.lineBytesMax = lineBytesMax;
        Buffers kept = KEPT.get();
        if (kept != null) {
            KEPT.remove();
            chunk = kept.chunk().clear().flip();
            line = kept.line();
        } else {
            chunk = ByteBuffer.allocate(CHUNK_BYTES).flip();
            line = new byte[LINE_BUFFER_BYTES_MIN];
        }
    }

    /**
     * Leaves this scanner's buffers to the next scanner made on this thread; this one is not used
     * after. Its reader releases it when a read ends, failed or not; the next scanner empties both
     * buffers before use, and one never released only means the next one makes its own.
     */
    void release() {
        if (line.length <= KEPT_LINE_BYTES_MAX) {
            KEPT.set(new Buffers(chunk, line));
        }
    }

    /** The line buffer; its first {@link #length()} bytes are the line {@link #next} found. */
    public byte[] bytes() {
        return line;
    }

    /** The length of the line {@link #next} found. */
    public int length() {
        return lineLength;
    }

    /**
     * Finds the next complete line, numbered {@code record} for a sentence, and returns the offset
     * just past its newline; or -1 when the file ends first. A line longer than the limit is refused
     * even unfinished, since no completion can make it valid.
     */
    public long next(long record) throws IOException {
        lineLength = 0;
        while (true) {
            if (!chunk.hasRemaining() && !fill()) {
                return -1;
            }
            int from = chunk.position();
            int newline = indexOfNewline(chunk);
            int end = newline < 0 ? chunk.limit() : newline;
            append(chunk.array(), from, end - from, record);
            if (newline >= 0) {
                chunk.position(newline + 1);
                return chunkStart + chunk.position();
            }
            chunk.position(end);
        }
    }

    /**
     * Skips {@code count} complete lines without reading them as records; returns the offset just
     * past the last one, or -1 when the file has fewer.
     */
    long skip(long count) throws IOException {
        long offset = chunkStart + chunk.position();
        for (long seen = 0; seen < count; ) {
            if (!chunk.hasRemaining() && !fill()) {
                return -1;
            }
            int newline = indexOfNewline(chunk);
            if (newline < 0) {
                chunk.position(chunk.limit());
            } else {
                chunk.position(newline + 1);
                offset = chunkStart + chunk.position();
                seen++;
            }
        }
        return offset;
    }

    private boolean fill() throws IOException {
        if (atEnd) {
            return false;
        }
        chunkStart += chunk.limit();
        chunk.clear();
        int read = 0;
        while (read == 0) {
            read = channel.read(chunk, chunkStart);
        }
        chunk.flip();
        if (read < 0) {
            // Stay at the end: a later call sees the same end, even if the file grows meanwhile.
            atEnd = true;
            return false;
        }
        return true;
    }

    private static int indexOfNewline(ByteBuffer buffer) {
        byte[] array = buffer.array();
        for (int i = buffer.position(); i < buffer.limit(); i++) {
            if (array[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private void append(byte[] source, int from, int count, long record) throws LogFormatException {
        if (lineLength + count > lineBytesMax) {
            throw new LogFormatException(file, record, Sentences.logLineTooLong(lineBytesMax));
        }
        if (lineLength + count > line.length) {
            int size = (int) Math.min(lineBytesMax, Math.max((long) line.length * 2, lineLength + count));
            line = Arrays.copyOf(line, size);
        }
        System.arraycopy(source, from, line, lineLength, count);
        lineLength += count;
    }
}
