package dev.boxmaker.memoryd.tool;

import static dev.boxmaker.memoryd.tool.Fixture.clean;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.files.IdentityFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A day with more than 9,999 edits: writes go on, with ids that still sort, and undo names them. */
class BusyDayTest {
    @TempDir
    Path dir;

    @Test
    void theTenThousandthEditOfADayIsAppliedAndCanBeUndone() throws Exception {
        MemoryStore store = Fixture.store(dir);
        store.add(clean(), IdentityFile.MEMORY, "first");
        // The journal as 9,998 more edits that day would have left it: the last one's id is what counts.
        Path month = dir.resolve("edits/2026-09.jsonl");
        Files.writeString(month, Files.readString(month).replace("2026-09-24-0001", "2026-09-24-9999"));
        Files.writeString(dir.resolve("edits/finished"), "2026-09-24-9999\n");
        store = Fixture.store(dir);
        Answer answer = store.add(clean(), IdentityFile.MEMORY, "second");
        assertThat(answer.text()).isEqualTo("added to memory.md (14 of 2,200 characters); it takes effect in the next session");
        assertThat(store.journal().readAll()).extracting(Edit::id).containsExactly("2026-09-24-9999", "2026-09-24-a10000");
        assertThat(store.undo("2026-09-24-a10000").text()).isEqualTo("undid 2026-09-24-a10000 as 2026-09-24-a10001: "
                + "memory.md is back to 1 entry (5 of 2,200 characters)");
        assertThat(Fixture.read(dir.resolve("memory.md"))).isEqualTo("first\n");
    }
}
