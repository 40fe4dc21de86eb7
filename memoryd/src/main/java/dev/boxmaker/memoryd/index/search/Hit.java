package dev.boxmaker.memoryd.index.search;

import dev.boxmaker.memoryd.index.sql.IndexRow;
import dev.boxmaker.memoryd.index.sql.IndexSchema;
import dev.boxmaker.memoryd.index.sql.Statements;
import dev.boxmaker.proto.DataClass;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** One found row with everything its header needs (the columns of {@code sources}) and its text. */
public record Hit(long rowid, String kind, String session, Long epoch, long record, Long turn, String time, String role,
        DataClass dataClass, boolean untrusted, String speaker, String header, String text) {
    /** The {@link #kind} of a note's row. */
    public static final String NOTE = IndexRow.NOTE;
    /** The {@link #role}s of a session's rows. */
    public static final String ASSISTANT = IndexRow.ASSISTANT;
    public static final String CALL = IndexRow.CALL;

    /** The rows {@code ranked} names, in its order, read in the same transaction as the search. */
    static List<Hit> load(Statements statements, List<Ranked> ranked) throws SQLException {
        List<Hit> out = new ArrayList<>(ranked.size());
        // A file of an older layout, which recall reads while a rebuild replaces it, has no turn column.
        PreparedStatement q = statements.prepare("SELECT s.kind, s.session, s.epoch, s.record, s.time, s.role,"
                + " s.class, s.untrusted, s.speaker, s.header, h.text, " + (hasTurns(statements) ? "s.turn" : "NULL")
                + " FROM sources s JOIN hits h ON h.rowid = s.rowid WHERE s.rowid = ?");
        for (Ranked r : ranked) {
            q.setLong(1, r.rowid());
            try (ResultSet rs = q.executeQuery()) {
                if (rs.next()) {
                    long epoch = rs.getLong(3);
                    Long epochOrNull = rs.wasNull() ? null : epoch;
                    long turn = rs.getLong(12);
                    Long turnOrNull = rs.wasNull() ? null : turn;
                    out.add(new Hit(r.rowid(), rs.getString(1), rs.getString(2), epochOrNull, rs.getLong(4), turnOrNull,
                            rs.getString(5), rs.getString(6), DataClass.parse(rs.getString(7)), rs.getInt(8) != 0,
                            rs.getString(9), rs.getString(10), rs.getString(11)));
                }
            }
        }
        return out;
    }

    private static boolean hasTurns(Statements statements) throws SQLException {
        try (ResultSet rs = statements.prepare("PRAGMA user_version").executeQuery()) {
            return rs.next() && rs.getInt(1) >= IndexSchema.TURN_SINCE;
        }
    }
}
