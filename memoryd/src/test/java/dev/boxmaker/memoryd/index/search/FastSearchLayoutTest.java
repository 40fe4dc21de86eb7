package dev.boxmaker.memoryd.index.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.index.TestIndexes;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fast path reads only the layouts it knows; any other goes to the literal query. */
class FastSearchLayoutTest {
    @TempDir
    Path dir;

    @Test
    void anIndexOfAnotherLayoutIsLeftToTheLiteralQuery() throws Exception {
        try (Connection c = TestIndexes.build(dir.resolve("memory.sqlite3"), List.of("launch window", "tea"),
                List.of("2026-09-24T14:00:00Z", "2026-09-24T14:01:00Z"))) {
            assertThat(FastSearch.top(c, List.of("launch"), 5).orElseThrow()).extracting(Ranked::rowid).containsExactly(1L);
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA user_version = 1");
            }
            assertThat(FastSearch.top(c, List.of("launch"), 5)).isEmpty();
        }
    }

    @Test
    void whileAnEmptyFileIsFilledWithoutItsPostingsIndexTheLiteralQueryAnswers() throws Exception {
        try (Connection c = TestIndexes.build(dir.resolve("memory.sqlite3"), List.of("launch window", "tea"),
                List.of("2026-09-24T14:00:00Z", "2026-09-24T14:01:00Z"))) {
            try (Statement s = c.createStatement()) {
                s.execute("DROP INDEX postings_term");
            }
            assertThat(FastSearch.top(c, List.of("launch"), 5)).isEmpty();
            assertThat(LiteralSearch.top(c, List.of("launch"), 5)).extracting(Ranked::rowid).containsExactly(1L);
        }
    }

    @Test
    void aFileOfLayoutTwoWithoutTurnsStillAnswersByTheFastPathItsHitsWithTurnNull() throws Exception {
        try (Connection c = TestIndexes.build(dir.resolve("memory.sqlite3"), List.of("launch window", "tea"),
                List.of("2026-09-24T14:00:00Z", "2026-09-24T14:01:00Z"))) {
            try (Statement s = c.createStatement()) {
                s.execute("ALTER TABLE sources DROP COLUMN turn");
                s.execute("PRAGMA user_version = 2");
            }
            List<Ranked> top = FastSearch.top(c, List.of("launch"), 5).orElseThrow();
            assertThat(top).extracting(Ranked::rowid).containsExactly(1L);
            try (var statements = new dev.boxmaker.memoryd.index.sql.Statements(c)) {
                List<Hit> hits = Hit.load(statements, top);
                assertThat(hits).extracting(Hit::text).containsExactly("launch window");
                assertThat(hits.get(0).turn()).isNull();
            }
        }
    }
}
