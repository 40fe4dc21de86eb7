package dev.boxmaker.proto.log;

import dev.boxmaker.proto.Sentences;
import dev.boxmaker.proto.wire.Frames;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads a session log from where a caller left off, a batch at a time (home.md, "Session logs").
 *
 * <p>Only complete lines are read: a last line without its newline is a write in progress, left for
 * the next read. The writer writes each line with its newline last, in one write, so a newline seen
 * means the line before it is whole. A line that cannot be read ends the batch before it, and the
 * read that starts at it throws a {@link LogFormatException} naming the file and the record: the
 * records before it are returned, none after it, since record numbers are line numbers and a
 * reader must not skip one silently.
 *
 * <p>Memory stays bounded for any log: lines are found through a fixed buffer, one line is held at
 * most {@link #LINE_BYTES_MAX} bytes, and one batch at most about {@link #BATCH_BYTES_MAX} bytes of
 * lines. A missing file is a {@link java.nio.file.NoSuchFileException}.
 */
public final class SessionLogReader {
    /**
     * The longest line, without its newline: a frame's limit and room for the record's own fields,
     * so a tool result that arrived whole in a frame always fits in a line.
     */
    public static final int LINE_BYTES_MAX = Frames.FRAME_BYTES_MAX + 64 * 1024;

    /** A batch stops after the line that reaches this many bytes; every batch holds at least one line. */
    public static final int BATCH_BYTES_MAX = 32 * 1024 * 1024;

    private final Path file;
    private final int lineBytesMax;
    private final int batchBytesMax;

    /** A reader of the log at {@code file}, usually {@link SessionLogs#file}. */
    public SessionLogReader(Path file) {
        this(file, LINE_BYTES_MAX, BATCH_BYTES_MAX);
    }

    /** A reader with other limits, so tests can reach them with small files. */
    SessionLogReader(Path file, int lineBytesMax, int batchBytesMax) {
        this.file = Objects.requireNonNull(file, "file");
        this.lineBytesMax = lineBytesMax;
        this.batchBytesMax = batchBytesMax;
    }

    public Path file() {
        return file;
    }

    /**
     * The records read so far and how far they reach.
     *
     * @param records the records, in order; the first is number {@code from.records()}
     * @param next    the position after the last record returned, to pass to the next read
     * @param more    whether the batch stopped at its size limit rather than at the end of the
     *                complete lines; read again from {@code next} for the rest (possibly none)
     */
    public record Batch(List<LogRecord> records, LogPosition next, boolean more) {
        public Batch {
            records = List.copyOf(records);
        }
    }

    /**
     * The records from number {@code progress} on, when all a caller kept is the count. The first
     * {@code progress} lines are scanned for their ends but not read as records.
     */
    public Batch read(long progress) throws IOException {
        return read(position(progress));
    }

    /** The records from {@code from}, a position an earlier read returned, without rescanning. */
    public Batch read(LogPosition from) throws IOException {
        return read(from, Long.MAX_VALUE);
    }

    /**
     * {@link #read(LogPosition)}, stopping at the line that starts at or after byte {@code until} (then
     * {@code more}): a reader that was handed the records from there on reads only what comes before.
     */
    public Batch read(LogPosition from, long until) throws IOException {
        Objects.requireNonNull(from, "from");
        try (FileChannel channel = SessionLogs.open(file, StandardOpenOption.READ)) {
            checkStart(channel, from);
            LineScanner lines = new LineScanner(channel, file, from.bytes(), lineBytesMax);
            try {
                List<LogRecord> records = new ArrayList<>();
                long record = from.records();
                long offset = from.bytes();
                while (offset - from.bytes() < batchBytesMax && offset < until) {
                    long end;
                    try {
                        end = lines.next(record);
                        if (end >= 0) {
                            records.add(LogLines.decode(lines.bytes(), lines.length(), file, record));
                        }
                    } catch (LogFormatException bad) {
                        if (records.isEmpty()) {
                            throw bad;
                        }
                        // The records before the bad line are whole, and theirs to read: they end this
                        // batch, and the next read, from the bad line, throws.
                        return new Batch(records, new LogPosition(record, offset), true);
                    }
                    if (end < 0) {
                        return new Batch(records, new LogPosition(record, offset), false);
                    }
                    record++;
                    offset = end;
                }
                return new Batch(records, new LogPosition(record, offset), true);
            } finally {
                lines.release();
            }
        }
    }

    /**
     * The position of record number {@code records}, found by scanning line ends from the start;
     * the lines are not read as records. A log with fewer complete lines was changed by something
     * else, since logs are only appended to.
     */
    public LogPosition position(long records) throws IOException {
        if (records < 0) {
            throw new IllegalArgumentException(Sentences.logPositionInvalid(records, 0));
        }
        try (FileChannel channel = SessionLogs.open(file, StandardOpenOption.READ)) {
            LineScanner lines = new LineScanner(channel, file, 0, lineBytesMax);
            long offset;
            try {
                offset = lines.skip(records);
            } finally {
                lines.release();
            }
            if (offset < 0) {
                throw new LogFormatException(file, Sentences.logEndsBeforeRecord(file, records));
            }
            return new LogPosition(records, offset);
        }
    }

    /** {@code from} must lie in the file and begin a line: just after a newline, or at 0. */
    private void checkStart(FileChannel channel, LogPosition from) throws IOException {
        if (from.bytes() == 0) {
            return;
        }
        if (from.bytes() > channel.size()) {
            throw new LogFormatException(file, Sentences.logEndsBeforeByte(file, from.bytes()));
        }
        ByteBuffer before = ByteBuffer.allocate(1);
        while (before.hasRemaining() && channel.read(before, from.bytes() - 1) >= 0) {
            // One byte; the loop only guards against a read of zero.
        }
        if (before.hasRemaining() || before.get(0) != '\n') {
            throw new LogFormatException(file, Sentences.logNotALineStart(file, from.bytes()));
        }
    }
}
