package dev.boxmaker.memoryd.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.testing.HeldLock;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import dev.boxmaker.proto.wire.msg.MemoryBlockReply;
import dev.boxmaker.proto.wire.msg.MemoryStats;
import dev.boxmaker.proto.wire.msg.MemoryStatsReply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** memoryd as the owner runs it: the packaged jar, started and stopped as a process. */
class MemorydProcessIT {
    static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path home;

    @Test
    void itServesTheBlockAndStopsCleanlyOnSigterm() throws Exception {
        try (MemorydProcess memoryd = MemorydProcess.serve(home)) {
            assertThat(SocketClient.call(home.resolve("run/loop-memory/memory.sock"), new MemoryBlock(), WAIT, WAIT, "t"))
                    .isInstanceOf(MemoryBlockReply.class);
            assertThat(memoryd.terminate()).isEqualTo(MemorydProcess.SIGTERM_EXIT);
            assertThat(home.resolve("run/loop-memory/memory.sock")).doesNotExist();
            assertThat(home.resolve("run/broker-memory/memory.sock")).doesNotExist();
            assertThat(home.resolve("run/owner-memory/admin.sock")).doesNotExist();
        }
    }

    @Test
    void sqlitesLibraryIsLoadedFromTheIndexFolderAndKeptForTheNextStart() throws Exception {
        Path kept;
        try (MemorydProcess memoryd = MemorydProcess.serve(home)) {
            kept = mappedSqlite(memoryd);
            assertThat(kept).startsWithRaw(home.resolve("index/native")).hasFileName("libsqlitejdbc.so");
            // SIGKILL runs no shutdown hook: a copy in /tmp would stay there for good.
            memoryd.kill();
        }
        java.nio.file.attribute.FileTime written = Files.getLastModifiedTime(kept);
        try (MemorydProcess memoryd = MemorydProcess.serve(home)) {
            assertThat(mappedSqlite(memoryd)).isEqualTo(kept);
        }
        assertThat(Files.getLastModifiedTime(kept)).isEqualTo(written);
    }

    /** The file memoryd's process maps SQLite's native library from, once its index has opened it. */
    private static Path mappedSqlite(MemorydProcess memoryd) throws Exception {
        Path maps = Path.of("/proc", Long.toString(memoryd.process.pid()), "maps");
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            java.util.List<Path> found;
            try (var lines = Files.lines(maps)) {
                found = lines.filter(l -> l.contains("sqlitejdbc"))
                        .map(l -> Path.of(l.substring(l.indexOf('/')))).distinct().toList();
            }
            if (!found.isEmpty() || System.nanoTime() > deadline) {
                assertThat(found).hasSize(1);
                return found.get(0);
            }
            Thread.sleep(20);
        }
    }

    @Test
    void aSecondMemorydOnTheSameSocketsRefusesToStartWithOneLineAndLeavesTheIndexAlone() throws Exception {
        try (MemorydProcess first = MemorydProcess.serve(home)) {
            Map<Path, String> index = settledIndex(first);
            try (MemorydProcess second = MemorydProcess.launch(home, "serve")) {
                assertThat(second.awaitExit()).isEqualTo(1);
                assertThat(second.output()).isEqualTo("memoryd could not start: another process is answering on "
                        + home.resolve("run/loop-memory/memory.sock")
                        + "; stop it or give this daemon another socket path (runbook memoryd-start-failed)\n");
            }
            assertThat(indexFiles()).isEqualTo(index);
            assertThat(SocketClient.call(home.resolve("run/loop-memory/memory.sock"), new MemoryBlock(), WAIT, WAIT, "t"))
                    .isInstanceOf(MemoryBlockReply.class);
        }
    }

    /**
     * A memoryd started while another process holds the home's lock (another memoryd started in
     * the same moment, before either answers) stops with one line and opens nothing; once the lock
     * is let go, memoryd starts and serves.
     */
    @Test
    void aMemorydStartedWhileTheHomeIsLockedRefusesWithOneLineAndOpensNothing() throws Exception {
        Path lock = home.resolve("memory/memoryd.lock");
        try (HeldLock held = HeldLock.on(lock)) {
            try (MemorydProcess second = MemorydProcess.launch(home, "serve")) {
                assertThat(second.awaitExit()).isEqualTo(1);
                assertThat(second.output()).isEqualTo("memoryd could not start: another memoryd is running on this home"
                        + " (it holds " + lock + "); stop it first (runbook memoryd-start-failed)\n");
            }
            assertThat(home.resolve("index")).doesNotExist();
            assertThat(home.resolve("run")).doesNotExist();
        }
        try (MemorydProcess memoryd = MemorydProcess.serve(home)) {
            assertThat(SocketClient.call(home.resolve("run/loop-memory/memory.sock"), new MemoryBlock(), WAIT, WAIT, "t"))
                    .isInstanceOf(MemoryBlockReply.class);
        }
    }

    /**
     * The index's files once the first memoryd's work at start is done: its start-up line is out (so
     * the catch-up for when the sockets listen is queued), and {@code memory_stats} says no index work
     * is queued or running, with every record (none, in an empty home) counted.
     */
    private Map<Path, String> settledIndex(MemorydProcess memoryd) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!memoryd.output().contains("memoryd is listening on ")) {
            assertThat(System.nanoTime()).as("memoryd's start-up line within %s", WAIT).isLessThan(deadline);
            Thread.sleep(20);
        }
        while (true) {
            MemoryStatsReply stats = (MemoryStatsReply) SocketClient.call(home.resolve("run/owner-memory/admin.sock"),
                    new MemoryStats(), WAIT, WAIT, "t");
            if (stats.indexWork().equals("none") && Long.valueOf(0).equals(stats.indexRecords())) {
                return indexFiles();
            }
            assertThat(System.nanoTime()).as("the index's work at start done within %s", WAIT).isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    /** Each file under the index folder, with its size and modification time. */
    private Map<Path, String> indexFiles() throws Exception {
        Map<Path, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(home.resolve("index"))) {
            for (Path file : all.filter(Files::isRegularFile).toList()) {
                files.put(file, Files.size(file) + " bytes, written " + Files.getLastModifiedTime(file));
            }
        }
        return files;
    }

    @Test
    void aStaleSocketLeftBySigkillIsRemovedAtTheNextStart() throws Exception {
        try (MemorydProcess first = MemorydProcess.serve(home)) {
            first.kill();
        }
        assertThat(home.resolve("run/loop-memory/memory.sock")).exists();
        try (MemorydProcess second = MemorydProcess.serve(home)) {
            assertThat(SocketClient.call(home.resolve("run/loop-memory/memory.sock"), new MemoryBlock(), WAIT, WAIT, "t"))
                    .isInstanceOf(MemoryBlockReply.class);
        }
    }

    @Test
    void anUnknownConfigurationKeyStopsStartUpNamingIt() throws Exception {
        Path config = home.resolve("memoryd.toml");
        Files.writeString(config, "[memory]\nreveiw = true\n");
        try (MemorydProcess memoryd = MemorydProcess.launch(home, "serve", "--config", config.toString())) {
            assertThat(memoryd.awaitExit()).isEqualTo(1);
            assertThat(memoryd.output()).startsWith("memoryd could not start: ")
                    .contains("boxmaker.memory.reveiw").contains("(runbook memoryd-start-failed)");
        }
        assertThat(home.resolve("memory")).doesNotExist();
    }

    @Test
    void aWrongCommandLineIsUsageWithExitCodeTwo() throws Exception {
        try (MemorydProcess memoryd = MemorydProcess.launch(home, "serv")) {
            assertThat(memoryd.awaitExit()).isEqualTo(2);
            assertThat(memoryd.output()).isEqualTo("usage: memoryd serve [--config FILE]\n");
        }
    }
}
