package dev.boxmaker.memoryd.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The layout of {@code {home}/memory/} (the spec, section 3) and the reads and durable writes of
 * its files of entries. Not thread-safe: the store serialises every write (memoryd.md).
 */
public final class MemoryDir {
    public static final String SOUL = "soul.md";
    public static final String NOTES = "notes.md";
    public static final String EDITS = "edits";
    public static final String PENDING = "pending.jsonl";

    private final Path dir;
    private final NotesFile notes;
    private final Disk disk;

    /** Opens {@code dir}, creating it (0700) and the missing files (0600, empty) but never overwriting. */
    public MemoryDir(Path dir) throws IOException {
        this(dir, Disk.REAL);
    }

    /** {@link #MemoryDir(Path)}, its writes going through {@code disk}. */
    public MemoryDir(Path dir, Disk disk) throws IOException {
        this.dir = dir;
        this.disk = disk;
        Durable.ensureDirectory(dir);
        Durable.ensureDirectory(dir.resolve(EDITS));
        for (IdentityFile f : IdentityFile.values()) {
            Durable.ensureFile(path(f));
        }
        Durable.ensureFile(dir.resolve(NOTES));
        this.notes = new NotesFile(dir.resolve(NOTES), disk);
    }

    public Path dir() {
        return dir;
    }

    public Path path(IdentityFile file) {
        return dir.resolve(file.fileName());
    }

    public Disk disk() {
        return disk;
    }

    public NotesFile notes() {
        return notes;
    }

    public Path editsDir() {
        return dir.resolve(EDITS);
    }

    public Path pendingPath() {
        return dir.resolve(PENDING);
    }

    /** The entries of a file as it is now; a file the owner edited is read the same way. */
    public List<String> read(IdentityFile file) throws IOException {
        return Entries.parse(Durable.readOrEmpty(path(file)));
    }

    /**
     * Replaces a file with {@code entries}, checking first that they keep the invariants and that
     * the exact text written parses back to them. The text is not read back from disk after: the
     * replace writes every byte and is atomic, or throws, so the read would parse the same text
     * again from the page cache (and cost each edit a read on its path to the answer).
     */
    public void write(IdentityFile file, List<String> entries) throws IOException {
        disk.replace(path(file), Entries.checkedText(file, entries));
    }

    /** soul.md's text, which only the owner writes; empty when absent. */
    public String soul() throws IOException {
        Path soul = dir.resolve(SOUL);
        return Files.exists(soul) ? Files.readString(soul) : "";
    }
}
