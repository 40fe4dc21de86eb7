package dev.boxmaker.memoryd.sockets;

import dev.boxmaker.memoryd.index.IndexDamagedException;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.proto.daemon.ProcessFigures;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.wire.msg.MemoryStats;
import dev.boxmaker.proto.wire.msg.MemoryStatsReply;
import dev.boxmaker.proto.wire.msg.Message;
import java.io.IOException;
import java.nio.file.Files;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.OptionalLong;

/**
 * {@code memory_stats} from {@code bxctl status}: the index's records (its own counter, one row), its
 * file's size, and whether a reindex (with the records read so far) or a catch-up runs. No log and no
 * memory file is read. The Honcho outbox's figures join here once memoryd has one.
 */
public final class MemoryStatsHandler implements Handler<MemoryStats> {
    /** No work on the index now. */
    public static final String WORK_NONE = "none";
    public static final String WORK_REINDEX = "reindex";
    public static final String WORK_CATCH_UP = "catch-up";

    private final MemoryIndex index;
    private final String version = ProcessFigures.version();

    public MemoryStatsHandler(MemoryIndex index) {
        this.index = index;
    }

    @Override
    public Message handle(MemoryStats request) {
        OptionalLong reindex = index.reindexProgress();
        String work = reindex.isPresent() ? WORK_REINDEX : index.writing() ? WORK_CATCH_UP : WORK_NONE;
        return new MemoryStatsReply(version, ProcessFigures.uptimeSeconds(), ProcessFigures.residentBytes(),
                records(), bytes(), work, reindex.isPresent() ? reindex.getAsLong() : null);
    }

    /** The index's count of its rows (the {@code stats} table's one row); null while it is damaged. */
    private Long records() {
        try {
            return index.read(c -> {
                try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT rows FROM stats WHERE id = 1")) {
                    return rs.next() ? rs.getLong(1) : 0L;
                }
            });
        } catch (IndexDamagedException | SQLException e) {
            return null;
        }
    }

    private long bytes() {
        try {
            return Files.size(index.file());
        } catch (IOException e) {
            return 0;
        }
    }
}
