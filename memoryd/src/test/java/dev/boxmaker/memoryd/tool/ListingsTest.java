package dev.boxmaker.memoryd.tool;

import dev.boxmaker.memoryd.admin.AdminRouter;
import static dev.boxmaker.memoryd.tool.Fixture.clean;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.files.IdentityFile;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ListingsTest {
    static final String SID = Fixture.CLEAN.value();
    static final String T = "2026-09-24T21:02:11Z";
    @TempDir
    Path dir;

    @Test
    void aListingPastItsCharactersEndsWithTheSentenceNamingTheOldestEditShown() throws Exception {
        MemoryStore store = new MemoryStore(dir, Fixture.CHECK, new Fixture.TestClock(Fixture.START));
        store.add(clean(), IdentityFile.MEMORY, "one");
        store.add(clean(), IdentityFile.MEMORY, "two");
        store.add(clean(), IdentityFile.MEMORY, "three");
        String edit3 = "2026-09-24-0003  " + T + "  " + SID + "  add memory → memory.md\n  + three\n";
        String edit2 = "2026-09-24-0002  " + T + "  " + SID + "  add memory → memory.md\n  + two\n";
        List<dev.boxmaker.memoryd.edits.Edit> edits = store.journal().readAll();

        assertThat(Listings.log(edits, edit3.length() + edit2.length())).isEqualTo(edit3 + edit2
                + "(cut to fit one answer: 2 of 3 edits shown; bxctl memory log --before 2026-09-24-0002 lists on)\n");
        // The newest edit is shown whole even past the limit; the whole log fits a frame at the real one.
        assertThat(Listings.log(edits, 1)).isEqualTo(edit3
                + "(cut to fit one answer: 1 of 3 edits shown; bxctl memory log --before 2026-09-24-0003 lists on)\n");
        assertThat(Listings.log(edits)).endsWith("  + one\n");
    }

    @Test
    void logListsTheLastEditsNewestFirstWithEntriesEscaped() throws Exception {
        MemoryStore store = new MemoryStore(dir, Fixture.CHECK, new Fixture.TestClock(Fixture.START));
        store.add(clean(), IdentityFile.MEMORY, "a\u200Bb");
        store.add(clean(), IdentityFile.MEMORY, "two\nlines");
        store.note(Fixture.tainted(), "heard");
        store.consolidate(clean(), IdentityFile.MEMORY,
                List.of(Request.Item.move("a\u200Bb"), Request.Item.drop("two\nlines"), Request.Item.added("c")));
        store.undo("2026-09-24-0004");
        assertThat(AdminRouter.ofStore(store).run("log", "")).isEqualTo(OwnerAnswer.ok(
                "2026-09-24-0005  " + T + "  owner  undo 2026-09-24-0004 → memory.md\n"
                        + "  + a\\u{200B}b\n"
                        + "  + two\\nlines\n"
                        + "  - c\n"
                        + "2026-09-24-0004  " + T + "  " + SID + "  consolidate memory → memory.md\n"
                        + "  + c\n"
                        + "  - a\\u{200B}b (moved to notes.md)\n"
                        + "  - two\\nlines (dropped to notes.md)\n"
                        + "2026-09-24-0003  " + T + "  " + Fixture.TAINTED + "  note → notes.md\n"
                        + "  + heard\n"
                        + "2026-09-24-0002  " + T + "  " + SID + "  add memory → memory.md\n"
                        + "  + two\\nlines\n"
                        + "2026-09-24-0001  " + T + "  " + SID + "  add memory → memory.md\n"
                        + "  + a\\u{200B}b\n"));
        assertThat(AdminRouter.ofStore(store).run("log", "1").text()).isEqualTo(
                "2026-09-24-0005  " + T + "  owner  undo 2026-09-24-0004 → memory.md\n"
                        + "  + a\\u{200B}b\n  + two\\nlines\n  - c\n");
    }

    @Test
    void logCountIsOneTo1000() throws Exception {
        MemoryStore store = new MemoryStore(dir, Fixture.CHECK, new Fixture.TestClock(Fixture.START));
        assertThat(AdminRouter.ofStore(store).run("log", "1000")).isEqualTo(OwnerAnswer.ok("no edits yet"));
        assertThat(AdminRouter.ofStore(store).run("log", "1001"))
                .isEqualTo(OwnerAnswer.refused("log takes a number of edits from 1 to 1,000; got \"1001\""));
        assertThat(AdminRouter.ofStore(store).run("log", "0"))
                .isEqualTo(OwnerAnswer.refused("log takes a number of edits from 1 to 1,000; got \"0\""));
        assertThat(AdminRouter.ofStore(store).run("log", "ten"))
                .isEqualTo(OwnerAnswer.refused("log takes a number of edits from 1 to 1,000; got \"ten\""));
    }

    @Test
    void logShowsAcceptsAndRejects() throws Exception {
        MemoryStore store = new MemoryStore(dir, Fixture.CHECK, new Fixture.TestClock(Fixture.START), true);
        store.add(clean(), IdentityFile.USER, "u");
        store.add(clean(), IdentityFile.USER, "v");
        AdminRouter.ofStore(store).run("accept", "2026-09-24-0001");
        AdminRouter.ofStore(store).run("reject", "2026-09-24-0002");
        assertThat(store.log(20)).isEqualTo(
                "2026-09-24-0004  " + T + "  owner  reject 2026-09-24-0002\n"
                        + "2026-09-24-0003  " + T + "  owner  add user → user.md, accepted from 2026-09-24-0001\n"
                        + "  + u\n");
    }

    @Test
    void anUnknownCommandIsRefused() throws Exception {
        MemoryStore store = new MemoryStore(dir, Fixture.CHECK, new Fixture.TestClock(Fixture.START));
        assertThat(AdminRouter.ofStore(store).run("redo", "")).isEqualTo(OwnerAnswer.refused(
                "unknown command \"redo\"; the commands are log, undo, pending, accept, reject, show, search, sync"));
    }

    /** A command or id from the request is quoted back by the one quote: escaped onto one line, then cut. */
    @Test
    void anUnknownCommandOrIdIsQuotedEscapedAndCut() throws Exception {
        MemoryStore store = new MemoryStore(dir, Fixture.CHECK, new Fixture.TestClock(Fixture.START));
        assertThat(AdminRouter.ofStore(store).run("re\ndo\u200B", "")).isEqualTo(OwnerAnswer.refused(
                "unknown command \"re\\ndo\\u{200B}\"; the commands are log, undo, pending, accept, reject, show, search, sync"));
        assertThat(AdminRouter.ofStore(store).run("undo", "\u001b[2J".repeat(20))).isEqualTo(OwnerAnswer.refused(
                "\"" + "\\u{001B}[2J".repeat(7) + "\\u…\" is not an edit id; ids look like 2026-09-24-0003"));
    }
}
