package dev.boxmaker.memoryd.sockets;

import dev.boxmaker.proto.daemon.ProcessFigures;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.wire.msg.MemoryStats;
import dev.boxmaker.proto.wire.msg.MemoryStatsReply;
import dev.boxmaker.proto.wire.msg.Message;
import java.util.OptionalLong;

/**
 * {@code memory_stats} from {@code bxctl status}: the index's records (its own counter, one row), its
 * file's size, and whether a reindex (with the records read so far) or a catch-up runs, with the
 * process's own figures. No log and no memory file is read.
 */
public final class MemoryStatsHandler implements Handler<MemoryStats> {
    /** No work on the index now. */
    public static final String WORK_NONE = "none";
    public static final String WORK_REINDEX = "reindex";
    public static final String WORK_CATCH_UP = "catch-up";

    /** The index's figures, each read when asked. */
    public interface IndexFigures {
        /** The index's count of its rows; null while it is damaged. */
        Long records();

        /** The index file's size; 0 when it cannot be read. */
        long bytes();

        /** Records a running reindex has read so far; empty when none runs. */
        OptionalLong reindexProgress();

        /** Whether a catch-up or another writer task runs now. */
        boolean writing();
    }

    private final IndexFigures index;
    private final String version = ProcessFigures.version();

    public MemoryStatsHandler(IndexFigures index) {
        this.index = index;
    }

    @Override
    public Message handle(MemoryStats request) {
        OptionalLong reindex = index.reindexProgress();
        String work = reindex.isPresent() ? WORK_REINDEX : index.writing() ? WORK_CATCH_UP : WORK_NONE;
        return new MemoryStatsReply(version, ProcessFigures.uptimeSeconds(), ProcessFigures.residentBytes(),
                index.records(), index.bytes(), work, reindex.isPresent() ? reindex.getAsLong() : null);
    }
}
