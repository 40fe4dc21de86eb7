package dev.boxmaker.memoryd.files;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.DataClass;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NotesFileTest {
    static final Instant AT = Instant.parse("2026-09-24T21:02:59Z");
    static final String SID = "mm-y73sxj3popgwumyccptb56p1ah";

    @Test
    void headersAreExactlyTheGrammarsLines() {
        assertThat(NoteHeader.noted(AT, SID, DataClass.PRIVATE, true, false).line())
                .isEqualTo("§ noted 2026-09-24T21:02Z in session " + SID + " · private · untrusted");
        assertThat(NoteHeader.noted(AT, SID, DataClass.SECRET, false, false).line())
                .isEqualTo("§ noted 2026-09-24T21:02Z in session " + SID + " · secret");
        assertThat(NoteHeader.noted(AT, SID, DataClass.PRIVATE, true, true).line())
                .isEqualTo("§ noted 2026-09-24T21:02Z in session " + SID + " · private · untrusted · flagged");
        assertThat(NoteHeader.moved(AT, IdentityFile.MEMORY, SID).line())
                .isEqualTo("§ moved 2026-09-24T21:02Z from memory.md in session " + SID);
        assertThat(NoteHeader.dropped(AT, IdentityFile.USER, SID).line())
                .isEqualTo("§ dropped 2026-09-24T21:02Z from user.md in session " + SID);
        assertThat(NoteHeader.retracted(AT, "2026-09-24-0003").line())
                .isEqualTo("§ retracted 2026-09-24T21:02Z note 2026-09-24-0003 by the owner");
    }

    @Test
    void aNotesFileTheOwnerSavedWithWindowsLineEndsReadsAsItsNotes(@TempDir Path dir) throws Exception {
        String first = NoteHeader.noted(AT, SID, DataClass.PRIVATE, true, false).line();
        String second = NoteHeader.dropped(AT, IdentityFile.MEMORY, SID).line();
        Path path = dir.resolve("notes.md");
        Files.writeString(path, first + "\r\nline one\r\nline two\r\n" + second + "\r\ntea\r\n");
        NotesFile notes = new NotesFile(path);
        notes.append(List.of(new NotesFile.Note(NoteHeader.retracted(AT, "2026-09-24-0003"), "line one")));
        assertThat(notes.read()).extracting(n -> n.header().line() + "|" + n.body()).containsExactly(
                first + "|line one\nline two", second + "|tea",
                "§ retracted 2026-09-24T21:02Z note 2026-09-24-0003 by the owner|line one");
        assertThat(notes.readFrom(0).orElseThrow().notes()).hasSize(3);
        // So a body line ending in \r would not read back as written: memoryd never stores one.
        assertThat(NotesFile.storable("a\r\nb")).isFalse();
        assertThat(NotesFile.storable("a\rb")).isTrue();
        long secondAt = (first + "\r\nline one\r\nline two\r\n").getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        assertThat(notes.readFrom(secondAt).orElseThrow().notes()).extracting(NotesFile.Note::body)
                .containsExactly("tea", "line one");
    }

    @Test
    void everyHeaderParsesBackToItself() {
        for (NoteHeader h : List.of(NoteHeader.noted(AT, SID, DataClass.PUBLIC, false, true),
                NoteHeader.noted(AT, SID, DataClass.PRIVATE, true, true),
                NoteHeader.moved(AT, IdentityFile.USER, SID), NoteHeader.dropped(AT, IdentityFile.MEMORY, SID),
                NoteHeader.retracted(AT, "2026-09-24-0003"))) {
            assertThat(NoteHeader.parse(h.line())).contains(h);
        }
    }

    @Test
    void linesNearTheGrammarAreNotHeaders() {
        assertThat(NoteHeader.parse("§ noted 2026-09-24T21:02Z in session " + SID + " · private · flagged · untrusted")).isEmpty();
        assertThat(NoteHeader.parse("§ noted 2026-09-24T21:02:11Z in session " + SID + " · private")).isEmpty();
        assertThat(NoteHeader.parse("§ moved 2026-09-24T21:02Z from soul.md in session " + SID)).isEmpty();
        assertThat(NoteHeader.parse(" § dropped 2026-09-24T21:02Z from memory.md in session " + SID)).isEmpty();
        assertThat(NoteHeader.parse("§ noted 2026-09-24T21:02Z in session mm-dh45qg… · private")).isEmpty();
    }

    @Test
    void appendedNotesReadBackInOrderWithExactBytes(@TempDir Path dir) throws Exception {
        NotesFile notes = new NotesFile(dir.resolve("notes.md"));
        var first = new NotesFile.Note(NoteHeader.noted(AT, SID, DataClass.PRIVATE, false, false), "one\ntwo lines");
        var second = new NotesFile.Note(NoteHeader.dropped(AT, IdentityFile.MEMORY, SID), "gone 😀");
        notes.append(List.of(first));
        notes.append(List.of(second));
        assertThat(Files.readString(dir.resolve("notes.md"))).isEqualTo(
                "§ noted 2026-09-24T21:02Z in session " + SID + " · private\none\ntwo lines\n"
                        + "§ dropped 2026-09-24T21:02Z from memory.md in session " + SID + "\ngone 😀\n");
        assertThat(notes.read()).containsExactly(first, second);
    }

    @Test
    void aBodyHoldingAHeaderLineOrSeparatorIsNotStorable() {
        assertThat(NotesFile.storable("fine")).isTrue();
        assertThat(NotesFile.storable("a\n§ moved 2026-09-24T21:02Z from memory.md in session " + SID)).isFalse();
        assertThat(NotesFile.storable("a\n§\nb")).isFalse();
        assertThat(NotesFile.storable(" ")).isFalse();
    }

    @Test
    void linesBeforeTheFirstHeaderAreSkipped() {
        assertThat(NotesFile.parse("owner's preface\n§ retracted 2026-09-24T21:02Z note 2026-09-24-0003 by the owner\nx\n"))
                .containsExactly(new NotesFile.Note(NoteHeader.retracted(AT, "2026-09-24-0003"), "x"));
    }

    @Test
    void readFromAnOffsetGivesTheWholeNotesPastItAndWhereTheyEnd(@TempDir Path dir) throws Exception {
        NotesFile notes = new NotesFile(dir.resolve("notes.md"));
        var first = new NotesFile.Note(NoteHeader.noted(AT, SID, DataClass.PRIVATE, false, false), "one");
        var second = new NotesFile.Note(NoteHeader.dropped(AT, IdentityFile.MEMORY, SID), "two 😀\nlines");
        notes.append(List.of(first));
        long firstEnds = Files.size(notes.path());
        notes.append(List.of(second));
        long size = Files.size(notes.path());
        assertThat(notes.readFrom(0)).contains(new NotesFile.Tail(List.of(first, second), size));
        assertThat(notes.readFrom(firstEnds)).contains(new NotesFile.Tail(List.of(second), size));
        assertThat(notes.readFrom(size)).contains(new NotesFile.Tail(List.of(), size));
    }

    @Test
    void aLastLineWithoutItsNewlineLeavesItsNoteForALaterRead(@TempDir Path dir) throws Exception {
        Path path = dir.resolve("notes.md");
        String header = NoteHeader.noted(AT, SID, DataClass.PRIVATE, false, false).line();
        Files.writeString(path, header + "\nwhole\n" + header + "\nfirst line\nhalf a li");
        long secondStarts = (header + "\nwhole\n").getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        NotesFile notes = new NotesFile(path);
        var whole = new NotesFile.Note(NoteHeader.parse(header).orElseThrow(), "whole");
        assertThat(notes.readFrom(0)).contains(new NotesFile.Tail(List.of(whole), secondStarts));
        assertThat(notes.readFrom(secondStarts)).contains(new NotesFile.Tail(List.of(), secondStarts));
        // The whole-file read, as before, takes the unfinished line as it stands.
        assertThat(notes.read()).hasSize(2);
    }

    @Test
    void anOffsetThatDoesNotStartANoteIsRefused(@TempDir Path dir) throws Exception {
        NotesFile notes = new NotesFile(dir.resolve("notes.md"));
        notes.append(List.of(new NotesFile.Note(NoteHeader.noted(AT, SID, DataClass.PRIVATE, false, false), "body")));
        long size = Files.size(notes.path());
        long bodyStarts = size - "body\n".length();
        assertThat(notes.readFrom(size + 1)).isEmpty();
        assertThat(notes.readFrom(3)).isEmpty();
        assertThat(notes.readFrom(bodyStarts)).isEmpty();
        assertThat(new NotesFile(dir.resolve("missing.md")).readFrom(0)).contains(new NotesFile.Tail(List.of(), 0));
        assertThat(new NotesFile(dir.resolve("missing.md")).readFrom(5)).isEmpty();
    }

    @Test
    void anAppendAfterALastLineWithoutItsNewlineStartsOnALineOfItsOwn(@TempDir Path dir) throws Exception {
        Path path = dir.resolve("notes.md");
        String header = NoteHeader.noted(AT, SID, DataClass.PRIVATE, false, false).line();
        Files.writeString(path, header + "\ncut sh");
        var note = new NotesFile.Note(NoteHeader.dropped(AT, IdentityFile.MEMORY, SID), "whole");
        new NotesFile(path).append(List.of(note));
        assertThat(Files.readString(path)).isEqualTo(header + "\ncut sh\n" + NotesFile.render(note));
        assertThat(new NotesFile(path).read()).extracting(NotesFile.Note::body).containsExactly("cut sh", "whole");
    }
}
