package dev.boxmaker.memoryd.tool;

import dev.boxmaker.memoryd.admin.AdminRouter;
import static dev.boxmaker.memoryd.tool.Fixture.clean;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.edits.Journal;
import dev.boxmaker.memoryd.files.IdentityFile;
import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code log "N before ID"}: a page of the edits journalled before an id, newest first, the whole log in pages. */
class LogPagesTest {
    static final String T = "2026-09-24T21:02:11Z";
    static final String SID = Fixture.CLEAN.value();
    @TempDir
    Path dir;

    private static String add(String id, String entry) {
        return id + "  " + T + "  " + SID + "  add memory → memory.md\n  + " + entry + "\n";
    }

    @Test
    void aPageIsTheEditsBeforeTheIdNewestFirst() throws Exception {
        MemoryStore store = Fixture.store(dir);
        for (String entry : List.of("one", "two", "three", "four", "five")) {
            store.add(clean(), IdentityFile.MEMORY, entry);
        }

        assertThat(AdminRouter.ofStore(store).run("log", "2 before 2026-09-24-0005")).isEqualTo(OwnerAnswer.ok(
                add("2026-09-24-0004", "four") + add("2026-09-24-0003", "three")));
        assertThat(AdminRouter.ofStore(store).run("log", "2 before 2026-09-24-0003")).isEqualTo(OwnerAnswer.ok(
                add("2026-09-24-0002", "two") + add("2026-09-24-0001", "one")));
        // One past the oldest, and a page larger than what is left.
        assertThat(AdminRouter.ofStore(store).run("log", "1000 before 2026-09-24-0002")).isEqualTo(OwnerAnswer.ok(add("2026-09-24-0001", "one")));
        assertThat(AdminRouter.ofStore(store).run("log", "1 before 2026-09-24-0001")).isEqualTo(OwnerAnswer.ok("no edits before 2026-09-24-0001"));
    }

    @Test
    void aBadPageIsRefusedWithItsSentence() throws Exception {
        MemoryStore store = Fixture.store(dir);
        store.add(clean(), IdentityFile.MEMORY, "one");

        assertThat(AdminRouter.ofStore(store).run("log", "2 before 2026-09-24-0002"))
                .isEqualTo(OwnerAnswer.refused("no edit has the id \"2026-09-24-0002\"; bxctl memory log lists them"));
        assertThat(AdminRouter.ofStore(store).run("log", "2 before 2026-10-24-0001"))
                .isEqualTo(OwnerAnswer.refused("no edit has the id \"2026-10-24-0001\"; bxctl memory log lists them"));
        assertThat(AdminRouter.ofStore(store).run("log", "2 before yesterday"))
                .isEqualTo(OwnerAnswer.refused("\"yesterday\" is not an edit id; ids look like 2026-09-24-0003"));
        assertThat(AdminRouter.ofStore(store).run("log", "1001 before 2026-09-24-0001"))
                .isEqualTo(OwnerAnswer.refused("log takes a number of edits from 1 to 1,000; got \"1001\""));
        assertThat(AdminRouter.ofStore(store).run("log", "0 before 2026-09-24-0001"))
                .isEqualTo(OwnerAnswer.refused("log takes a number of edits from 1 to 1,000; got \"0\""));
        assertThat(AdminRouter.ofStore(store).run("log", "2 after 2026-09-24-0001"))
                .isEqualTo(OwnerAnswer.refused("log takes a number of edits from 1 to 1,000; got \"2 after 2026-09-24-0001\""));
    }

    /**
     * 12,345 edits over two months, read back a page of 1,000 at a time from the newest: every edit
     * once, in order, each page full but the last, and the month boundary crossed inside a page.
     */
    @Test
    void pagingBackFromTheNewestReadsEveryEditOnceInOrder() throws Exception {
        int total = 12_345;
        writeJournal(total, 3_000);
        MemoryStore store = Fixture.store(dir);
        Pattern header = Pattern.compile("(?m)^(\\d{4}-\\d\\d-\\d\\d-\\d{4})  ");
        String page = AdminRouter.ofStore(store).run("log", "1000").text();
        int seen = 0;
        int pages = 0;
        String last = null;
        while (true) {
            Matcher m = header.matcher(page);
            int inPage = 0;
            while (m.find()) {
                assertThat(m.group(1)).isEqualTo(id(total - 1 - seen));
                last = m.group(1);
                seen++;
                inPage++;
            }
            pages++;
            if (inPage < 1000) {
                break;
            }
            page = AdminRouter.ofStore(store).run("log", "1000 before " + last).text();
        }
        assertThat(seen).isEqualTo(total);
        assertThat(pages).isEqualTo(13);
        assertThat(page).endsWith("  + entry 0\n");
        // Before the first edit of a month: the last of the month before.
        assertThat(AdminRouter.ofStore(store).run("log", "1 before 2026-09-01-0001").text())
                .startsWith("2026-08-31-3000  " + T + "  " + SID + "  note → notes.md\n  + entry 2999\n");
    }

    /** The i-th edit's id: the first 3,000 on 2026-08-31, the rest from 2026-09-01 on, 9,999 a day at most. */
    private static String id(int i) {
        if (i < 3_000) {
            return String.format("2026-08-31-%04d", i + 1);
        }
        int j = i - 3_000;
        return String.format("2026-09-%02d-%04d", 1 + j / 9_999, j % 9_999 + 1);
    }

    private void writeJournal(int total, int inAugust) throws Exception {
        Path edits = dir.resolve("edits");
        Files.createDirectories(edits);
        try (BufferedWriter aug = Files.newBufferedWriter(edits.resolve("2026-08.jsonl"));
                BufferedWriter sep = Files.newBufferedWriter(edits.resolve("2026-09.jsonl"))) {
            for (int i = 0; i < total; i++) {
                Edit e = new Edit(id(i), T, SID, "call_1", null, "note", null, "notes.md", List.of(), List.of("entry " + i),
                        List.of(), List.of(), false, "private", null, null);
                (i < inAugust ? aug : sep).write(Journal.line(e) + "\n");
            }
        }
    }
}
