package dev.boxmaker.memoryd.tool;

import static dev.boxmaker.memoryd.tool.Fixture.chars;
import static dev.boxmaker.memoryd.tool.Fixture.clean;
import static dev.boxmaker.memoryd.tool.Fixture.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each rule of the spec's section 5 and memoryd.md, at each limit and one past it. */
class MemoryToolRulesTest {
    @TempDir
    Path dir;
    MemoryStore store;

    @BeforeEach
    void open() throws Exception {
        store = new MemoryStore(dir, Fixture.CHECK, new Fixture.TestClock(Fixture.START));
    }

    private Answer add(IdentityFile f, String text) throws Exception {
        return store.add(clean(), f, text);
    }

    @Test
    void addFitsAtTheLimitOfMemoryMd() throws Exception {
        Answer a = add(IdentityFile.MEMORY, chars(2_200));
        assertThat(a).isEqualTo(Answer.ok(
                "added to memory.md (2,200 of 2,200 characters); it takes effect in the next session",
                new Label(DataClass.PRIVATE, false)));
        assertThat(read(dir.resolve("memory.md"))).isEqualTo(chars(2_200) + "\n");
    }

    @Test
    void addOnePastTheLimitOfMemoryMdIsRefusedWithTheLimitSentence() throws Exception {
        Answer a = add(IdentityFile.MEMORY, chars(2_201));
        assertThat(a.outcome()).isEqualTo(Outcome.REFUSED);
        assertThat(a.text()).isEqualTo("memory.md would be 2,201 of 2,200 characters; use consolidate to move entries to notes");
        assertThat(read(dir.resolve("memory.md"))).isEmpty();
    }

    @Test
    void theLimitCountsTheSeparatorsOfTheCanonicalText() throws Exception {
        add(IdentityFile.MEMORY, chars(1_000));
        // 1,000 + 3 for "\n§\n" + 1,197 = 2,200: fits; one more is over.
        assertThat(add(IdentityFile.MEMORY, "y".repeat(1_198)).text())
                .isEqualTo("memory.md would be 2,201 of 2,200 characters; use consolidate to move entries to notes");
        assertThat(add(IdentityFile.MEMORY, "y".repeat(1_197)).text())
                .isEqualTo("added to memory.md (2,200 of 2,200 characters); it takes effect in the next session");
    }

    @Test
    void userMdFitsAt1375AndNotAt1376() throws Exception {
        assertThat(add(IdentityFile.USER, chars(1_376)).text())
                .isEqualTo("user.md would be 1,376 of 1,375 characters; use consolidate to move entries to notes");
        assertThat(add(IdentityFile.USER, chars(1_375)).text())
                .isEqualTo("added to user.md (1,375 of 1,375 characters); it takes effect in the next session");
    }

    @Test
    void anEmojiCountsAsOneCharacter() throws Exception {
        String emoji = "😀".repeat(2_200);
        assertThat(add(IdentityFile.MEMORY, emoji).text())
                .isEqualTo("added to memory.md (2,200 of 2,200 characters); it takes effect in the next session");
        store.remove(clean(), IdentityFile.MEMORY, emoji);
        assertThat(add(IdentityFile.MEMORY, emoji + "😀").text())
                .isEqualTo("memory.md would be 2,201 of 2,200 characters; use consolidate to move entries to notes");
    }

    @Test
    void aDuplicateIsRefused() throws Exception {
        add(IdentityFile.MEMORY, "the owner likes tea");
        assertThat(add(IdentityFile.MEMORY, "  the owner likes tea \n").text()).isEqualTo("memory.md already holds that entry");
        assertThat(add(IdentityFile.USER, "the owner likes tea").outcome()).isEqualTo(Outcome.OK);
        assertThat(store.replace(clean(), IdentityFile.USER, "the owner likes tea", "the owner likes tea").text())
                .isEqualTo("user.md already holds that entry");
    }

    @Test
    void addedEntriesAreTrimmedAndAppended() throws Exception {
        add(IdentityFile.MEMORY, "first");
        add(IdentityFile.MEMORY, "\n  second\nline  \n");
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("first\n§\nsecond\nline\n");
    }

    @Test
    void anEmptyEntryIsRefused() throws Exception {
        assertThat(add(IdentityFile.MEMORY, " \n\t").text())
                .isEqualTo("the entry is empty; an entry needs at least one character besides white space");
    }

    @Test
    void aTextHoldingASeparatorLineIsRefused() throws Exception {
        assertThat(add(IdentityFile.MEMORY, "a\n§\nb").text())
                .isEqualTo("refused: the text holds a line that reads as an entry separator");
        assertThat(store.note(clean(), "a\n§ dropped 2026-09-24T20:14Z from memory.md in session mm-abc").text())
                .isEqualTo("refused: the text holds a line that reads as an entry separator");
    }

    @Test
    void theCheckRefusesNewAndRewrittenEntriesAndNotes() throws Exception {
        add(IdentityFile.MEMORY, "a");
        assertThat(add(IdentityFile.MEMORY, "FORBIDDEN").text()).isEqualTo(Fixture.CHECK_SENTENCE);
        assertThat(store.replace(clean(), IdentityFile.MEMORY, "a", "FORBIDDEN").text()).isEqualTo(Fixture.CHECK_SENTENCE);
        assertThat(store.note(clean(), "FORBIDDEN").text()).isEqualTo(Fixture.CHECK_SENTENCE);
        assertThat(store.consolidate(clean(), IdentityFile.MEMORY,
                List.of(Request.Item.keep("a"), Request.Item.added("FORBIDDEN"))).text()).isEqualTo(Fixture.CHECK_SENTENCE);
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("a\n");
        assertThat(read(dir.resolve("notes.md"))).isEmpty();
    }

    @Test
    void theCheckComesBeforeOldMatchingAsDecisionsOrdersRefusals() throws Exception {
        add(IdentityFile.MEMORY, "a");
        assertThat(store.replace(clean(), IdentityFile.MEMORY, "stale", "FORBIDDEN").text())
                .isEqualTo(Fixture.CHECK_SENTENCE);
        // A stale old, an entry named twice, a missing entry: the check on the new text still comes first.
        assertThat(store.consolidate(clean(), IdentityFile.MEMORY, List.of(Request.Item.keep("stale"),
                Request.Item.keep("a"), Request.Item.drop("a"), Request.Item.added("FORBIDDEN"))).text())
                .isEqualTo(Fixture.CHECK_SENTENCE);
        assertThat(store.consolidate(clean(), IdentityFile.MEMORY, List.of(Request.Item.rewrite("stale", "FORBIDDEN")))
                .text()).isEqualTo(Fixture.CHECK_SENTENCE);
    }

    @Test
    void replaceAndRemoveNeedTheFullTextOfAnEntryAsItIsNow() throws Exception {
        add(IdentityFile.MEMORY, "launch is Tuesday");
        assertThat(store.replace(clean(), IdentityFile.MEMORY, "launch is", "launch is Thursday").text())
                .isEqualTo("no entry of memory.md is exactly \"launch is\"; read the file as it is now");
        assertThat(store.remove(clean(), IdentityFile.MEMORY, "launch is Tuesday ").text())
                .isEqualTo("no entry of memory.md is exactly \"launch is Tuesday \"; read the file as it is now");
        String longOld = "z".repeat(100);
        assertThat(store.remove(clean(), IdentityFile.MEMORY, longOld).text())
                .isEqualTo("no entry of memory.md is exactly \"" + "z".repeat(79) + "…\"; read the file as it is now");
    }

    @Test
    void replaceRewritesInPlace() throws Exception {
        add(IdentityFile.MEMORY, "a");
        add(IdentityFile.MEMORY, "b");
        assertThat(store.replace(clean(), IdentityFile.MEMORY, "a", "c").text())
                .isEqualTo("replaced in memory.md (5 of 2,200 characters); it takes effect in the next session");
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("c\n§\nb\n");
    }

    @Test
    void replaceMustFitTheLimit() throws Exception {
        add(IdentityFile.USER, "a");
        assertThat(store.replace(clean(), IdentityFile.USER, "a", chars(1_376)).text())
                .isEqualTo("user.md would be 1,376 of 1,375 characters; use consolidate to move entries to notes");
        assertThat(store.replace(clean(), IdentityFile.USER, "a", chars(1_375)).outcome()).isEqualTo(Outcome.OK);
    }

    @Test
    void removeKeepsTheEntryInNotesAsDroppedAndGivesTheNewCount() throws Exception {
        add(IdentityFile.USER, "a");
        add(IdentityFile.USER, "bb");
        assertThat(store.remove(clean(), IdentityFile.USER, "a").text()).isEqualTo(
                "removed from user.md and kept in notes.md as dropped (2 of 1,375 characters); it takes effect in the next session");
        assertThat(read(dir.resolve("user.md"))).isEqualTo("bb\n");
        assertThat(read(dir.resolve("notes.md"))).isEqualTo(
                "§ dropped 2026-09-24T21:02Z from user.md in session " + Fixture.CLEAN + "\na\n");
    }

    @Test
    void noteIsOneTo1000Characters() throws Exception {
        assertThat(store.note(clean(), chars(1_000)).text()).isEqualTo("noted");
        assertThat(store.note(clean(), chars(1_001)).text()).isEqualTo("a note must be 1 to 1,000 characters; this one is 1,001");
        assertThat(store.note(clean(), "😀".repeat(1_000)).text()).isEqualTo("noted");
        assertThat(store.note(clean(), "😀".repeat(1_001)).text()).isEqualTo("a note must be 1 to 1,000 characters; this one is 1,001");
        assertThat(store.note(clean(), "x").text()).isEqualTo("noted");
        assertThat(store.note(clean(), "  \n").text()).isEqualTo("a note must be 1 to 1,000 characters; this one is 0");
    }
}
