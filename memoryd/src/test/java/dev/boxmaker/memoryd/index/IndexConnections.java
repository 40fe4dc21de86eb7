package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.index.sql.IndexFile;
import java.sql.Connection;
import java.sql.SQLException;

/** Test helper: a connection of the test's own to an index's file. */
public final class IndexConnections {
    private IndexConnections() {
    }

    public static Connection open(MemoryIndex index) throws SQLException {
        return IndexFile.open(index.file(), false);
    }
}
