package dev.boxmaker.memoryd.index;

import static dev.boxmaker.memoryd.index.Logs.append;
import static dev.boxmaker.memoryd.index.Logs.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.memoryd.threads.MemorydThreads;
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
                home.resolve("memory/notes.md"), DataClass.PRIVATE), MemorydThreads.start());
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

    @Test
    void aTruncatedFileWithAGarbageLogBesideItIsDamagedUntilAReindex() throws Exception {
        Path file = built();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(Files.size(file) / 2);
        }
        byte[] garbage = new byte[8192];
        new java.util.Random(7).nextBytes(garbage);
        Files.write(home.resolve("index/memory.sqlite3-wal"), garbage);
        try (MemoryIndex index = open()) {
            var search = new dev.boxmaker.memoryd.index.search.Searcher(index);
            assertThatThrownBy(() -> search.search(List.of("record", "weather"), 10)).isInstanceOf(IndexDamagedException.class);
            assertThat(index.reindex().records()).isEqualTo(600);
            assertThat(search.search(List.of("record", "weather"), 10)).hasSize(10);
        }
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

    /**
     * A segment of the fast path's postings damaged where SQLite cannot see it (its pages are whole,
     * its bytes are not what was written): recall answers the damaged sentence rather than failing
     * or answering wrong, writes that meet it stop rather than failing one by one, and a reindex repairs it.
     */
    @Test
    void aDamagedPostingSegmentIsADamagedIndexUntilAReindex() throws Exception {
        built();
        byte[][] damages = {{0x05, 0x01}, {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07}, new byte[40], {}};
        try (MemoryIndex index = open()) {
            var search = new dev.boxmaker.memoryd.index.search.Searcher(index);
            for (byte[] garbage : damages) {
                damage(index, garbage);
                assertThatThrownBy(() -> search.search(List.of("launch"), 5)).isInstanceOf(IndexDamagedException.class);
                assertThat(index.damaged()).isTrue();
                assertThat(index.reindex().records()).isEqualTo(600);
                assertThat(search.search(List.of("launch"), 5)).hasSize(5);
            }
            // A turn's few records join the damaged segment: the index stops, damaged, until a reindex.
            damage(index, damages[0]);
            append(home, A, user("one more launch", null));
            index.sessionUpdated(SessionId.of(A)).get();
            assertThat(index.damaged()).isTrue();
            assertThat(index.reindex().records()).isEqualTo(601);
            assertThat(search.search(List.of("one", "launch"), 1).get(0).text()).isEqualTo("one more launch");
        }
    }

    /**
     * A reader that finds the damage, while the writer thread is in the middle of a task on its
     * connection: the connection stays open under that task, and the writer thread closes it after.
     * Closed from the reader's thread, it was closed under the writer's running catch-up.
     */
    @Test
    void aReaderFindingDamageLeavesTheWritersConnectionToTheWriterThread() throws Exception {
        built();
        try (MemoryIndex index = open()) {
            var search = new dev.boxmaker.memoryd.index.search.Searcher(index);
            java.util.concurrent.CountDownLatch running = new java.util.concurrent.CountDownLatch(1);
            java.util.concurrent.CountDownLatch found = new java.util.concurrent.CountDownLatch(1);
            java.util.concurrent.atomic.AtomicBoolean openAfter = new java.util.concurrent.atomic.AtomicBoolean();
            var task = index.onWriterThread(() -> {
                running.countDown();
                found.await();
                openAfter.set(index.writerOpen());
                return null;
            });
            running.await();
            damage(index, new byte[] {0x05, 0x01});
            assertThatThrownBy(() -> search.search(List.of("launch"), 5)).isInstanceOf(IndexDamagedException.class);
            found.countDown();
            task.get();
            assertThat(openAfter).as("open under the writer's task").isTrue();
            index.onWriterThread(() -> {
                openAfter.set(index.writerOpen());
                return null;
            }).get();
            assertThat(openAfter).as("closed by the writer thread after its task").isFalse();
            assertThat(index.reindex().records()).isEqualTo(600);
            assertThat(search.search(List.of("launch"), 5)).hasSize(5);
        }
    }

    /** Overwrites the segments of "launch" in the index's file as it is now. */
    private static void damage(MemoryIndex index, byte[] garbage) throws Exception {
        try (java.sql.Connection c = IndexConnections.open(index);
                var update = c.prepareStatement("UPDATE postings SET data = ? WHERE term = 'launch'")) {
            update.setBytes(1, garbage);
            assertThat(update.executeUpdate()).isPositive();
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
