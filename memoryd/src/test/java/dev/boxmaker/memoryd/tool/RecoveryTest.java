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
import dev.boxmaker.memoryd.sentences.StoreSentences;

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

    /**
     * Takes the last edit's completion mark back out of edits/finished, as a stop before the mark
     * went in would have left it: the tests below that put files back as a stop left them need this
     * too, since a stop before an edit's file is written is a stop before its mark.
     */
    private void stopBeforeTheMark() throws Exception {
        Path marks = dir.resolve("edits/finished");
        if (Files.exists(marks)) {
            List<String> lines = Files.readAllLines(marks, StandardCharsets.UTF_8);
            Files.writeString(marks, lines.subList(0, lines.size() - 1).stream().map(l -> l + "\n")
                    .reduce("", String::concat), StandardCharsets.UTF_8);
        }
    }

    @Test
    void anAddStoppedAfterItsJournalLineIsFinishedAtTheNextStart() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "a");
        store.add(clean(), IdentityFile.MEMORY, "b");
        write("memory.md", "a\n");
        stopBeforeTheMark();
        reopen();
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("a\n§\nb\n");
        // Finished at that start, the edit is marked: the owner's own revert after it stays.
        ownersTextStaysOverRestarts("memory.md", "a\n");
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
        stopBeforeTheMark();
        reopen();
        assertThat(read(dir.resolve("memory.md"))).isEqualTo(fileAfter).isEqualTo("keep me\n");
        assertThat(read(dir.resolve("notes.md"))).isEqualTo(notesAfter);
    }

    /** memory.md gets "keep me" and "move me", then a consolidate moves the second; notes.md after it. */
    private String keepOneAndMoveOne() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "keep me");
        store.add(clean(), IdentityFile.MEMORY, "move me");
        store.consolidate(clean(), IdentityFile.MEMORY, List.of(Request.Item.keep("keep me"),
                Request.Item.move("move me")));
        return read(dir.resolve("notes.md"));
    }

    @Test
    void aConsolidateStoppedBetweenItsNotesAndItsFileDoesNotAppendTheNotesTwice() throws Exception {
        String notesAfter = keepOneAndMoveOne();
        write("memory.md", "keep me\n§\nmove me\n");
        stopBeforeTheMark();
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
        stopBeforeTheMark();
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
        stopBeforeTheMark();
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
        stopBeforeTheMark();
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
        stopBeforeTheMark();
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
        stopBeforeTheMark();
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

    @Test
    void theOwnersDeletionOfTheLatestNoteStaysDeletedAfterARestart() throws Exception {
        store.note(clean(), "first");
        String onlyFirst = read(dir.resolve("notes.md"));
        store.note(tainted(), "second, which the owner deletes");
        // The owner's editor: the only way to erase a note from notes.md.
        ownersTextStaysOverRestarts("notes.md", onlyFirst);
    }

    /** The owner's editor writes {@code text} to {@code name}; two restarts leave exactly that there. */
    private void ownersTextStaysOverRestarts(String name, String text) throws Exception {
        write(name, text);
        for (int restart = 1; restart <= 2; restart++) {
            reopen();
            assertThat(read(dir.resolve(name))).as("%s after restart %d", name, restart).isEqualTo(text);
        }
    }

    @Test
    void theOwnersRevertOfAFileToBeforeTheLastEditStaysAfterARestart() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "a");
        store.add(clean(), IdentityFile.MEMORY, "b");
        ownersTextStaysOverRestarts("memory.md", "a\n");
    }

    @Test
    void theOwnersRevertOfAConsolidateAppendsNoNotesAgain() throws Exception {
        String notesAfter = keepOneAndMoveOne();
        ownersTextStaysOverRestarts("memory.md", "keep me\n§\nmove me\n");
        assertThat(read(dir.resolve("notes.md"))).isEqualTo(notesAfter);
    }

    @Test
    void aStopBetweenTheFileAndItsMarkReplaysNothingAndTheOwnersLaterRevertStays() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "a");
        store.add(clean(), IdentityFile.MEMORY, "b");
        String notes = read(dir.resolve("notes.md"));
        stopBeforeTheMark();
        reopen();
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("a\n§\nb\n");
        assertThat(read(dir.resolve("notes.md"))).isEqualTo(notes);
        // The start found the edit done and marked it: nothing the owner does now brings it back.
        assertThat(read(dir.resolve("edits/finished"))).isEqualTo("2026-09-24-0001\n2026-09-24-0002\n");
        ownersTextStaysOverRestarts("memory.md", "a\n");
    }

    @Test
    void aStopBetweenANoteAndItsMarkAppendsItOnceAndTheOwnersLaterDeletionStays() throws Exception {
        store.note(clean(), "first");
        String onlyFirst = read(dir.resolve("notes.md"));
        store.note(clean(), "second");
        String both = read(dir.resolve("notes.md"));
        stopBeforeTheMark();
        reopen();
        assertThat(read(dir.resolve("notes.md"))).isEqualTo(both);
        ownersTextStaysOverRestarts("notes.md", onlyFirst);
    }

    @Test
    void aMarkThatCannotBeWrittenFailsTheCallAndTakesTheEditBack() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "a");
        Path marks = dir.resolve("edits/finished");
        Files.delete(marks);
        Files.createDirectory(marks); // every append to it fails, as on a full disk
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> store.add(clean(), IdentityFile.MEMORY, "b"))
                .isInstanceOf(StoreFailure.class).hasMessage(dev.boxmaker.memoryd.sentences.StoreSentences.STORE_FAILED);
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("a\n");
        Files.delete(marks);
        store.add(clean(), IdentityFile.MEMORY, "c");
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("a\n§\nc\n");
        assertThat(store.journal().readAll()).extracting(Edit::id).containsExactly("2026-09-24-0001", "2026-09-24-0003");
        assertThat(read(marks)).isEqualTo("2026-09-24-0003\n");
    }
}
