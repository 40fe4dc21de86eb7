package dev.boxmaker.memoryd.tool;

import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.files.Disk;
import dev.boxmaker.memoryd.files.Durable;
import dev.boxmaker.memoryd.files.Entries;
import dev.boxmaker.memoryd.files.IdentityFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One write of the store, from just before its first append to its answer: the length each
 * append-only file of {@code memory/} had, and the text of the file it replaces, so that a failure
 * before the answer takes the write back whole and the answer "failed" stays true
 * (docs/decisions.md, "A write answered failed"). The files are put back in the reverse order of
 * the write: the replaced file, then notes.md, the finished marks, pending.jsonl, and the journal
 * last, so that a failure partway through leaves the journal line, and recovery finishes the write
 * from it, as it would after a crash.
 */
final class WriteAttempt {
    private final Disk disk;
    /** Each append-only file and its length before the write, in the order they are cut back. */
    private final Map<Path, Long> lengths = new LinkedHashMap<>();
    private final Edit edit;
    private final Path replaced;
    private final String replacedText;
    /** The latest edit of the edit's file before it, which it becomes again if the edit is taken back. */
    private final String latestBefore;

    private WriteAttempt(Disk disk, Edit edit, Path replaced, String replacedText, String latestBefore) {
        this.disk = disk;
        this.edit = edit;
        this.replaced = replaced;
        this.replacedText = replacedText;
        this.latestBefore = latestBefore;
    }

    /** Before {@code edit}'s journal line: the files it may append to, and the file it may replace. */
    static WriteAttempt ofEdit(MemoryStore store, Edit edit) throws IOException {
        Optional<IdentityFile> file = edit.to() == null ? Optional.empty() : IdentityFile.ofFileName(edit.to());
        Path path = file.map(store.dir::path).orElse(null);
        WriteAttempt attempt = new WriteAttempt(store.dir.disk(), edit, path,
                path == null ? null : Durable.readOrEmpty(path), edit.to() == null ? null : store.state.latest(edit.to()));
        return attempt.lengthsOf(store.dir.notes().path(), store.finished.path(), store.pendingLog.path(),
                store.journal.fileOf(edit.id()));
    }

    /** Before a pending write's line: pending.jsonl is the only file it appends to. */
    static WriteAttempt ofStaged(MemoryStore store) throws IOException {
        return new WriteAttempt(store.dir.disk(), null, null, null, null).lengthsOf(store.pendingLog.path());
    }

    private WriteAttempt lengthsOf(Path... files) throws IOException {
        for (Path file : files) {
            lengths.put(file, Durable.length(file));
        }
        return this;
    }

    /** The edit being written; null for a pending write. */
    Edit edit() {
        return edit;
    }

    /** The latest edit of the edit's file before it; empty when it is the file's first. */
    Optional<String> latestBefore() {
        return Optional.ofNullable(latestBefore);
    }

    /**
     * Puts every file back as it was before the write; throws when one cannot be, leaving the
     * files from the journal on as they were (the journal line, when it went in, stays).
     */
    void takeBack() throws IOException {
        if (replaced != null) {
            putBack();
        }
        for (Map.Entry<Path, Long> file : lengths.entrySet()) {
            disk.truncate(file.getKey(), file.getValue());
        }
    }

    /**
     * The replaced file gets its text back when it holds the edit's after; a file that holds
     * neither was changed by the owner meanwhile and is theirs, as in recovery.
     */
    private void putBack() throws IOException {
        String now = Durable.readOrEmpty(replaced);
        if (now.equals(replacedText)) {
            return;
        }
        List<String> entries = Entries.parse(now);
        if (entries.equals(edit.after())) {
            disk.replace(replaced, replacedText);
        }
    }
}
