package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.Assembly;
import static dev.boxmaker.memoryd.index.Logs.append;
import static dev.boxmaker.memoryd.index.Logs.user;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.sockets.MemoryStatsHandler;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.LogRecord;
import dev.boxmaker.proto.wire.msg.MemoryStats;
import dev.boxmaker.proto.wire.msg.MemoryStatsReply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code memory_stats}: the index's records by its own counter, its file's size, and no work once idle. */
class MemoryStatsTest {
    static final String A = "mm-aaaaaaaaaaaa";
    /** Enough records that a reindex runs long enough to be asked about. */
    static final int REINDEX_RECORDS = 5_000;

    @TempDir
    Path home;

    MemoryIndex open() throws Exception {
        MemoryIndex index = TestIndexes.open(home);
        index.flush().get();
        return index;
    }

    @Test
    void theStatsCountTheIndexsRecordsAndSizeItsFile() throws Exception {
        try (MemoryIndex index = open()) {
            MemoryStatsHandler stats = new MemoryStatsHandler(Assembly.figures(index));
            assertThat(figures(stats)).isEqualTo("records 0, work none, read null");

            LogRecord[] records = new LogRecord[120];
            for (int i = 0; i < records.length; i++) {
                records[i] = user("record number " + i + " about the launch window", null);
            }
            append(home, A, records);
            index.sessionUpdated(SessionId.of(A)).get();

            assertThat(figures(stats)).isEqualTo("records 120, work none, read null");
            MemoryStatsReply reply = (MemoryStatsReply) stats.handle(new MemoryStats());
            assertThat(reply.indexBytes()).isEqualTo(Files.size(home.resolve("index/memory.sqlite3"))).isPositive();
            assertThat(reply.residentBytes()).isPositive();
        }
    }

    /** A reindex is seen running, with the records it has read, by a client that asks meanwhile. */
    @Test
    void aRunningReindexIsSeenWithItsRecordsRead() throws Exception {
        LogRecord[] records = new LogRecord[REINDEX_RECORDS];
        for (int i = 0; i < records.length; i++) {
            records[i] = user("record number " + i + " about the launch window and the weather", null);
        }
        append(home, A, records);
        try (MemoryIndex index = open()) {
            MemoryStatsHandler stats = new MemoryStatsHandler(Assembly.figures(index));
            java.util.concurrent.CompletableFuture<?> reindex = java.util.concurrent.CompletableFuture.runAsync(() -> {
                try {
                    index.reindex();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            java.util.Set<String> seen = new java.util.LinkedHashSet<>();
            while (!reindex.isDone()) {
                MemoryStatsReply r = (MemoryStatsReply) stats.handle(new MemoryStats());
                seen.add(r.indexWork() + (r.indexWorkRecords() == null ? "" : " with a count"));
            }
            reindex.get();

            assertThat(seen).contains("reindex with a count").doesNotContain("reindex", "none with a count", "catch-up with a count");
            assertThat(figures(stats)).isEqualTo("records " + REINDEX_RECORDS + ", work none, read null");
        }
    }

    @Test
    void aDamagedIndexHasNoCount() throws Exception {
        try (MemoryIndex index = open()) {
            index.read(c -> null);
        }
        Path file = home.resolve("index/memory.sqlite3");
        byte[] garbage = new byte[(int) Files.size(file)];
        Arrays.fill(garbage, (byte) 0x5a);
        Files.write(file, garbage);

        try (MemoryIndex index = open()) {
            assertThat(figures(new MemoryStatsHandler(Assembly.figures(index)))).isEqualTo("records null, work none, read null");
        }
    }

    /**
     * A task queued while the writer thread is busy is work already, so a client waiting for "none"
     * never sees it in the moment between a catch-up's queueing and its start, or between two tasks.
     */
    @Test
    void aTaskWaitingItsTurnIsWork() throws Exception {
        WriterThread writer = new WriterThread(MemorydThreads.start().indexWriter(), new IndexDamage(home.resolve("index.sqlite3")), e -> { });
        CountDownLatch release = new CountDownLatch(1);
        try {
            // The thread held by something that is not a writer task, as between two tasks.
            writer.executor().execute(() -> {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            Future<Void> waiting = writer.submit(() -> { });

            assertThat(writer.writing()).isTrue();
            release.countDown();
            waiting.get();
            assertThat(writer.writing()).isFalse();
        } finally {
            release.countDown();
            writer.shutdown(10_000);
        }
    }

    private static String figures(MemoryStatsHandler stats) {
        MemoryStatsReply r = (MemoryStatsReply) stats.handle(new MemoryStats());
        return "records " + r.indexRecords() + ", work " + r.indexWork() + ", read " + r.indexWorkRecords();
    }
}
