package dev.boxmaker.memoryd.index.build;

import dev.boxmaker.memoryd.index.CatchUpTest;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.index.Rows;
import dev.boxmaker.memoryd.index.TestIndexes;
import dev.boxmaker.memoryd.index.sql.IndexFile;
import static dev.boxmaker.memoryd.index.Logs.append;
import static dev.boxmaker.memoryd.index.Logs.said;
import static dev.boxmaker.memoryd.index.Logs.user;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.SessionId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A build's side file: written beside the new file, copied into it whole, and never left behind. */
class BuildSideTest {
    static final String A = CatchUpTest.A;
    static final String B = CatchUpTest.B;

    @TempDir
    Path home;

    MemoryIndex open() throws Exception {
        return TestIndexes.open(home);
    }

    Path side() {
        return home.resolve("index/memory.sqlite3.new" + BuildSide.SUFFIX);
    }

    @Test
    void aSideFileLeftByACrashedBuildIsThrownAwayByTheNextBuildWhichDeletesItsOwn() throws Exception {
        append(home, A, user("the wallaby crossed the road", null), said("it did"));
        Files.createDirectories(home.resolve("index"));
        Files.writeString(side(), "not a database, left by a build that died");
        Files.writeString(home.resolve("index/memory.sqlite3.new" + BuildSide.SUFFIX + "-journal"), "nor this");
        try (MemoryIndex index = open()) {
            index.flush().get();
            assertThat(Rows.texts(index)).containsExactly("the wallaby crossed the road", "it did");
            assertThat(side()).doesNotExist();
            assertThat(home.resolve("index/memory.sqlite3.new" + BuildSide.SUFFIX + "-journal")).doesNotExist();
            index.reindex();
            assertThat(Rows.texts(index)).containsExactly("the wallaby crossed the road", "it did");
        }
        assertThat(side()).doesNotExist();
        try (var files = Files.list(home.resolve("index"))) {
            assertThat(files.map(p -> p.getFileName().toString())).allMatch(n -> n.startsWith("memory.sqlite3"))
                    .noneMatch(n -> n.contains(".new"));
        }
    }

    @Test
    void theCopiedPostingsKeepTheirIdsAndTheWritesAfterABuildNumberPastThem() throws Exception {
        for (int i = 0; i < 40; i++) {
            append(home, A, user("launch window " + i, null));
        }
        long builtMax;
        long builtRows;
        try (MemoryIndex index = open()) {
            index.flush().get();
            try (Connection c = IndexFile.open(home.resolve("index/memory.sqlite3"), false)) {
                builtMax = scalar(c, "SELECT max(id) FROM postings");
                builtRows = scalar(c, "SELECT rows FROM stats WHERE id = 1");
                assertThat(scalar(c, "SELECT seq FROM sqlite_sequence WHERE name = 'postings'")).isEqualTo(builtMax);
                assertThat(scalar(c, "SELECT count(*) FROM sources")).isEqualTo(40);
                assertThat(builtRows).isEqualTo(40);
                assertThat(scalar(c, "SELECT tokens FROM stats WHERE id = 1")).isEqualTo(120);
            }
            append(home, B, user("launch again", null));
            index.sessionUpdated(SessionId.of(B)).get();
            try (Connection c = IndexFile.open(home.resolve("index/memory.sqlite3"), false)) {
                assertThat(scalar(c, "SELECT min(id) FROM postings WHERE id > " + builtMax)).isGreaterThan(builtMax);
                assertThat(scalar(c, "SELECT count(*) FROM postings WHERE id <= " + builtMax + " AND term = 'again'")).isZero();
                assertThat(scalar(c, "SELECT rows FROM stats WHERE id = 1")).isEqualTo(builtRows + 1);
            }
            assertThat(Rows.texts(index)).hasSize(41).contains("launch again");
        }
    }

    static long scalar(Connection c, String sql) throws Exception {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
