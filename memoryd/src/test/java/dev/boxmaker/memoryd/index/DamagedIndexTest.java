package dev.boxmaker.memoryd.index;

import static dev.boxmaker.memoryd.index.Logs.append;
import static dev.boxmaker.memoryd.index.Logs.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A damaged index never takes memory down: reads answer damaged, writes stop, a reindex repairs it. */
class DamagedIndexTest {
    static final String A = "mm-aaaaaaaaaaaa";

    @TempDir
    Path home;

    MemoryIndex open() throws Exception {
        Files.createDirectories(home.resolve("memory"));
        MemoryIndex index = MemoryIndex.open(new MemoryIndex.Config(home, home.resolve("index"),
                home.resolve("memory/notes.md"), DataClass.PRIVATE));
        index.flush().get();
        return index;
    }

    /** An index of many rows, closed cleanly, so the file alone holds every page. */
    Path built() throws Exception {
        var records = new dev.boxmaker.proto.log.LogRecord[600];
        for (int i = 0; i < records.length; i++) {
            records[i] = user("record number " + i + " about the launch window and the weather", null);
        }
        append(home, A, records);
        try (MemoryIndex index = open()) {
            assertThat(Rows.texts(index)).hasSize(600);
        }
        return home.resolve("index/memory.sqlite3");
    }

    @Test
    void aFileOverwrittenByGarbageIsDamagedUntilAReindex() throws Exception {
        Path file = built();
        byte[] garbage = new byte[(int) Files.size(file)];
        Arrays.fill(garbage, (byte) 0x5a);
        Files.write(file, garbage);
        checkDamagedThenRepaired();
    }

    @Test
    void aTruncatedFileIsDamagedUntilAReindex() throws Exception {
        Path file = built();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(Files.size(file) / 2);
        }
        checkDamagedThenRepaired();
    }

    private void checkDamagedThenRepaired() throws Exception {
        try (MemoryIndex index = open()) {
            assertThat(index.damaged()).isTrue();
            assertThatThrownBy(() -> index.read(c -> 1)).isInstanceOf(IndexDamagedException.class);
            // Updates are ignored, not failed, while damaged.
            index.sessionUpdated(SessionId.of(A)).get();
            index.notesChanged().get();
            assertThat(index.reindex().records()).isEqualTo(600);
            assertThat(index.damaged()).isFalse();
            assertThat(Rows.texts(index)).hasSize(600);
            append(home, A, user("after the repair", null));
            index.sessionUpdated(SessionId.of(A)).get();
            assertThat(Rows.texts(index)).contains("after the repair").hasSize(601);
        }
    }

    @Test
    void anEmptyFileIsAFreshIndex() throws Exception {
        append(home, A, user("hello", null));
        Files.createDirectories(home.resolve("index"));
        Files.write(home.resolve("index/memory.sqlite3"), new byte[0]);
        try (MemoryIndex index = open()) {
            assertThat(index.damaged()).isFalse();
            assertThat(Rows.texts(index)).isEqualTo(List.of("hello"));
        }
    }
}
