package dev.boxmaker.memoryd.tool;

import static dev.boxmaker.memoryd.tool.Fixture.clean;
import static dev.boxmaker.memoryd.tool.Fixture.read;
import static dev.boxmaker.memoryd.tool.Fixture.tainted;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.tool.Request.Item;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal's exact lines, and ids continued after a restart. */
class JournalTest {
    static final String CLEAN_SID = Fixture.CLEAN.value();
    static final String TAINTED_SID = Fixture.TAINTED.value();
    @TempDir
    Path dir;

    @Test
    void everyKindOfWriteIsJournalledAsOneExactLine() throws Exception {
        var clock = new Fixture.TestClock(Fixture.START);
        MemoryStore store = new MemoryStore(dir, Fixture.CHECK, clock);
        store.add(clean(), IdentityFile.MEMORY, "a");
        store.add(clean(), IdentityFile.MEMORY, "b");
        store.note(tainted(), "seen");
        store.add(tainted(), IdentityFile.USER, "as note");
        store.consolidate(clean(), IdentityFile.MEMORY, List.of(Item.rewrite("a", "a2"), Item.move("b")));
        store.add(clean(), IdentityFile.MEMORY, "FORBIDDEN");
        String common = "\"session\":\"" + CLEAN_SID + "\",\"call\":\"call_1\",\"turn\":null";
        String taintedCommon = "\"session\":\"" + TAINTED_SID + "\",\"call\":\"call_2\",\"turn\":null";
        assertThat(read(dir.resolve("edits/2026-09.jsonl"))).isEqualTo(String.join("\n",
                "{\"id\":\"2026-09-24-0001\",\"time\":\"2026-09-24T21:02:11Z\"," + common + ",\"action\":\"add\",\"file\":\"memory\","
                        + "\"to\":\"memory.md\",\"before\":[],\"after\":[\"a\"],\"moved\":[],\"dropped\":[],\"untrusted\":false,"
                        + "\"class\":\"private\",\"undoes\":null,\"pending\":null}",
                "{\"id\":\"2026-09-24-0002\",\"time\":\"2026-09-24T21:02:11Z\"," + common + ",\"action\":\"add\",\"file\":\"memory\","
                        + "\"to\":\"memory.md\",\"before\":[\"a\"],\"after\":[\"a\",\"b\"],\"moved\":[],\"dropped\":[],\"untrusted\":false,"
                        + "\"class\":\"private\",\"undoes\":null,\"pending\":null}",
                "{\"id\":\"2026-09-24-0003\",\"time\":\"2026-09-24T21:02:11Z\"," + taintedCommon + ",\"action\":\"note\",\"file\":null,"
                        + "\"to\":\"notes.md\",\"before\":[],\"after\":[\"seen\"],\"moved\":[],\"dropped\":[],\"untrusted\":true,"
                        + "\"class\":\"private\",\"undoes\":null,\"pending\":null}",
                "{\"id\":\"2026-09-24-0004\",\"time\":\"2026-09-24T21:02:11Z\"," + taintedCommon + ",\"action\":\"add\",\"file\":\"user\","
                        + "\"to\":\"notes.md\",\"before\":[],\"after\":[\"as note\"],\"moved\":[],\"dropped\":[],\"untrusted\":true,"
                        + "\"class\":\"private\",\"undoes\":null,\"pending\":null}",
                "{\"id\":\"2026-09-24-0005\",\"time\":\"2026-09-24T21:02:11Z\"," + common + ",\"action\":\"consolidate\",\"file\":\"memory\","
                        + "\"to\":\"memory.md\",\"before\":[\"a\",\"b\"],\"after\":[\"a2\"],\"moved\":[\"b\"],\"dropped\":[],\"untrusted\":false,"
                        + "\"class\":\"private\",\"undoes\":null,\"pending\":null}",
                ""));
        // Each edit is marked finished once its files are written; the refused one never was an edit.
        assertThat(read(dir.resolve("edits/finished"))).isEqualTo(
                "2026-09-24-0001\n2026-09-24-0002\n2026-09-24-0003\n2026-09-24-0004\n2026-09-24-0005\n");
    }

    @Test
    void idsContinueAfterARestartAndAcrossADayChange() throws Exception {
        var clock = new Fixture.TestClock("2026-09-24T23:59:58Z");
        MemoryStore first = new MemoryStore(dir, Fixture.CHECK, clock);
        first.add(clean(), IdentityFile.MEMORY, "a");
        first.note(clean(), "n");
        MemoryStore second = new MemoryStore(dir, Fixture.CHECK, clock);
        second.add(clean(), IdentityFile.MEMORY, "b");
        clock.set("2026-09-25T00:00:01Z");
        second.add(clean(), IdentityFile.MEMORY, "c");
        MemoryStore third = new MemoryStore(dir, Fixture.CHECK, clock);
        third.add(clean(), IdentityFile.MEMORY, "d");
        clock.set("2026-10-01T08:00:00Z");
        third.add(clean(), IdentityFile.MEMORY, "e");
        MemoryStore fourth = new MemoryStore(dir, Fixture.CHECK, clock);
        fourth.add(clean(), IdentityFile.MEMORY, "f");
        assertThat(fourth.journal().readAll().stream().map(e -> e.id())).containsExactly("2026-09-24-0001",
                "2026-09-24-0002", "2026-09-24-0003", "2026-09-25-0001", "2026-09-25-0002", "2026-10-01-0001",
                "2026-10-01-0002");
        assertThat(read(dir.resolve("edits/2026-10.jsonl")).lines()).hasSize(2);
    }

    @Test
    void pendingWritesShareTheCounterAcrossARestart() throws Exception {
        var clock = new Fixture.TestClock(Fixture.START);
        MemoryStore reviewed = new MemoryStore(dir, Fixture.CHECK, clock, true);
        assertThat(reviewed.add(clean(), IdentityFile.MEMORY, "a").text())
                .isEqualTo("waiting for the owner's review as 2026-09-24-0001; if accepted it takes effect in a later session");
        MemoryStore restarted = new MemoryStore(dir, Fixture.CHECK, clock, false);
        restarted.note(clean(), "n");
        assertThat(restarted.journal().readAll().get(0).id()).isEqualTo("2026-09-24-0002");
    }

    @Test
    void anUnfinishedLastLineIsSkipped() throws Exception {
        var clock = new Fixture.TestClock(Fixture.START);
        new MemoryStore(dir, Fixture.CHECK, clock).add(clean(), IdentityFile.MEMORY, "a");
        java.nio.file.Files.writeString(dir.resolve("edits/2026-09.jsonl"), "{\"id\":\"2026-09-24-00",
                java.nio.file.StandardOpenOption.APPEND);
        assertThat(new MemoryStore(dir, Fixture.CHECK, clock).journal().readAll()).hasSize(1);
    }
}
