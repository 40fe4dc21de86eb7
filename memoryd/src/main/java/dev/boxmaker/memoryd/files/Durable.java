package dev.boxmaker.memoryd.files;

import dev.boxmaker.memoryd.sentences.StartSentences;
import dev.boxmaker.proto.log.UnfinishedLine;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Writes that survive a crash (memoryd.md, "File format"): a replaced file is written to a temporary
 * file in the same directory, flushed, renamed over the old one, and the directory is flushed, so a
 * crash leaves the old file or the new one, never a mix. An append is flushed before it returns.
 * Files are created 0600 and directories 0700 (home.md).
 */
public final class Durable {
    private static final Logger LOG = Logger.getLogger(Durable.class);
    private static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> DIR_MODE = PosixFilePermissions.fromString("rwx------");

    private Durable() {
    }

    /** Creates {@code dir} and its missing parents, the created ones 0700; an existing one is left as it is. */
    public static void ensureDirectory(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            return;
        }
        Path parent = dir.toAbsolutePath().getParent();
        if (parent != null) {
            ensureDirectory(parent);
        }
        try {
            Files.createDirectory(dir, attributes(DIR_MODE));
        } catch (FileAlreadyExistsException raced) {
            // Another process made it between the check and here; what matters is that it exists.
        }
        forceDirectory(parent);
    }

    /** Creates {@code file} empty and 0600 if it is missing; never touches an existing file. */
    public static void ensureFile(Path file) throws IOException {
        try {
            Files.createFile(file, attributes(FILE_MODE));
            forceDirectory(file.toAbsolutePath().getParent());
        } catch (FileAlreadyExistsException exists) {
            // Never overwrite what is there (the spec, section 3).
        }
    }

    /** Replaces {@code file} with {@code text} (UTF-8) atomically and durably. */
    public static void replace(Path file, String text) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path temp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp", attributes(FILE_MODE));
        try {
            try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                writeAll(ch, text);
                ch.force(true);
            }
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
        forceDirectory(dir);
    }

    /** Appends {@code text} (UTF-8) to {@code file}, creating it 0600 if missing, and flushes it. */
    public static void append(Path file, String text) throws IOException {
        append(file, text, new Object()); // a lock nobody else holds
    }

    /**
     * {@link #append(Path, String)}, holding {@code writing} while the bytes go in but not while they
     * are flushed: a reader in this process that holds it sees all of the append or none of it.
     */
    public static void append(Path file, String text, Object writing) throws IOException {
        try (FileChannel ch = openForAppend(file)) {
            synchronized (writing) {
                writeAll(ch, text);
            }
            ch.force(true);
        }
    }

    /**
     * Appends {@code text} without waiting for the disk: the bytes are in the file for every reader
     * and survive this process's end, but not yet a power loss until {@link #flush} of the file.
     * A file made here is made durably, as {@link #append(Path, String)} makes it.
     */
    public static void appendUnflushed(Path file, String text) throws IOException {
        try (FileChannel ch = openForAppend(file)) {
            writeAll(ch, text);
        }
    }

    /**
     * {@code file} opened to append, made first if missing. The file exists on every append but a
     * month's first: it is made (0600, directory flushed) only then, rather than trying, and failing,
     * to create it before each line.
     */
    private static FileChannel openForAppend(Path file) throws IOException {
        if (!Files.exists(file)) {
            ensureFile(file);
        }
        return FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    }

    /**
     * Cuts an unfinished last line off {@code file} (an append that a stop, or a failure, left half
     * done, never answered), so the next line appended is not glued onto it; logs what it cut.
     */
    public static void dropUnfinishedLine(Path file) throws IOException {
        long dropped = UnfinishedLine.drop(file);
        if (dropped > 0) {
            LOG.warn(StartSentences.unfinishedLineDropped(file, dropped));
        }
    }

    /**
     * Cuts {@code file} back to {@code length} bytes and flushes it, when it is longer; a missing
     * file is left missing. Cutting frees space, so it works on a full disk.
     */
    public static void truncate(Path file, long length) throws IOException {
        if (!Files.isRegularFile(file) || Files.size(file) <= length) {
            return;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            if (ch.size() > length) {
                ch.truncate(length);
                ch.force(true);
            }
        }
    }

    /** The file's length in bytes, 0 when it does not exist. */
    public static long length(Path file) throws IOException {
        return Files.exists(file) ? Files.size(file) : 0;
    }

    /** Waits until everything written to {@code file} is on the disk. */
    public static void flush(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
    }

    /** The file's text, or empty text when it does not exist. */
    public static String readOrEmpty(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }

    private static void writeAll(FileChannel ch, String text) throws IOException {
        ByteBuffer buf = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        while (buf.hasRemaining()) {
            ch.write(buf);
        }
    }

    /** Flushes a directory's entries, so a rename or a new file in it survives a crash. */
    private static void forceDirectory(Path dir) throws IOException {
        if (dir == null) {
            return;
        }
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        }
    }

    private static FileAttribute<Set<PosixFilePermission>> attributes(Set<PosixFilePermission> mode) {
        return PosixFilePermissions.asFileAttribute(mode);
    }
}
