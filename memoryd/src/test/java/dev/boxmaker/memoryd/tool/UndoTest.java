package dev.boxmaker.memoryd.tool;

import static dev.boxmaker.memoryd.tool.Fixture.clean;
import static dev.boxmaker.memoryd.tool.Fixture.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.files.IdentityFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UndoTest {
    @TempDir
    Path dir;
    MemoryStore store;

    @BeforeEach
    void open() throws Exception {
        store = new MemoryStore(dir, Fixture.CHECK, new Fixture.TestClock(Fixture.START));
    }

    @Test
    void undoOfTheLatestEditRestoresTheFileAndIsJournalledAsOwner() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "a");
        store.add(clean(), IdentityFile.MEMORY, "b");
        store.remove(clean(), IdentityFile.MEMORY, "a");
        assertThat(store.undo("2026-09-24-0003")).usingRecursiveComparison().ignoringFields("json").isEqualTo(OwnerAnswer.ok(
                "undid 2026-09-24-0003 as 2026-09-24-0004: memory.md is back to 2 entries (5 of 2,200 characters)"));
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("a\n§\nb\n");
        // The dropped entry stays in notes.md: it is append-only.
        assertThat(read(dir.resolve("notes.md"))).contains("\na\n");
        Edit undo = store.journal().readAll().get(3);
        assertThat(Journal(undo)).isEqualTo("{\"id\":\"2026-09-24-0004\",\"time\":\"2026-09-24T21:02:11Z\",\"session\":\"owner\","
                + "\"call\":null,\"turn\":null,\"action\":\"undo\",\"file\":\"memory\",\"to\":\"memory.md\",\"before\":[\"b\"],\"after\":[\"a\",\"b\"],"
                + "\"moved\":[],\"dropped\":[],\"untrusted\":false,\"class\":\"private\",\"undoes\":\"2026-09-24-0003\",\"pending\":null}");
    }

    private static String Journal(Edit e) {
        return dev.boxmaker.memoryd.edits.Journal.line(e);
    }

    @Test
    void oneEntryIsSingular() throws Exception {
        store.add(clean(), IdentityFile.USER, "a");
        store.add(clean(), IdentityFile.USER, "b");
        assertThat(store.undo("2026-09-24-0002").text())
                .isEqualTo("undid 2026-09-24-0002 as 2026-09-24-0003: user.md is back to 1 entry (1 of 1,375 characters)");
        assertThat(store.undo("2026-09-24-0003").text())
                .isEqualTo("undid 2026-09-24-0003 as 2026-09-24-0004: user.md is back to 2 entries (5 of 1,375 characters)");
    }

    @Test
    void onlyTheLatestEditOfAFileCanBeUndone() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "a");
        store.add(clean(), IdentityFile.USER, "u");
        store.add(clean(), IdentityFile.MEMORY, "b");
        assertThat(store.undo("2026-09-24-0001")).isEqualTo(OwnerAnswer.refused(
                "2026-09-24-0001 is not the latest edit of memory.md (2026-09-24-0003 is); only the latest can be undone"));
        // The latest edit of user.md is 0002, even though memory.md changed after it.
        assertThat(store.undo("2026-09-24-0002").ok()).isTrue();
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("a\n§\nb\n");
    }

    @Test
    void undoIsRefusedWhenTheFileChangedSince() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "a");
        Files.writeString(dir.resolve("memory.md"), "a\n§\nthe owner's edit\n");
        assertThat(store.undo("2026-09-24-0001")).isEqualTo(OwnerAnswer.refused(
                "memory.md has changed since 2026-09-24-0001; undo refused so that no later change is lost"));
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("a\n§\nthe owner's edit\n");
    }

    @Test
    void undoOfANoteAppendsARetraction() throws Exception {
        store.note(Fixture.tainted(), "a rumour\nover lines");
        String before = read(dir.resolve("notes.md"));
        assertThat(store.undo("2026-09-24-0001")).usingRecursiveComparison().ignoringFields("json").isEqualTo(OwnerAnswer.ok(
                "undid 2026-09-24-0001 as 2026-09-24-0002: the note is retracted in notes.md and recall no longer returns it"));
        assertThat(read(dir.resolve("notes.md"))).isEqualTo(before
                + "§ retracted 2026-09-24T21:02Z note 2026-09-24-0001 by the owner\na rumour\nover lines\n");
        assertThat(store.undo("2026-09-24-0002"))
                .isEqualTo(OwnerAnswer.refused("2026-09-24-0002 retracted a note; a retraction cannot be undone"));
    }

    @Test
    void undoOfAnUndoRedoes() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "a");
        store.undo("2026-09-24-0001");
        assertThat(read(dir.resolve("memory.md"))).isEmpty();
        assertThat(store.undo("2026-09-24-0002").text())
                .isEqualTo("undid 2026-09-24-0002 as 2026-09-24-0003: memory.md is back to 1 entry (1 of 2,200 characters)");
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("a\n");
    }

    @Test
    void unknownAndMalformedIdsAreRefused() throws Exception {
        assertThat(store.undo("2026-09-24-0009"))
                .isEqualTo(OwnerAnswer.refused("no edit has the id \"2026-09-24-0009\"; bxctl memory log lists them"));
        assertThat(store.undo("latest"))
                .isEqualTo(OwnerAnswer.refused("\"latest\" is not an edit id; ids look like 2026-09-24-0003"));
    }

    @Test
    void undoWorksAfterARestart() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "a");
        store.add(clean(), IdentityFile.MEMORY, "b");
        MemoryStore restarted = new MemoryStore(dir, Fixture.CHECK, new Fixture.TestClock(Fixture.START));
        assertThat(restarted.undo("2026-09-24-0001").text()).startsWith("2026-09-24-0001 is not the latest");
        assertThat(restarted.undo("2026-09-24-0002").text()).startsWith("undid 2026-09-24-0002 as 2026-09-24-0003");
        assertThat(restarted.files().read(IdentityFile.MEMORY)).isEqualTo(List.of("a"));
    }
}
