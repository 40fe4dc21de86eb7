package dev.boxmaker.memoryd.tool;

import static dev.boxmaker.memoryd.tool.Fixture.clean;
import static dev.boxmaker.memoryd.tool.Fixture.read;
import static dev.boxmaker.memoryd.tool.Fixture.tainted;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.files.NotesFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stop in the middle of a write: the journal line is flushed first, so a restart finishes the
 * edit it names. Each test applies an edit, then puts the files back as a stop at a given step
 * would have left them, and opens the store again.
 */
class RecoveryTest {
    @TempDir
    Path dir;
    MemoryStore store;

    @BeforeEach
    void open() throws Exception {
        store = Fixture.store(dir);
    }

    private MemoryStore reopen() throws Exception {
        return Fixture.store(dir);
    }

    private void write(String name, String text) throws Exception {
        Fixture.write(dir.resolve(name), text);
    }

    @Test
    void anAddStoppedAfterItsJournalLineIsFinishedAtTheNextStart() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "a");
        store.add(clean(), IdentityFile.MEMORY, "b");
        write("memory.md", "a\n");
        reopen();
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("a\n§\nb\n");
    }

    @Test
    void aConsolidateStoppedBeforeItsNotesAppendsThemOnceThenWritesTheFile() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "keep me");
        store.add(clean(), IdentityFile.MEMORY, "move me");
        store.add(clean(), IdentityFile.MEMORY, "drop me");
        String notesBefore = read(dir.resolve("notes.md"));
        store.consolidate(clean(), IdentityFile.MEMORY, List.of(Request.Item.keep("keep me"),
                Request.Item.move("move me"), Request.Item.drop("drop me")));
        String notesAfter = read(dir.resolve("notes.md"));
        String fileAfter = read(dir.resolve("memory.md"));
        write("notes.md", notesBefore);
        write("memory.md", "keep me\n§\nmove me\n§\ndrop me\n");
        reopen();
        assertThat(read(dir.resolve("memory.md"))).isEqualTo(fileAfter).isEqualTo("keep me\n");
        assertThat(read(dir.resolve("notes.md"))).isEqualTo(notesAfter);
    }

    @Test
    void aConsolidateStoppedBetweenItsNotesAndItsFileDoesNotAppendTheNotesTwice() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "keep me");
        store.add(clean(), IdentityFile.MEMORY, "move me");
        store.consolidate(clean(), IdentityFile.MEMORY, List.of(Request.Item.keep("keep me"),
                Request.Item.move("move me")));
        String notesAfter = read(dir.resolve("notes.md"));
        write("memory.md", "keep me\n§\nmove me\n");
        reopen();
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("keep me\n");
        assertThat(read(dir.resolve("notes.md"))).isEqualTo(notesAfter);
    }

    @Test
    void aConsolidateWhoseNotesWereOnlyPartlyAppendedAppendsTheRestOnce() throws Exception {
        String[] rendered = consolidateThreeAway();
        String notesBefore = rendered[0];
        // A power cut kept the first note of the one append, whole, and nothing after it.
        write("notes.md", notesBefore + rendered[1]);
        write("memory.md", "keep me\n§\nmove me\n§\ndrop me\n§\nmove me too\n");
        reopen();
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("keep me\n");
        assertThat(read(dir.resolve("notes.md"))).isEqualTo(notesBefore + rendered[1] + rendered[2] + rendered[3]);
    }

    @Test
    void aConsolidateWhoseNotesAppendWasCutInANoteKeepsThePieceAndAppendsTheRestOnce() throws Exception {
        String[] rendered = consolidateThreeAway();
        String notesBefore = rendered[0];
        String piece = rendered[2].substring(0, rendered[2].length() - "me\n".length());
        write("notes.md", notesBefore + rendered[1] + piece);
        write("memory.md", "keep me\n§\nmove me\n§\ndrop me\n§\nmove me too\n");
        reopen();
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("keep me\n");
        assertThat(read(dir.resolve("notes.md")))
                .isEqualTo(notesBefore + rendered[1] + piece + "\n" + rendered[2] + rendered[3]);
        reopen();
        assertThat(read(dir.resolve("notes.md")))
                .isEqualTo(notesBefore + rendered[1] + piece + "\n" + rendered[2] + rendered[3]);
    }

    /**
     * Consolidates three of memory.md's four entries away (moved, dropped, moved, in the file's
     * order); notes.md as it was before, then each note the edit appended, as written.
     */
    private String[] consolidateThreeAway() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "keep me");
        store.add(clean(), IdentityFile.MEMORY, "move me");
        store.add(clean(), IdentityFile.MEMORY, "drop me");
        store.add(clean(), IdentityFile.MEMORY, "move me too");
        String notesBefore = read(dir.resolve("notes.md"));
        store.consolidate(clean(), IdentityFile.MEMORY, List.of(Request.Item.keep("keep me"),
                Request.Item.move("move me"), Request.Item.drop("drop me"), Request.Item.move("move me too")));
        List<NotesFile.Note> added = NotesFile.parse(read(dir.resolve("notes.md")).substring(notesBefore.length()));
        assertThat(added).extracting(NotesFile.Note::body).containsExactly("move me", "drop me", "move me too");
        return new String[] {notesBefore, NotesFile.render(added.get(0)), NotesFile.render(added.get(1)),
            NotesFile.render(added.get(2))};
    }

    @Test
    void aNoteStoppedAfterItsJournalLineIsAppendedOnce() throws Exception {
        store.note(tainted(), "seen on a page");
        String notesAfter = read(dir.resolve("notes.md"));
        write("notes.md", "");
        reopen();
        assertThat(read(dir.resolve("notes.md"))).isEqualTo(notesAfter);
        reopen();
        assertThat(read(dir.resolve("notes.md"))).isEqualTo(notesAfter);
    }

    @Test
    void aNoteCutShortInItsLastLineIsAppendedWholeOnALineOfItsOwn() throws Exception {
        store.note(tainted(), "seen on a page");
        String notesAfter = read(dir.resolve("notes.md"));
        String cut = notesAfter.substring(0, notesAfter.length() - "page\n".length());
        write("notes.md", cut);
        reopen();
        assertThat(read(dir.resolve("notes.md"))).isEqualTo(cut + "\n" + notesAfter);
        assertThat(store.files().notes().read()).extracting(n -> n.body()).containsExactly("seen on a ", "seen on a page");
        reopen();
        assertThat(read(dir.resolve("notes.md"))).isEqualTo(cut + "\n" + notesAfter);
    }

    @Test
    void aJournalLineCutShortByAStopIsDroppedSoTheNextEditsLineParses() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "a");
        Path journal = dir.resolve("edits/2026-09.jsonl");
        String whole = read(journal);
        // A stop in the middle of the next edit's journal line: never answered, its file never written.
        Files.writeString(journal, whole + "{\"id\":\"2026-09-24-0002\",\"time\":\"2026-09-24T21:0",
                StandardCharsets.UTF_8);
        reopen().add(clean(), IdentityFile.MEMORY, "b");
        MemoryStore after = reopen();
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("a\n§\nb\n");
        assertThat(after.journal().readAll()).extracting(Edit::after)
                .containsExactly(List.of("a"), List.of("a", "b"));
        assertThat(read(journal)).startsWith(whole).doesNotContain("21:0\"").hasLineCount(2);
    }

    @Test
    void anUndoStoppedAfterItsJournalLineIsFinished() throws Exception {
        store.add(clean(), IdentityFile.USER, "a");
        store.add(clean(), IdentityFile.USER, "b");
        store.undo("2026-09-24-0002");
        write("user.md", "a\n§\nb\n");
        reopen();
        assertThat(read(dir.resolve("user.md"))).isEqualTo("a\n");
    }

    @Test
    void aFileTheOwnerChangedSinceIsLeftAlone() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "a");
        write("memory.md", "the owner's own text\n");
        reopen();
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("the owner's own text\n");
    }

    @Test
    void aFinishedEditIsNotWrittenAgain() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "a");
        store.note(clean(), "n");
        String notes = read(dir.resolve("notes.md"));
        reopen();
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("a\n");
        assertThat(read(dir.resolve("notes.md"))).isEqualTo(notes);
    }
}
