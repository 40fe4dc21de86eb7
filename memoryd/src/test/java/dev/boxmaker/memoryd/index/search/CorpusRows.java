package dev.boxmaker.memoryd.index.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.index.TestIndexes;
import dev.boxmaker.proto.testing.SourcedRandom;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * The rows of a random corpus for the recall properties: texts, times, the index's shape (a tape of
 * draws for {@link TestIndexes#build}) and the rows a retraction deletes, all drawn from QuickTheories'
 * source so a corpus shrinks to fewer, shorter rows.
 */
record CorpusRows(List<String> texts, List<String> times, Random shape, List<Integer> deleted) {
    /** 1 to {@code rowsMax} rows of {@code text}'s texts; a quarter of the corpora lose one to three rows. */
    static CorpusRows draw(Random random, int rowsMax, Function<Random, String> text) {
        int rows = 1 + random.nextInt(rowsMax);
        List<String> texts = new ArrayList<>();
        List<String> times = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            texts.add(text.apply(random));
            times.add("2026-09-2" + random.nextInt(3) + "T14:0" + random.nextInt(2) + ":00Z");
        }
        Random shape = SourcedRandom.recorded(random, 8 + 2 * rows);
        List<Integer> deleted = new ArrayList<>();
        for (int d = random.nextInt(4) == 0 ? 1 + random.nextInt(3) : 0; d > 0 && rows > 1; d--) {
            deleted.add(1 + random.nextInt(rows));
        }
        return new CorpusRows(texts, times, shape, deleted);
    }

    /** The index of these rows in {@code dir}, its deletions done and its postings held to FTS5's own rows. */
    TestIndexes.Built build(Path dir) throws Exception {
        TestIndexes.Built built = TestIndexes.build(dir.resolve("memory.sqlite3"), texts, times, shape);
        for (int rowid : deleted) {
            TestIndexes.delete(built.connection(), rowid);
        }
        assertThat(TestIndexes.postings(built.connection(), false)).as("the postings table against FTS5's own rows, %s",
                built.shape()).containsExactlyElementsOf(TestIndexes.postings(built.connection(), true));
        return built;
    }

    @Override
    public String toString() {
        return texts.size() + " rows " + texts + ", deleted " + deleted;
    }
}
