package dev.boxmaker.memoryd.index.build;

import dev.boxmaker.memoryd.index.CatchUpTest;
import dev.boxmaker.memoryd.index.IndexConnections;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.index.Rows;
import static dev.boxmaker.memoryd.index.Logs.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.files.NoteHeader;
import dev.boxmaker.memoryd.files.NotesFile;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * notes.md read past the byte offset kept in {@code progress}: each catch-up reads only what was
 * appended since, a note not yet whole is read once it is, and an offset that no longer fits the
 * file (the owner edited it) has the notes read again whole; an index that kept no offset counts them.
 */
class NotesCatchUpTest {
    static final String S = "mm-aaaaaaaaaaaa";

    @TempDir
    Path home;

    Path notesPath() {
        return home.resolve("memory/notes.md");
    }

    MemoryIndex open() throws Exception {
        Files.createDirectories(home.resolve("memory"));
        return MemoryIndex.open(new MemoryIndex.Config(home, home.resolve("index"), notesPath(), DataClass.PRIVATE), MemorydThreads.start());
    }

    static NotesFile.Note noted(String body) {
        return new NotesFile.Note(NoteHeader.noted(T0, S, DataClass.PRIVATE, false, false), body);
    }

    void append(NotesFile.Note... notes) throws Exception {
        Files.createDirectories(home.resolve("memory"));
        new NotesFile(notesPath()).append(List.of(notes));
    }

    void appendBytes(String text) throws Exception {
        Files.writeString(notesPath(), text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    /** The index's progress for notes.md: entries read, and the byte offset read up to. */
    static String progress(MemoryIndex index) throws Exception {
        index.flush().get();
        return index.read(c -> {
            try (var rs = c.createStatement().executeQuery("SELECT records, bytes FROM progress WHERE log = 'notes.md'")) {
                return rs.next() ? rs.getLong(1) + " notes, " + rs.getString(2) + " bytes" : "none";
            }
        });
    }

    /** Each note's entry number and text, as recall sees them. */
    static List<String> notes(MemoryIndex index) throws Exception {
        return Rows.all(index).stream().map(r -> r.split(" \\| ")[3] + " " + r.substring(r.lastIndexOf(" | ") + 3))
                .toList();
    }

    @Test
    void eachCatchUpReadsOnlyWhatWasAppendedSinceAndRecordsWhereItEnds() throws Exception {
        append(noted("first"));
        try (MemoryIndex index = open()) {
            assertThat(progress(index)).isEqualTo("1 notes, " + Files.size(notesPath()) + " bytes");
            append(noted("second"), new NotesFile.Note(NoteHeader.dropped(T0, IdentityFile.MEMORY, S), "third"));
            index.notesChanged().get();
            assertThat(notes(index)).containsExactly("0 first", "1 second", "2 third");
            assertThat(progress(index)).isEqualTo("3 notes, " + Files.size(notesPath()) + " bytes");
        }
    }

    @Test
    void notesAppendedWhileMemorydWasDownAreReadOnceAtStart() throws Exception {
        append(noted("before"));
        try (MemoryIndex index = open()) {
            assertThat(notes(index)).containsExactly("0 before");
        }
        append(noted("while down"), noted("also while down"));
        try (MemoryIndex index = open()) {
            assertThat(notes(index)).containsExactly("0 before", "1 while down", "2 also while down");
            assertThat(progress(index)).isEqualTo("3 notes, " + Files.size(notesPath()) + " bytes");
        }
    }

    @Test
    void aTornLastNoteIsLeftUntilItIsWholeThenReadWhole() throws Exception {
        append(noted("whole"));
        long wholeEnds = Files.size(notesPath());
        try (MemoryIndex index = open()) {
            index.flush().get();
            appendBytes(noted("x").header().line() + "\nthe first line\nthe second li");
            index.notesChanged().get();
            assertThat(notes(index)).containsExactly("0 whole");
            assertThat(progress(index)).isEqualTo("1 notes, " + wholeEnds + " bytes");
            appendBytes("ne\n");
            index.notesChanged().get();
            assertThat(notes(index)).containsExactly("0 whole", "1 the first line\nthe second line");
            assertThat(progress(index)).isEqualTo("2 notes, " + Files.size(notesPath()) + " bytes");
        }
    }

    @Test
    void aTornHeaderLineIsLeftUntilItIsWhole() throws Exception {
        append(noted("whole"));
        try (MemoryIndex index = open()) {
            index.flush().get();
            String header = noted("x").header().line();
            appendBytes(header.substring(0, 20));
            index.notesChanged().get();
            assertThat(notes(index)).containsExactly("0 whole");
            appendBytes(header.substring(20) + "\nmended\n");
            index.notesChanged().get();
            assertThat(notes(index)).containsExactly("0 whole", "1 mended");
        }
    }

    @Test
    void aRetractionReadFromTheOffsetTakesOutTheNoteItNames() throws Exception {
        append(noted("keep me"), noted("retract me"));
        try (MemoryIndex index = open()) {
            assertThat(notes(index)).containsExactly("0 keep me", "1 retract me");
            append(new NotesFile.Note(NoteHeader.retracted(T0, "2026-09-20-0002"), "retract me"));
            index.notesChanged().get();
            assertThat(notes(index)).containsExactly("0 keep me");
            append(noted("after the retraction"));
            index.notesChanged().get();
            assertThat(notes(index)).containsExactly("0 keep me", "3 after the retraction");
        }
    }

    @Test
    void twoRetractionsOfTwoNotesWithTheSameTextTakeOutBoth() throws Exception {
        append(noted("keep me"), noted("said twice"), noted("said twice"));
        try (MemoryIndex index = open()) {
            assertThat(notes(index)).containsExactly("0 keep me", "1 said twice", "2 said twice");
            append(new NotesFile.Note(NoteHeader.retracted(T0, "2026-09-20-0003"), "said twice"));
            index.notesChanged().get();
            assertThat(notes(index)).containsExactly("0 keep me", "1 said twice");
            // The second, read in a later catch-up, names the note the first one left.
            append(new NotesFile.Note(NoteHeader.retracted(T0, "2026-09-20-0002"), "said twice"));
            index.notesChanged().get();
            assertThat(notes(index)).containsExactly("0 keep me");
        }
        // Both read in one catch-up, from the start.
        Files.delete(home.resolve("index").resolve(MemoryIndex.FILE));
        try (MemoryIndex index = open()) {
            assertThat(notes(index)).containsExactly("0 keep me");
        }
    }

    @Test
    void anIndexThatKeptOnlyTheCountOfNotesCountsThemOnceAndKeepsTheOffsetFromThen() throws Exception {
        append(noted("one"), noted("two"));
        try (MemoryIndex index = open()) {
            index.flush().get();
            try (Connection c = IndexConnections.open(index)) {
                c.createStatement().execute("UPDATE progress SET bytes = NULL WHERE log = 'notes.md'");
            }
        }
        append(noted("three"));
        try (MemoryIndex index = open()) {
            assertThat(notes(index)).containsExactly("0 one", "1 two", "2 three");
            assertThat(progress(index)).isEqualTo("3 notes, " + Files.size(notesPath()) + " bytes");
        }
    }

    @Test
    void anOffsetThatNoLongerStartsANoteHasTheNotesReadAgainWhole() throws Exception {
        append(noted("one"), noted("two"));
        try (MemoryIndex index = open()) {
            index.flush().get();
        }
        // The owner put a line at the top: the saved offset now falls inside the second note.
        Files.writeString(notesPath(), "my notes\n" + Files.readString(notesPath()));
        append(noted("three"));
        try (MemoryIndex index = open()) {
            assertThat(notes(index)).containsExactly("0 one", "1 two", "2 three");
            assertThat(progress(index)).isEqualTo("3 notes, " + Files.size(notesPath()) + " bytes");
        }
    }

    @Test
    void retractingANoteAboveMaxClassLeavesTheIndexedNoteWithTheSameText() throws Exception {
        NotesFile.Note secret = new NotesFile.Note(NoteHeader.noted(T0, S, DataClass.SECRET, false, false), "the same words");
        append(noted("the same words"));
        try (MemoryIndex index = open()) {
            assertThat(notes(index)).containsExactly("0 the same words");
            // A note of a secret session is not indexed (max_class private); the owner undoes it.
            append(secret, new NotesFile.Note(NoteHeader.retracted(T0, "2026-09-20-0002"), "the same words"));
            index.notesChanged().get();
            assertThat(notes(index)).containsExactly("0 the same words");
            index.reindex();
            assertThat(notes(index)).containsExactly("0 the same words");
        }
        // The retraction read at start, by an index that had read both notes before it.
        Files.delete(home.resolve("index/memory.sqlite3"));
        Files.writeString(notesPath(), "");
        append(noted("the same words"), secret);
        try (MemoryIndex index = open()) {
            assertThat(notes(index)).containsExactly("0 the same words");
        }
        append(new NotesFile.Note(NoteHeader.retracted(T0, "2026-09-20-0002"), "the same words"));
        try (MemoryIndex index = open()) {
            assertThat(notes(index)).containsExactly("0 the same words");
        }
    }

    /** notes.md with the entry whose body is {@code body} taken out, as the owner's editor saves it. */
    void ownerDeletes(String body) throws Exception {
        String text = Files.readString(notesPath());
        String entry = noted(body).header().line() + "\n" + body + "\n";
        assertThat(text).contains(entry);
        Files.writeString(notesPath(), text.replace(entry, ""));
    }

    @Test
    void aNoteTheOwnerDeletedMidRunCostsNoLaterNoteAndLeavesRecall() throws Exception {
        append(noted("one"), noted("two"), noted("three"));
        try (MemoryIndex index = open()) {
            assertThat(notes(index)).containsExactly("0 one", "1 two", "2 three");
            ownerDeletes("two");
            append(noted("four, taken after the owner's edit"));
            List<String> lines = new java.util.ArrayList<>();
            java.util.logging.Handler capture = CatchUpTest.capture(lines);
            java.util.logging.Logger logger = java.util.logging.Logger.getLogger(IndexBuilder.class.getName());
            logger.addHandler(capture);
            try {
                index.notesChanged().get();
            } finally {
                logger.removeHandler(capture);
            }
            assertThat(lines).containsExactly("the index reads " + notesPath() + " again whole: it no longer goes on"
                    + " from where the index had read it (edited, or an append cut short)");
            assertThat(notes(index)).containsExactly("0 one", "1 three", "2 four, taken after the owner's edit");
            append(noted("five"));
            index.notesChanged().get();
            List<String> caughtUp = Rows.all(index);
            assertThat(notes(index)).containsExactly("0 one", "1 three", "2 four, taken after the owner's edit", "3 five");
            index.reindex();
            assertThat(Rows.all(index)).containsExactlyElementsOf(caughtUp);
        }
    }

    @Test
    void aNoteTheOwnerWroteInTheMiddleMidRunIsReadOnceAndNoOtherTwice() throws Exception {
        append(noted("one"), noted("two"));
        try (MemoryIndex index = open()) {
            assertThat(notes(index)).containsExactly("0 one", "1 two");
            String text = Files.readString(notesPath());
            String two = noted("two").header().line() + "\ntwo\n";
            Files.writeString(notesPath(), text.replace(two, noted("the owner's own").header().line()
                    + "\nthe owner's own\n" + two));
            append(noted("three"));
            index.notesChanged().get();
            assertThat(notes(index)).containsExactly("0 one", "1 the owner's own", "2 two", "3 three");
        }
    }

    @Test
    void aReindexReadsTheSameNotesAsTheCatchUps() throws Exception {
        append(noted("one"));
        try (MemoryIndex index = open()) {
            append(noted("two"), noted("retracted"));
            index.notesChanged();
            append(new NotesFile.Note(NoteHeader.retracted(T0, "2026-09-20-0003"), "retracted"));
            index.notesChanged();
            appendBytes(noted("x").header().line() + "\nnot whole y");
            index.notesChanged();
            List<String> incremental = Rows.all(index);
            String progress = progress(index);
            index.reindex();
            assertThat(Rows.all(index)).containsExactlyElementsOf(incremental).hasSize(2);
            assertThat(progress(index)).isEqualTo(progress);
        }
    }
}
