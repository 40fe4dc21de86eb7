package dev.boxmaker.memoryd.edits;

import dev.boxmaker.memoryd.files.Durable;
import dev.boxmaker.memoryd.files.Invariants;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code edits/finished}: the id of each edit whose notes and file are written, one a line,
 * appended and flushed after the edit's last file write and before its answer. Start-up recovery
 * finishes the journal's last edit only when this file does not end with its id (docs/decisions.md,
 * "Crash safety"): a finished edit is never replayed, whatever the owner does to the files after.
 * Only the last id is ever read; the file is cut back to it once it passes {@link #FILE_BYTES_MAX}.
 */
public final class FinishedMarks {
    /** The file's name in {@code edits/}; not a month's name, so the journal never reads it. */
    public static final String FILE = "finished";

    /** Past this size the file is replaced by its last line (some 4,000 ids between two cuts). */
    static final long FILE_BYTES_MAX = 64 * 1024;

    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(FinishedMarks.class);

    private final Path file;
    private final long bytesMax;
    private final Journal.Appender appender;

    public FinishedMarks(Path editsDir) {
        this(editsDir, FILE_BYTES_MAX, Durable::append);
    }

    /** The marks, appended through {@code disk}. */
    public FinishedMarks(Path editsDir, dev.boxmaker.memoryd.files.Disk disk) {
        this(editsDir, FILE_BYTES_MAX, disk::append);
    }

    FinishedMarks(Path editsDir, long bytesMax, Journal.Appender appender) {
        this.file = editsDir.resolve(FILE);
        this.bytesMax = bytesMax;
        this.appender = appender;
    }

    public Path path() {
        return file;
    }

    /**
     * Cuts an unfinished last line off (a mark a stop interrupted, whose edit was never answered), so
     * the next mark starts on a line of its own. For the store's opening, before anything is appended.
     */
    public void dropUnfinishedLine() throws IOException {
        Durable.dropUnfinishedLine(file);
    }

    /**
     * Records that edit {@code id} is finished, flushed before it returns. A failure partway cuts what
     * went in, as the journal's appends do; the edit then counts as unfinished, which the store takes
     * back or recovery settles. Once the mark is in, nothing here fails the edit: cutting the file
     * back to its last line is only tidying, and a failure to do it (a full disk) is logged and left
     * for the next mark.
     */
    public void mark(String id) throws IOException {
        Invariants.check(Ids.isId(id), "a finished mark is not an edit id");
        Journal.appendOrCut(appender, file, id + "\n");
        try {
            if (Files.size(file) > bytesMax) {
                Durable.replace(file, id + "\n");
            }
        } catch (IOException e) {
            LOG.warnf("%s was not cut back to its last line (%s); the next mark tries again", file, e.getMessage());
        }
    }

    /** The id of the last edit marked finished; empty when none is (or the file is new). */
    public Optional<String> last() throws IOException {
        String text = Durable.readOrEmpty(file);
        int end = text.lastIndexOf('\n');
        if (end < 0) {
            return Optional.empty();
        }
        String line = text.substring(text.lastIndexOf('\n', end - 1) + 1, end);
        return Ids.isId(line) ? Optional.of(line) : Optional.empty();
    }
}
