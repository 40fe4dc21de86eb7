package dev.boxmaker.memoryd.index;

import dev.boxmaker.proto.DataClass;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

/** Test helper: an index file filled straight from texts, without session logs, for search tests. */
public final class TestIndexes {
    private TestIndexes() {
    }

    /** A connection to a new index at {@code file} holding one row per text, with the given times. */
    public static Connection build(Path file, List<String> texts, List<String> times) throws Exception {
        IndexFile.createPrivate(file);
        Connection c = IndexFile.open(file, true);
        IndexSchema.create(c);
        List<IndexRow> rows = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            rows.add(new IndexRow(IndexRow.SESSION, "mm-test", 0L, i, times.get(i), IndexRow.USER, DataClass.PRIVATE,
                    false, null, null, texts.get(i)));
        }
        c.setAutoCommit(false);
        new IndexWrites(c).insert(rows);
        c.commit();
        c.setAutoCommit(true);
        return c;
    }

    /** Deletes row {@code rowid} as a retraction would. */
    public static void delete(Connection c, long rowid) throws Exception {
        new IndexWrites(c).delete(rowid);
    }
}
