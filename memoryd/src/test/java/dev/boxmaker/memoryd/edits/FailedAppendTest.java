package dev.boxmaker.memoryd.edits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.memoryd.files.Durable;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An append to the journal or pending.jsonl that fails after half its line went in (a full disk):
 * those bytes are cut off before the failure is thrown, so the next line is not glued onto them.
 */
class FailedAppendTest {
    /** Writes half of the text, then fails, as a disk that fills up in the middle of a line. */
    private static final Journal.Appender HALF_THEN_FULL = (file, text) -> {
        Durable.append(file, text.substring(0, text.length() / 2));
        throw new IOException("No space left on device");
    };

    @TempDir
    Path dir;

    private static Edit edit(String id) {
        return new Edit(id, "2026-09-24T21:02:11Z", "mm-asker", "call_1", null, "note", null, "notes.md", List.of(),
                List.of("seen " + id), List.of(), List.of(), false, "private", null, null);
    }

    private static PendingWrite staged(String id) {
        return new PendingWrite(id, "2026-09-24T21:02:11Z", "mm-asker", "call_1", null,
                Json.MAPPER.createObjectNode().put("action", "add").put("file", "memory").put("text", id),
                DataClass.PRIVATE, false);
    }

    @Test
    void aJournalAppendThatFailsPartwayLeavesTheFileAsBefore() throws Exception {
        Journal journal = new Journal(dir);
        journal.append(edit("2026-09-24-0001"));
        String before = Files.readString(dir.resolve("2026-09.jsonl"));
        assertThatThrownBy(() -> new Journal(dir, HALF_THEN_FULL).append(edit("2026-09-24-0002")))
                .isInstanceOf(IOException.class).hasMessage("No space left on device");
        assertThat(Files.readString(dir.resolve("2026-09.jsonl"))).isEqualTo(before);
        journal.append(edit("2026-09-24-0003"));
        assertThat(journal.readAll()).extracting(Edit::id).containsExactly("2026-09-24-0001", "2026-09-24-0003");
    }

    @Test
    void aPendingAppendThatFailsPartwayLeavesTheFileAsBefore() throws Exception {
        Path file = dir.resolve("pending.jsonl");
        PendingLog log = new PendingLog(file);
        log.append(staged("2026-09-24-0001"));
        String before = Files.readString(file);
        assertThatThrownBy(() -> new PendingLog(file, HALF_THEN_FULL).append(staged("2026-09-24-0002")))
                .isInstanceOf(IOException.class).hasMessage("No space left on device");
        assertThat(Files.readString(file)).isEqualTo(before);
        log.append(staged("2026-09-24-0003"));
        assertThat(log.readAll()).extracting(PendingWrite::id).containsExactly("2026-09-24-0001", "2026-09-24-0003");
    }
}
