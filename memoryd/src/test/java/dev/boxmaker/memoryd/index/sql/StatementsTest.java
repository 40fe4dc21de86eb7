package dev.boxmaker.memoryd.index.sql;

import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.index.TestIndexes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Statements kept with their connection: run again as prepared, bounded, and lent with the reader. */
class StatementsTest {
    @TempDir
    Path dir;

    @Test
    void aStatementIsPreparedOnceAndRunsAgainWithNewParameters() throws Exception {
        try (Connection c = TestIndexes.build(dir.resolve("i.sqlite3"), List.of("alpha", "beta"),
                List.of("2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z")); Statements s = new Statements(c)) {
            PreparedStatement first = s.prepare("SELECT time FROM sources WHERE rowid = ?");
            assertThat(time(first, 1)).isEqualTo("2026-01-01T00:00:00Z");
            PreparedStatement again = s.prepare("SELECT time FROM sources WHERE rowid = ?");
            assertThat(again).isSameAs(first);
            assertThat(time(again, 2)).isEqualTo("2026-01-02T00:00:00Z");
            assertThat(s.size()).isEqualTo(1);
        }
    }

    @Test
    void pastTheLimitTheLeastRecentlyUsedIsClosedAndCloseClosesTheRest() throws Exception {
        try (Connection c = TestIndexes.build(dir.resolve("i.sqlite3"), List.of("alpha"), List.of("2026-01-01T00:00:00Z"))) {
            Statements s = new Statements(c);
            PreparedStatement kept = s.prepare("SELECT 0");
            PreparedStatement oldest = s.prepare("SELECT 1");
            for (int i = 2; i <= Statements.KEPT_MAX; i++) {
                s.prepare("SELECT " + i);
                s.prepare("SELECT 0");
            }
            assertThat(s.size()).isEqualTo(Statements.KEPT_MAX);
            assertThat(oldest.isClosed()).isTrue();
            assertThat(kept.isClosed()).isFalse();
            assertThat(s.prepare("SELECT 0")).isSameAs(kept);
            PreparedStatement again = s.prepare("SELECT 1");
            assertThat(again).isNotSameAs(oldest);
            assertThat(again.isClosed()).isFalse();
            s.close();
            assertThat(kept.isClosed()).isTrue();
            assertThat(again.isClosed()).isTrue();
            assertThat(s.size()).isZero();
            assertThat(c.isClosed()).isFalse();
        }
    }

    @Test
    void aReaderLendsItsStatementsFromReadToReadAndAReindexGivesNewOnes() throws Exception {
        Path home = dir.resolve("home");
        Files.createDirectories(home);
        try (MemoryIndex index = MemoryIndex.open(new MemoryIndex.Config(home, home.resolve("index"),
                home.resolve("memory/notes.md"), DataClass.PRIVATE), MemorydThreads.start())) {
            index.flush().get();
            Statements first = index.readPrepared(s -> s);
            PreparedStatement q = index.readPrepared(s -> s.prepare("SELECT count(*) FROM sources"));
            Statements second = index.readPrepared(s -> s);
            PreparedStatement q2 = index.readPrepared(s -> s.prepare("SELECT count(*) FROM sources"));
            assertThat(second).isSameAs(first);
            assertThat(q2).isSameAs(q);
            index.reindex();
            Statements after = index.readPrepared(s -> s);
            assertThat(after).isNotSameAs(first);
            assertThat(first.connection().isClosed()).isTrue();
            long rows = index.readPrepared(s -> count(s.prepare("SELECT count(*) FROM sources")));
            assertThat(rows).isZero();
        }
    }

    private static String time(PreparedStatement q, long row) throws Exception {
        q.setLong(1, row);
        try (ResultSet rs = q.executeQuery()) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    private static long count(PreparedStatement q) throws java.sql.SQLException {
        try (ResultSet rs = q.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
