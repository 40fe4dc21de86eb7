package dev.boxmaker.memoryd.tool;

import static dev.boxmaker.memoryd.tool.Fixture.clean;
import static dev.boxmaker.memoryd.tool.Fixture.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files the owner edited with an editor hold what memoryd itself never writes: an entry twice, a
 * note's header copied in with the note. An edit of such a file must be refused before its journal
 * line, or done; never journalled and then failed, which left every later write failing and
 * memoryd unable to start (its start finishes the journal's last edit, and failed the same way).
 */
class OwnerEditedFileTest {
    static final String HEADER = "§ noted 2026-09-22T18:20Z in session mm-dh45qgxyz · private";

    @TempDir
    Path dir;

    private void write(String name, String text) throws Exception {
        Fixture.write(dir.resolve(name), text);
    }

    @Test
    void anAddToAFileHoldingAnEntryTwiceIsRefusedAndNothingIsJournalled() throws Exception {
        MemoryStore store = Fixture.store(dir);
        write("memory.md", "tea\n§\ntea\n");
        Answer a = store.add(clean(), IdentityFile.MEMORY, "coffee");
        assertThat(a.outcome()).isEqualTo(Outcome.REFUSED);
        assertThat(a.text()).isEqualTo("memory.md holds an entry twice: \"tea\"; "
                + "use consolidate to name it once, with keep");
        assertThat(store.log(20)).isEqualTo("no edits yet");
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("tea\n§\ntea\n");
        // memoryd still writes, and still starts.
        assertThat(store.note(clean(), "n").text()).isEqualTo("noted");
        assertThat(Fixture.store(dir).files().read(IdentityFile.MEMORY)).isEqualTo(List.of("tea", "tea"));
    }

    @Test
    void aReplaceOrRemoveLeavingTheOwnersDuplicateIsRefusedToo() throws Exception {
        MemoryStore store = Fixture.store(dir);
        write("user.md", "tea\n§\ntea\n§\nmilk\n");
        String sentence = "user.md holds an entry twice: \"tea\"; use consolidate to name it once, with keep";
        assertThat(store.replace(clean(), IdentityFile.USER, "milk", "oat milk").text()).isEqualTo(sentence);
        assertThat(store.remove(clean(), IdentityFile.USER, "milk").text()).isEqualTo(sentence);
        assertThat(store.log(20)).isEqualTo("no edits yet");
        assertThat(Fixture.store(dir).files().read(IdentityFile.USER)).isEqualTo(List.of("tea", "tea", "milk"));
    }

    @Test
    void consolidateNamingTheDuplicateOnceMendsTheFile() throws Exception {
        MemoryStore store = Fixture.store(dir);
        write("memory.md", "tea\n§\ntea\n");
        assertThat(store.consolidate(clean(), IdentityFile.MEMORY, List.of(Request.Item.keep("tea"))).text())
                .isEqualTo("consolidated memory.md: 1 kept, 0 rewritten, 0 moved to notes, 0 dropped, 0 new "
                        + "(3 of 2,200 characters); it takes effect in the next session");
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("tea\n");
        assertThat(store.add(clean(), IdentityFile.MEMORY, "coffee").outcome()).isEqualTo(Outcome.OK);
    }

    @Test
    void undoThatWouldPutTheOwnersDuplicateBackIsRefused() throws Exception {
        MemoryStore store = Fixture.store(dir);
        write("memory.md", "tea\n§\ntea\n");
        store.consolidate(clean(), IdentityFile.MEMORY, List.of(Request.Item.keep("tea")));
        assertThat(store.undo("2026-09-24-0001")).isEqualTo(OwnerAnswer.refused("undo of 2026-09-24-0001 "
                + "would put an entry back twice in memory.md: \"tea\"; edit the file instead"));
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("tea\n");
        assertThat(store.log(20)).startsWith("2026-09-24-0001 ");
        assertThat(Fixture.store(dir).add(clean(), IdentityFile.MEMORY, "coffee").outcome()).isEqualTo(Outcome.OK);
    }

    @Test
    void removingAnEntryThatHoldsANotesHeaderIsRefusedAndNothingIsJournalled() throws Exception {
        MemoryStore store = Fixture.store(dir);
        // The owner moved a note into memory.md by copying it from notes.md, header and all.
        write("memory.md", "tea\n§\n" + HEADER + "\nThe owner prefers UTC.\n");
        String entry = HEADER + "\nThe owner prefers UTC.";
        String sentence = "the entry \"" + HEADER + "\nThe owner prefers U…\" "
                + "holds a line that reads as a notes.md header, so it cannot go to notes.md; "
                + "replace it with its text without that line first";
        assertThat(store.remove(clean(), IdentityFile.MEMORY, entry).text()).isEqualTo(sentence);
        assertThat(store.consolidate(clean(), IdentityFile.MEMORY,
                List.of(Request.Item.keep("tea"), Request.Item.move(entry))).text()).isEqualTo(sentence);
        assertThat(store.log(20)).isEqualTo("no edits yet");
        assertThat(store.files().notes().read()).isEmpty();
        // The way out the sentence names works, and memoryd still starts.
        assertThat(store.replace(clean(), IdentityFile.MEMORY, entry, "The owner prefers UTC.").outcome())
                .isEqualTo(Outcome.OK);
        assertThat(Fixture.store(dir).remove(clean(), IdentityFile.MEMORY, "The owner prefers UTC.").outcome())
                .isEqualTo(Outcome.OK);
    }

    @Test
    void theFirstEntryOfAFileSavedWithAByteOrderMarkIsNamedWithoutIt() throws Exception {
        MemoryStore store = Fixture.store(dir);
        write("user.md", "\uFEFFlikes tea\n");
        assertThat(store.remove(clean(), IdentityFile.USER, "likes tea").text()).isEqualTo(
                "removed from user.md and kept in notes.md as dropped (0 of 1,375 characters); "
                        + "it takes effect in the next session");
        assertThat(read(dir.resolve("user.md"))).isEmpty();
    }

    @Test
    void byteOrderMarksThatJoiningFilesLeftAtLineStartsReadAsNothing() throws Exception {
        MemoryStore store = Fixture.store(dir);
        write("memory.md", "a\n\uFEFF§\n\uFEFF \uFEFFb\n§\nc \uFEFFd\n");
        assertThat(store.files().read(IdentityFile.MEMORY)).isEqualTo(List.of("a", "b", "c \uFEFFd"));
        // An entry that had a mark before it can come first and still read back as written.
        assertThat(store.consolidate(clean(), IdentityFile.MEMORY, List.of(Request.Item.keep("b"),
                Request.Item.keep("a"), Request.Item.keep("c \uFEFFd"))).outcome()).isEqualTo(Outcome.OK);
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("b\n§\na\n§\nc \uFEFFd\n");
    }

    @Test
    void anEntryHoldingCarriageReturnsBeforeALineEndIsWrittenAsItReadsBack() throws Exception {
        MemoryStore store = Fixture.store(dir);
        // An editor that doubled Windows line ends: "\r\r\n" reads as one line end.
        write("memory.md", "first line\r\r\nsecond line\r\r\n");
        assertThat(store.files().read(IdentityFile.MEMORY)).isEqualTo(List.of("first line\nsecond line"));
        assertThat(store.add(clean(), IdentityFile.MEMORY, "tea").outcome()).isEqualTo(Outcome.OK);
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("first line\nsecond line\n§\ntea\n");
        assertThat(Fixture.store(dir).files().read(IdentityFile.MEMORY)).isEqualTo(List.of("first line\nsecond line", "tea"));
    }
}
