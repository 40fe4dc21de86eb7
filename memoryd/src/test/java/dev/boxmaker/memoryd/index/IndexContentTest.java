package dev.boxmaker.memoryd.index;

import static dev.boxmaker.memoryd.index.Logs.T0;
import static dev.boxmaker.memoryd.index.Logs.append;
import static dev.boxmaker.memoryd.index.Logs.called;
import static dev.boxmaker.memoryd.index.Logs.result;
import static dev.boxmaker.memoryd.index.Logs.said;
import static dev.boxmaker.memoryd.index.Logs.user;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.files.NoteHeader;
import dev.boxmaker.memoryd.files.NotesFile;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the index holds (the spec, section 6): which records, as what text, under which label. */
class IndexContentTest {
    static final String S = "mm-8ass9mabcdef";

    @TempDir
    Path home;

    MemoryIndex open(DataClass maxClass) throws Exception {
        Files.createDirectories(home.resolve("memory"));
        return MemoryIndex.open(new MemoryIndex.Config(home, home.resolve("index"), home.resolve("memory/notes.md"),
                maxClass), MemorydThreads.start());
    }

    @Test
    void userAndAssistantContentAndEachToolCallAreIndexedButNeverResultsOrReasoning() throws Exception {
        append(home, S, user("the launch window moved to Thursday", "kyle"),
                called("read_file", "{\"path\":\"/srv/notes/q3.txt\"}"),
                result("TOOL RESULT TEXT", DataClass.PRIVATE, false),
                said("Noted: Thursday."));
        try (MemoryIndex index = open(DataClass.PRIVATE)) {
            assertThat(Rows.all(index)).containsExactly(
                    "session | " + S + " | 0 | 0 | 2026-09-20T14:02:11Z | user | private | 0 | kyle | null | 6"
                            + " | the launch window moved to Thursday",
                    "session | " + S + " | 0 | 1 | 2026-09-20T14:02:14Z | call | private | 0 | null | null | 7"
                            + " | read_file {\"path\":\"/srv/notes/q3.txt\"}",
                    "session | " + S + " | 0 | 3 | 2026-09-20T14:02:16Z | assistant | private | 0 | null | null | 2"
                            + " | Noted: Thursday.");
        }
    }

    @Test
    void aCallToolCallIsIndexedAsTheToolItCalls() throws Exception {
        append(home, S, called("call_tool", "{\"name\":\"read_file\",\"arguments\":{\"path\":\"/srv/q3.txt\"}}"),
                called("call_tool", "{\"name\":\"clock\",\"arguments\":\"{}\"}"),
                called("call_tool", "not json"));
        try (MemoryIndex index = open(DataClass.PRIVATE)) {
            assertThat(Rows.texts(index)).containsExactly("read_file {\"path\":\"/srv/q3.txt\"}", "clock {}",
                    "call_tool not json");
        }
    }

    @Test
    void eachRecordCarriesTheLabelInForceWhenItWasWritten() throws Exception {
        append(home, S, user("before anything", null),
                result("a page", DataClass.PUBLIC, true),
                said("after the untrusted page"),
                result("a private file", DataClass.PRIVATE, false),
                said("still untrusted"));
        try (MemoryIndex index = open(DataClass.PRIVATE)) {
            assertThat(Rows.all(index)).extracting(r -> r.split(" \\| ")[6] + " " + r.split(" \\| ")[7]
                    + " " + r.substring(r.lastIndexOf(" | ") + 3))
                    .containsExactly("private 0 before anything", "private 1 after the untrusted page",
                            "private 1 still untrusted");
        }
    }

    @Test
    void recordsAboveMaxClassAreNotIndexed() throws Exception {
        append(home, S, user("kept before the secret", null),
                result("the secret", DataClass.SECRET, false),
                said("left out after the secret"));
        try (MemoryIndex index = open(DataClass.PRIVATE)) {
            assertThat(Rows.texts(index)).containsExactly("kept before the secret");
        }
        Files.delete(home.resolve("index/memory.sqlite3"));
        try (MemoryIndex index = open(DataClass.SECRET)) {
            assertThat(Rows.texts(index)).containsExactly("kept before the secret", "left out after the secret");
        }
    }

    @Test
    void notesCarryTheirHeadersLabelAndRetractedNotesAreTakenOut() throws Exception {
        Files.createDirectories(home.resolve("memory"));
        NotesFile notes = new NotesFile(home.resolve("memory/notes.md"));
        notes.append(List.of(
                new NotesFile.Note(NoteHeader.noted(T0, "mm-dh45qgxyz", DataClass.PRIVATE, true, false), "release in March"),
                new NotesFile.Note(NoteHeader.moved(T0, IdentityFile.MEMORY, S), "Owner prefers UTC."),
                new NotesFile.Note(NoteHeader.dropped(T0, IdentityFile.USER, S), "Owner likes tea."),
                new NotesFile.Note(NoteHeader.noted(T0, S, DataClass.SECRET, false, false), "a secret note"),
                new NotesFile.Note(NoteHeader.noted(T0, S, DataClass.PRIVATE, false, false), "to be retracted")));
        try (MemoryIndex index = open(DataClass.PRIVATE)) {
            assertThat(Rows.all(index)).extracting(r -> String.join(" | ", List.of(r.split(" \\| ")).subList(3, 8)))
                    .containsExactlyInAnyOrder("0 | 2026-09-20T14:02:00Z | noted | private | 1",
                            "1 | 2026-09-20T14:02:00Z | moved | private | 0",
                            "2 | 2026-09-20T14:02:00Z | dropped | private | 0",
                            "4 | 2026-09-20T14:02:00Z | noted | private | 0");
            notes.append(List.of(new NotesFile.Note(NoteHeader.retracted(T0, "2026-09-20-0005"), "to be retracted")));
            index.notesChanged().get();
            assertThat(Rows.texts(index)).containsExactlyInAnyOrder("release in March", "Owner prefers UTC.",
                    "Owner likes tea.");
        }
    }

    @Test
    void theIndexIsPrivateAndInWalMode() throws Exception {
        try (MemoryIndex index = open(DataClass.PRIVATE)) {
            index.flush().get();
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(home.resolve("index"))))
                    .isEqualTo("rwx------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(index.file())))
                    .isEqualTo("rw-------");
            String mode = index.read(c -> {
                try (var rs = c.createStatement().executeQuery("PRAGMA journal_mode")) {
                    rs.next();
                    return rs.getString(1);
                }
            });
            assertThat(mode).isEqualTo("wal");
        }
    }
}
