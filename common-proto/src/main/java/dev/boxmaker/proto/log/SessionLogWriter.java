package dev.boxmaker.proto.log;

import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.Sentences;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.jboss.logging.Logger;

/**
 * Appends records to a session log, one line each, UTF-8 with a {@code \n}, each on disk before
 * {@link #append} returns (home.md). The log is only ever appended to.
 *
 * <p>A session has one writer: opening takes an exclusive lock on the file, and a second open is
 * refused. Opening also drops an unfinished last line (a write that never completed, since
 * {@code append} had not returned): left there, the next record would be glued onto it and become one
 * unreadable line. A failed append is undone the same way before the exception is thrown.
 *
 * <p>Directories it creates are 0700 and the log file 0600 (home.md), and each new entry is flushed
 * in its parent directory so it survives a crash.
 */
public final class SessionLogWriter implements Closeable {
    private static final Logger LOG = Logger.getLogger(SessionLogWriter.class);

    private static final Set<PosixFilePermission> DIR_MODE = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;
    private final int lineBytesMax;
    private long end;
    private boolean broken;

    private SessionLogWriter(Path file, FileChannel channel, FileLock lock, long end, int lineBytesMax) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
        this.end = end;
        this.lineBytesMax = lineBytesMax;
    }

    /** Opens {@code {home}/sessions/<id>/0.jsonl} for appending, creating it and its folders as needed. */
    public static SessionLogWriter open(Path home, SessionId session) throws IOException {
        return open(SessionLogs.file(home, session));
    }

    /** Opens the log at {@code file} for appending, creating it and its folders as needed. */
    public static SessionLogWriter open(Path file) throws IOException {
        return open(file, SessionLogReader.LINE_BYTES_MAX);
    }

    static SessionLogWriter open(Path file, int lineBytesMax) throws IOException {
        return open(file, lineBytesMax, UnaryOperator.identity());
    }

    /** Opens with the file's channel passed through {@code wrap}, so tests can make its writes fail. */
    static SessionLogWriter open(Path file, int lineBytesMax, UnaryOperator<FileChannel> wrap) throws IOException {
        Path absolute = file.toAbsolutePath();
        createDirectories(absolute.getParent());
        FileChannel channel = null;
        try {
            channel = wrap.apply(openOrCreate(absolute));
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw new IOException(Sentences.logBusy(absolute));
            }
            long end = dropUnfinishedLine(channel, absolute);
            return new SessionLogWriter(absolute, channel, lock, end, lineBytesMax);
        } catch (OverlappingFileLockException e) {
            // This process already holds the lock: the same log is open twice here.
            closeQuietly(channel);
            throw new IOException(Sentences.logBusy(absolute));
        } catch (IOException | RuntimeException e) {
            closeQuietly(channel);
            throw e;
        }
    }

    public Path file() {
        return file;
    }

    /**
     * Appends {@code record} as one line and flushes it to disk. A record whose line would pass the
     * reader's limit is refused before anything is written, as is one that would not read back
     * equal, so the writer never leaves a line a reader cannot take.
     */
    public synchronized void append(LogRecord record) throws IOException {
        Objects.requireNonNull(record, "record");
        if (broken) {
            throw new IOException(Sentences.logWriterBroken(file));
        }
        byte[] line = LogLines.encode(record);
        if (line.length > lineBytesMax) {
            throw new IllegalArgumentException(Sentences.logRecordTooLong(file, line.length, lineBytesMax));
        }
        checkReadsBack(record, line);
        ByteBuffer out = ByteBuffer.allocate(line.length + 1).put(line).put((byte) '\n').flip();
        long start = end;
        try {
            // One write normally takes it all. The newline is the last byte: a reader takes a line only
            // once its newline is there, and until then leaves it for its next read.
            for (long at = start; out.hasRemaining(); ) {
                at += channel.write(out, at);
            }
            // fdatasync: flushes the bytes and the new file size, which reading them back needs.
            channel.force(false);
            end = start + line.length + 1;
        } catch (IOException e) {
            undo(start);
            throw e;
        }
    }

    /** Releases the lock and closes the file; appends already returned are on disk. */
    @Override
    public synchronized void close() throws IOException {
        try {
            if (lock.isValid()) {
                lock.release();
            }
        } finally {
            channel.close();
        }
    }

    /** The always-on check that {@code line} reads back as {@code record}; failing it is a bug here. */
    private void checkReadsBack(LogRecord record, byte[] line) {
        LogRecord back;
        try {
            back = LogLines.decode(line, line.length, file, LogFormatException.NO_RECORD);
        } catch (LogFormatException e) {
            throw new IllegalStateException(Sentences.logRecordDoesNotReadBack(record.getClass()), e);
        }
        if (!record.equals(back)) {
            throw new IllegalStateException(Sentences.logRecordDoesNotReadBack(record.getClass()));
        }
    }

    /** Cuts the log back to {@code start} after a failed append; if even that fails, stops writing. */
    private void undo(long start) {
        try {
            channel.truncate(start);
            channel.force(false);
        } catch (IOException | RuntimeException e) {
            broken = true;
            LOG.error(Sentences.logWriterBroken(file), e);
        }
    }

    /** Opens or creates the log, following no link in the session's folder or for the file. */
    private static FileChannel openOrCreate(Path file) throws IOException {
        FileAttribute<Set<PosixFilePermission>> mode = PosixFilePermissions.asFileAttribute(FILE_MODE);
        SessionLogs.refuseLink(file.getParent());
        try {
            // CREATE_NEW follows no link either: a link at the path is "already exists", then refused below.
            FileChannel created = FileChannel.open(file, Set.of(StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), mode);
            syncDirectory(file.getParent());
            return created;
        } catch (FileAlreadyExistsException e) {
            return SessionLogs.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        }
    }

    /** Creates each missing folder down to {@code dir}, 0700, flushing each one's parent. */
    private static void createDirectories(Path dir) throws IOException {
        Deque<Path> missing = new ArrayDeque<>();
        for (Path d = dir; d != null && !Files.isDirectory(d); d = d.getParent()) {
            missing.push(d);
        }
        FileAttribute<Set<PosixFilePermission>> mode = PosixFilePermissions.asFileAttribute(DIR_MODE);
        while (!missing.isEmpty()) {
            Path d = missing.pop();
            try {
                Files.createDirectory(d, mode);
            } catch (FileAlreadyExistsException e) {
                if (!Files.isDirectory(d)) {
                    throw e;
                }
                continue; // another writer made it meanwhile
            }
            syncDirectory(d.getParent());
        }
    }

    /** Flushes a directory's entries, so a file or folder just made in it survives a crash. */
    private static void syncDirectory(Path dir) throws IOException {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        }
    }

    /**
     * The log's end after dropping an unfinished last line: the offset just past the last newline,
     * or 0 when there is none.
     */
    private static long dropUnfinishedLine(FileChannel channel, Path file) throws IOException {
        long size = channel.size();
        long end = UnfinishedLine.wholeLinesEnd(channel);
        if (end < size) {
            LOG.warn(Sentences.logUnfinishedLineDropped(file, size - end));
            channel.truncate(end);
            channel.force(false);
        }
        return end;
    }


    private static void closeQuietly(FileChannel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException suppressed) {
            // Already failing; the first exception is the one to report.
        }
    }
}
