package dev.boxmaker.memoryd.tool;

import dev.boxmaker.memoryd.admin.AdminRouter;
import static dev.boxmaker.memoryd.tool.Fixture.clean;
import static dev.boxmaker.memoryd.tool.Fixture.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReviewTest {
    static final String SID = Fixture.CLEAN.value();
    @TempDir
    Path dir;
    Fixture.TestClock clock;
    MemoryStore store;

    @BeforeEach
    void open() throws Exception {
        clock = new Fixture.TestClock(Fixture.START);
        store = new MemoryStore(dir, Fixture.CHECK, clock, true);
    }

    @Test
    void aPendingLineCutShortByAStopIsDroppedSoTheNextWritesLineParses() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "a");
        String whole = read(dir.resolve("pending.jsonl"));
        // A stop in the middle of the next write's line: never answered.
        Files.writeString(dir.resolve("pending.jsonl"), whole + "{\"id\":\"2026-09-24-0002\",\"ti",
                StandardCharsets.UTF_8);
        new MemoryStore(dir, Fixture.CHECK, clock, true).add(clean(), IdentityFile.MEMORY, "b");
        MemoryStore after = new MemoryStore(dir, Fixture.CHECK, clock, true);
        assertThat(after.pending()).contains("2026-09-24-0001").contains("2026-09-24-0002");
        assertThat(read(dir.resolve("pending.jsonl"))).startsWith(whole).doesNotContain("\"ti{").hasLineCount(2);
    }

    @Test
    void aWriteToAFileWaitsInPendingJsonl() throws Exception {
        Answer a = store.add(clean(), IdentityFile.MEMORY, "a");
        assertThat(a.outcome()).isEqualTo(Outcome.OK);
        assertThat(a.text()).isEqualTo(
                "waiting for the owner's review as 2026-09-24-0001; if accepted it takes effect in a later session");
        assertThat(read(dir.resolve("memory.md"))).isEmpty();
        assertThat(read(dir.resolve("pending.jsonl"))).isEqualTo("{\"id\":\"2026-09-24-0001\",\"time\":\"2026-09-24T21:02:11Z\","
                + "\"session\":\"" + SID + "\",\"call\":\"call_1\",\"turn\":null,\"request\":{\"action\":\"add\",\"file\":\"memory\",\"text\":\"a\"},"
                + "\"taint\":\"private\",\"untrusted\":false}\n");
        assertThat(store.log(20)).isEqualTo("no edits yet");
    }

    @Test
    void notesAreNeverStagedAndUntrustedAddsStillBecomeNotes() throws Exception {
        assertThat(store.note(clean(), "n").text()).isEqualTo("noted");
        assertThat(store.add(Fixture.tainted(), IdentityFile.MEMORY, "t").text())
                .isEqualTo("saved as a note (untrusted): this session has read untrusted content");
        assertThat(read(dir.resolve("pending.jsonl"))).isEmpty();
        assertThat(store.files().notes().read()).hasSize(2);
    }

    @Test
    void aWriteThatWouldBeRefusedNowIsRefusedNotStaged() throws Exception {
        assertThat(store.add(clean(), IdentityFile.MEMORY, "x".repeat(2_201)).outcome()).isEqualTo(Outcome.REFUSED);
        assertThat(read(dir.resolve("pending.jsonl"))).isEmpty();
    }

    @Test
    void acceptAppliesAgainstTheFilesAsTheyAreNow() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "a");
        Files.writeString(dir.resolve("memory.md"), "owner\n");
        clock.advanceSeconds(60);
        assertThat(store.accept("2026-09-24-0001")).usingRecursiveComparison().ignoringFields("json").isEqualTo(OwnerAnswer.ok(
                "accepted 2026-09-24-0001: added to memory.md (9 of 2,200 characters); it takes effect in the next session"));
        assertThat(read(dir.resolve("memory.md"))).isEqualTo("owner\n§\na\n");
        Edit e = store.journal().readAll().get(0);
        assertThat(dev.boxmaker.memoryd.edits.Journal.line(e)).isEqualTo("{\"id\":\"2026-09-24-0002\",\"time\":\"2026-09-24T21:03:11Z\","
                + "\"session\":\"owner\",\"call\":\"call_1\",\"turn\":null,\"action\":\"add\",\"file\":\"memory\",\"to\":\"memory.md\","
                + "\"before\":[\"owner\"],\"after\":[\"owner\",\"a\"],\"moved\":[],\"dropped\":[],\"untrusted\":false,"
                + "\"class\":\"private\",\"undoes\":null,\"pending\":\"2026-09-24-0001\"}");
        assertThat(store.pending()).isEqualTo("no writes are waiting for review");
    }

    @Test
    void anAcceptRefusedNowStaysPending() throws Exception {
        store.remove(clean(), IdentityFile.USER, "gone");
        assertThat(read(dir.resolve("pending.jsonl"))).isEmpty();
        Files.writeString(dir.resolve("user.md"), "u\n");
        store.remove(clean(), IdentityFile.USER, "u");
        Files.writeString(dir.resolve("user.md"), "v\n");
        assertThat(store.accept("2026-09-24-0001")).isEqualTo(OwnerAnswer.refused("accept 2026-09-24-0001 refused, and it "
                + "stays pending: no entry of user.md is exactly \"u\"; read the file as it is now"));
        assertThat(store.pending()).startsWith("2026-09-24-0001");
    }

    @Test
    void rejectIsJournalledAndChangesNoFile() throws Exception {
        store.add(clean(), IdentityFile.USER, "u");
        assertThat(store.reject("2026-09-24-0001")).usingRecursiveComparison().ignoringFields("json")
                .isEqualTo(OwnerAnswer.ok("rejected 2026-09-24-0001 as 2026-09-24-0002; it will not be applied"));
        assertThat(read(dir.resolve("user.md"))).isEmpty();
        assertThat(dev.boxmaker.memoryd.edits.Journal.line(store.journal().readAll().get(0))).isEqualTo(
                "{\"id\":\"2026-09-24-0002\",\"time\":\"2026-09-24T21:02:11Z\",\"session\":\"owner\",\"call\":\"call_1\","
                        + "\"turn\":null,\"action\":\"reject\",\"file\":\"user\",\"to\":null,\"before\":[],\"after\":[],\"moved\":[],\"dropped\":[],"
                        + "\"untrusted\":false,\"class\":\"private\",\"undoes\":null,\"pending\":\"2026-09-24-0001\"}");
        assertThat(store.undo("2026-09-24-0002"))
                .isEqualTo(OwnerAnswer.refused("2026-09-24-0002 is a reject and changed no file; there is nothing to undo"));
    }

    @Test
    void neverAppliedTwiceAlsoAcrossARestart() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "a");
        store.add(clean(), IdentityFile.MEMORY, "b");
        assertThat(store.accept("2026-09-24-0001").ok()).isTrue();
        assertThat(store.reject("2026-09-24-0002").ok()).isTrue();
        String noSuch1 = "no write 2026-09-24-0001 is waiting for review; bxctl memory pending lists them";
        assertThat(store.accept("2026-09-24-0001")).isEqualTo(OwnerAnswer.refused(noSuch1));
        MemoryStore restarted = new MemoryStore(dir, Fixture.CHECK, clock, true);
        assertThat(restarted.accept("2026-09-24-0001")).isEqualTo(OwnerAnswer.refused(noSuch1));
        assertThat(restarted.reject("2026-09-24-0001")).isEqualTo(OwnerAnswer.refused(noSuch1));
        assertThat(restarted.accept("2026-09-24-0002")).isEqualTo(OwnerAnswer.refused(
                "no write 2026-09-24-0002 is waiting for review; bxctl memory pending lists them"));
        assertThat(restarted.files().read(IdentityFile.MEMORY)).isEqualTo(List.of("a"));
        assertThat(restarted.add(clean(), IdentityFile.MEMORY, "c").text()).contains("2026-09-24-0005");
    }

    @Test
    void pendingListsWhatEachWriteWouldDo() throws Exception {
        store.add(clean(), IdentityFile.MEMORY, "a\nb");
        Files.writeString(dir.resolve("memory.md"), "old\n");
        store.replace(clean(), IdentityFile.MEMORY, "old", "new <system>");
        store.consolidate(clean(), IdentityFile.MEMORY, List.of(Request.Item.rewrite("old", "r"), Request.Item.added("n")));
        assertThat(store.pending()).isEqualTo(
                "2026-09-24-0001  2026-09-24T21:02:11Z  " + SID + "  add memory\n"
                        + "  + a\\nb\n"
                        + "2026-09-24-0002  2026-09-24T21:02:11Z  " + SID + "  replace memory\n"
                        + "  - old\n"
                        + "  + new " + dev.boxmaker.proto.text.Escape.escapeLine("<system>") + "\n"
                        + "2026-09-24-0003  2026-09-24T21:02:11Z  " + SID + "  consolidate memory\n"
                        + "  rewrite: old\n"
                        + "    as: r\n"
                        + "  new: n\n");
        assertThat(AdminRouter.ofStore(store).run("pending", "")).isEqualTo(OwnerAnswer.ok(store.pending()));
    }
}
