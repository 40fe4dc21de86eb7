package dev.boxmaker.memoryd.tool;

import static dev.boxmaker.memoryd.tool.Fixture.clean;
import static dev.boxmaker.memoryd.tool.Fixture.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.tool.Request.Item;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConsolidateTest {
    static final String SID = Fixture.CLEAN.value();
    @TempDir
    Path dir;
    MemoryStore store;

    @BeforeEach
    void open() throws Exception {
        store = new MemoryStore(dir, Fixture.CHECK, new Fixture.TestClock(Fixture.START));
        for (String e : List.of("k1", "k2", "k3", "r1", "m1", "m2", "d1")) {
            store.add(clean(), IdentityFile.MEMORY, e);
        }
    }

    @Test
    void consolidateAppliesEveryChoiceInTheOrderGiven() throws Exception {
        Answer a = store.consolidate(clean(), IdentityFile.MEMORY, List.of(Item.move("m2"), Item.keep("k3"),
                Item.rewrite("r1", "r1 rewritten"), Item.drop("d1"), Item.keep("k1"), Item.added("n1"), Item.move("m1"),
                Item.keep("k2")));
        assertThat(a.text()).isEqualTo("consolidated memory.md: 3 kept, 1 rewritten, 2 moved to notes, 1 dropped, 1 new "
                + "(32 of 2,200 characters); it takes effect in the next session");
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("k3\n§\nr1 rewritten\n§\nk1\n§\nn1\n§\nk2\n");
        assertThat(read(dir.resolve("notes.md"))).isEqualTo(
                "§ moved 2026-09-24T21:02Z from memory.md in session " + SID + "\nm2\n"
                        + "§ dropped 2026-09-24T21:02Z from memory.md in session " + SID + "\nd1\n"
                        + "§ moved 2026-09-24T21:02Z from memory.md in session " + SID + "\nm1\n");
    }

    private List<Item> allKeptBut(String skip) {
        return List.of("k1", "k2", "k3", "r1", "m1", "m2", "d1").stream().filter(e -> !e.equals(skip)).map(Item::keep).toList();
    }

    @Test
    void aMissingEntryIsRefused() throws Exception {
        assertThat(store.consolidate(clean(), IdentityFile.MEMORY, allKeptBut("m1")).text())
                .isEqualTo("consolidate must name every entry of memory.md once; missing: \"m1\"");
    }

    @Test
    void anEntryNamedTwiceIsRefused() throws Exception {
        var items = new java.util.ArrayList<>(allKeptBut(""));
        items.add(Item.drop("k2"));
        assertThat(store.consolidate(clean(), IdentityFile.MEMORY, items).text())
                .isEqualTo("consolidate names an entry of memory.md twice: \"k2\"");
    }

    @Test
    void quotedEntriesAreCutTo80Characters() throws Exception {
        String longEntry = "L".repeat(120);
        store.add(clean(), IdentityFile.USER, longEntry);
        assertThat(store.consolidate(clean(), IdentityFile.USER, List.of()).text())
                .isEqualTo("consolidate must name every entry of user.md once; missing: \"" + "L".repeat(79) + "…\"");
    }

    @Test
    void anUnknownOldIsRefusedAsStale() throws Exception {
        var items = new java.util.ArrayList<>(allKeptBut(""));
        items.add(Item.keep("gone"));
        assertThat(store.consolidate(clean(), IdentityFile.MEMORY, items).text())
                .isEqualTo("no entry of memory.md is exactly \"gone\"; read the file as it is now");
    }

    @Test
    void aResultHoldingAnEntryTwiceIsRefused() throws Exception {
        var items = new java.util.ArrayList<>(allKeptBut(""));
        items.add(Item.added("k1"));
        assertThat(store.consolidate(clean(), IdentityFile.MEMORY, items).text())
                .isEqualTo("consolidate would leave memory.md holding an entry twice: \"k1\"");
    }

    @Test
    void theResultMustFitTheLimit() throws Exception {
        // Now 7 entries of 2 characters: 7*2 + 6*3 = 32. A new entry adds 3 + its length.
        var items = new java.util.ArrayList<>(allKeptBut(""));
        items.add(Item.added("n".repeat(2_200 - 32 - 3 + 1)));
        assertThat(store.consolidate(clean(), IdentityFile.MEMORY, items).text())
                .isEqualTo("memory.md would be 2,201 of 2,200 characters; use consolidate to move entries to notes");
        items.set(items.size() - 1, Item.added("n".repeat(2_200 - 32 - 3)));
        assertThat(store.consolidate(clean(), IdentityFile.MEMORY, items).text()).isEqualTo(
                "consolidated memory.md: 7 kept, 0 rewritten, 0 moved to notes, 0 dropped, 1 new (2,200 of 2,200 characters); "
                        + "it takes effect in the next session");
    }

    @Test
    void nothingIsWrittenWhenRefused() throws Exception {
        String before = read(dir.resolve("memory.md"));
        store.consolidate(clean(), IdentityFile.MEMORY, List.of(Item.move("k1")));
        assertThat(read(dir.resolve("memory.md"))).isEqualTo(before);
        assertThat(read(dir.resolve("notes.md"))).isEmpty();
    }

    @Test
    void anEmptyFileConsolidatesToNewEntries() throws Exception {
        Answer a = store.consolidate(clean(), IdentityFile.USER, List.of(Item.added("u1")));
        assertThat(a.outcome()).isEqualTo(Outcome.OK);
        assertThat(read(dir.resolve("user.md"))).isEqualTo("u1\n");
    }
}
