package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.index.build.BuildSide;
import dev.boxmaker.memoryd.index.build.IndexBuilder;
import dev.boxmaker.memoryd.index.sql.IndexFile;
import dev.boxmaker.memoryd.index.sql.IndexSchema;
import static dev.boxmaker.memoryd.index.Logs.append;
import static dev.boxmaker.memoryd.index.Logs.called;
import static dev.boxmaker.memoryd.index.Logs.said;
import static dev.boxmaker.memoryd.index.Logs.user;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.log.LogRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A build hands its rows to the writing threads in parts of a batch, several in flight
 * (IndexBuilder.BUILD_PART_ROWS, BUILD_PARTS_IN_FLIGHT): the file it makes is the one a build of
 * whole batches makes, row for row, segment for segment, and equals a catch-up's.
 */
class BuildInPartsTest {
    @TempDir
    Path home;

    @Test
    void aBuildInPartsMakesTheFileABuildOfWholeBatchesMakes() throws Exception {
        Random random = new Random(23);
        for (String session : List.of("mm-aaaaaaaaaaaa", "chat-1789bbbbbb", "chat-1789cccccc")) {
            LogRecord[] records = new LogRecord[30 + random.nextInt(50)];
            for (int i = 0; i < records.length; i++) {
                String text = "line " + random.nextInt(40) + (random.nextInt(6) == 0 ? " café naïve" : " the launch")
                        + " window " + random.nextInt(9);
                records[i] = switch (i % 4) {
                    case 0 -> said(text);
                    // A call is indexed as one row, `name arguments`.
                    case 1 -> called("read_file", "{\"path\": \"notes/" + random.nextInt(5) + ".md\"}");
                    default -> user(text, null);
                };
            }
            append(home, session, records);
        }
        Files.createDirectories(home.resolve("index"));
        try (Connection caughtUp = made("caught-up", 12, false, 0, 1);
                Connection whole = made("whole", 12, true, 1_000, 1);
                Connection parts = made("parts", 12, true, 5, 3);
                Connection partsOfOne = made("parts-of-one", 7, true, 1, 2)) {
            for (Connection c : List.of(parts, partsOfOne)) {
                assertThat(Rows.all(c)).hasSizeGreaterThan(150).containsExactlyElementsOf(Rows.all(whole));
                assertThat(CatchUpTest.terms(c)).containsExactlyElementsOf(CatchUpTest.terms(whole));
                assertThat(TestIndexes.table(c, "SELECT log, records, class, untrusted, bytes FROM progress ORDER BY log"))
                        .hasSize(3).containsExactlyElementsOf(TestIndexes.table(whole, "SELECT log, records, class, untrusted, bytes FROM progress ORDER BY log"));
                assertThat(TestIndexes.table(c, "SELECT rows, tokens FROM stats")).containsExactlyElementsOf(TestIndexes.table(whole, "SELECT rows, tokens FROM stats"));
                assertThat(TestIndexes.postings(c, false)).containsExactlyElementsOf(TestIndexes.postings(c, true));
                assertThat(CatchUpTest.scalar(c, "SELECT count(DISTINCT segid) FROM hits_idx")).isEqualTo(1);
                c.createStatement().execute("INSERT INTO hits (hits) VALUES ('integrity-check')");
            }
            // Cut at the same batch ends: the same segments, byte for byte.
            String segments = "SELECT term, first, last, n, hex(data) FROM postings ORDER BY term, first";
            assertThat(TestIndexes.table(parts, segments)).hasSizeGreaterThan(20).containsExactlyElementsOf(TestIndexes.table(whole, segments));
            assertThat(Rows.all(whole)).containsExactlyElementsOf(Rows.all(caughtUp));
            assertThat(TestIndexes.postings(whole, false)).containsExactlyElementsOf(TestIndexes.postings(caughtUp, false));
        }
    }

    /**
     * Every log into a new file named {@code name}, {@code perTransaction} records a batch: built (in
     * parts of {@code partRows} rows, {@code inFlight} at most) or caught up.
     */
    private Connection made(String name, int perTransaction, boolean build, int partRows, int inFlight) throws Exception {
        Path file = home.resolve("index/" + name + ".sqlite3");
        IndexFile.createPrivate(file);
        Connection c = IndexFile.open(file, true);
        IndexSchema.create(c);
        IndexBuilder builder = build
                ? new IndexBuilder(c, IndexBuilder.Config.of(home, DataClass.PRIVATE, MemorydThreads.start()).perTransaction(perTransaction)
                        .inParts(partRows, inFlight))
                : new IndexBuilder(c, IndexBuilder.Config.of(home, DataClass.PRIVATE, MemorydThreads.start()).perTransaction(perTransaction));
        if (build) {
            IndexSchema.bulkSettings(c);
            try (BuildSide side = BuildSide.open(file)) {
                builder.buildAll(home.resolve("memory/notes.md"), side);
            }
        } else {
            builder.catchUpAll(home.resolve("memory/notes.md"));
        }
        return c;
    }
}
