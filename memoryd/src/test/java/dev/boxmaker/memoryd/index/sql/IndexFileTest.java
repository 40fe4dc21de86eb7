package dev.boxmaker.memoryd.index.sql;

import dev.boxmaker.memoryd.index.MemoryIndex;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The index's connections and what they leave on disk. */
class IndexFileTest {
    @TempDir
    Path dir;

    @Test
    void aLogGrownPastWhatIsKeptIsCutBackWhenItStartsOverAfterACheckpoint() throws Exception {
        Path file = dir.resolve(MemoryIndex.FILE);
        Path wal = dir.resolve(MemoryIndex.FILE + "-wal");
        IndexFile.createPrivate(file);
        try (Connection c = IndexFile.open(file, true); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (x BLOB)");
            // One transaction larger than what is kept, as a catch-up's round is.
            IndexFile.inTransaction(c, () -> {
                try (PreparedStatement put = c.prepareStatement("INSERT INTO t VALUES (randomblob(?))")) {
                    for (int i = 0; i < 40; i++) {
                        put.setLong(1, 1 << 20);
                        put.executeUpdate();
                    }
                }
            });
            assertThat(Files.size(wal)).isGreaterThan(IndexFile.WAL_BYTES_KEPT);
            s.execute("PRAGMA wal_checkpoint(PASSIVE)");
            s.execute("INSERT INTO t VALUES (x'00')");
            assertThat(Files.size(wal)).isLessThanOrEqualTo(IndexFile.WAL_BYTES_KEPT);
        }
    }
}
