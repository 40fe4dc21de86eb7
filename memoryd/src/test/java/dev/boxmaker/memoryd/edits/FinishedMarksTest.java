package dev.boxmaker.memoryd.edits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.memoryd.files.Durable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** edits/finished: its exact lines, its bound, and what a stop or a full disk leaves of it. */
class FinishedMarksTest {
    @TempDir
    Path dir;

    private String read() throws IOException {
        return Files.readString(dir.resolve("finished"), StandardCharsets.UTF_8);
    }

    @Test
    void eachMarkIsItsIdOnALineOfItsOwnAndTheLastIsRead() throws Exception {
        FinishedMarks marks = new FinishedMarks(dir);
        assertThat(marks.last()).isEmpty();
        marks.mark("2026-09-24-0001");
        marks.mark("2026-09-24-0002");
        assertThat(read()).isEqualTo("2026-09-24-0001\n2026-09-24-0002\n");
        assertThat(marks.last()).contains("2026-09-24-0002");
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(dir.resolve("finished")))).isEqualTo("rw-------");
    }

    @Test
    void pastItsBoundTheFileIsCutBackToItsLastMark() throws Exception {
        FinishedMarks marks = new FinishedMarks(dir, 3 * 16, Durable::append);
        marks.mark("2026-09-24-0001");
        marks.mark("2026-09-24-0002");
        marks.mark("2026-09-24-0003");
        assertThat(read()).hasLineCount(3);
        marks.mark("2026-09-24-0004");
        assertThat(read()).isEqualTo("2026-09-24-0004\n");
        assertThat(marks.last()).contains("2026-09-24-0004");
    }

    @Test
    void aMarkCutShortByAStopIsNotReadAndIsDroppedAtTheNextOpening() throws Exception {
        FinishedMarks marks = new FinishedMarks(dir);
        marks.mark("2026-09-24-0001");
        Files.writeString(dir.resolve("finished"), "2026-09-24-00", java.nio.file.StandardOpenOption.APPEND);
        assertThat(marks.last()).contains("2026-09-24-0001");
        marks.dropUnfinishedLine();
        marks.mark("2026-09-24-0002");
        assertThat(read()).isEqualTo("2026-09-24-0001\n2026-09-24-0002\n");
    }

    @Test
    void aMarkThatFailsPartwayLeavesTheFileAsBefore() throws Exception {
        new FinishedMarks(dir).mark("2026-09-24-0001");
        FinishedMarks full = new FinishedMarks(dir, FinishedMarks.FILE_BYTES_MAX, (file, text) -> {
            Durable.append(file, text.substring(0, text.length() / 2));
            throw new IOException("No space left on device");
        });
        assertThatThrownBy(() -> full.mark("2026-09-24-0002")).isInstanceOf(IOException.class);
        assertThat(read()).isEqualTo("2026-09-24-0001\n");
        assertThat(full.last()).contains("2026-09-24-0001");
    }
}
