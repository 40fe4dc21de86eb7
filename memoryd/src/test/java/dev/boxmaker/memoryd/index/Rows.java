package dev.boxmaker.memoryd.index;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Test helper: every row of an index, as text, in a stable order, to compare indexes. */
public final class Rows {
    private Rows() {
    }

    public static List<String> all(MemoryIndex index) throws Exception {
        index.flush().get();
        return index.read(Rows::all);
    }

    public static List<String> all(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = c.createStatement().executeQuery("SELECT s.kind, s.session, s.epoch, s.record, s.time,"
                + " s.role, s.class, s.untrusted, s.speaker, s.header, s.doclen, h.text FROM sources s"
                + " JOIN hits h ON h.rowid = s.rowid ORDER BY s.kind, s.session, s.record, s.role, h.text")) {
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= 12; i++) {
                    row.append(i > 1 ? " | " : "").append(rs.getString(i));
                }
                out.add(row.toString());
            }
        }
        return out;
    }

    /** The texts of the rows, in the order of {@link #all}. */
    public static List<String> texts(MemoryIndex index) throws Exception {
        return all(index).stream().map(r -> r.substring(r.lastIndexOf(" | ") + 3)).toList();
    }
}
