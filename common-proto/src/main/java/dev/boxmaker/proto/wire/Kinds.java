package dev.boxmaker.proto.wire;

import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.BrokerAdminReply;
import dev.boxmaker.proto.wire.msg.BrokerStats;
import dev.boxmaker.proto.wire.msg.BrokerStatsReply;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.LoopStats;
import dev.boxmaker.proto.wire.msg.LoopStatsReply;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import dev.boxmaker.proto.wire.msg.MemoryBlockReply;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.MemoryStats;
import dev.boxmaker.proto.wire.msg.MemoryStatsReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Ok;
import dev.boxmaker.proto.wire.msg.Reindex;
import dev.boxmaker.proto.wire.msg.Reindexed;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionStateReply;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import dev.boxmaker.proto.wire.msg.Turn;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.util.Map;

/** Every message kind of wire.md and the record that holds its body. */
public final class Kinds {
    private static final Map<String, Class<? extends Message>> TYPES = Map.ofEntries(
            Map.entry(MemoryBlock.KIND, MemoryBlock.class),
            Map.entry(MemoryBlockReply.KIND, MemoryBlockReply.class),
            Map.entry(SessionUpdated.KIND, SessionUpdated.class),
            Map.entry(MemoryCall.KIND, MemoryCall.class),
            Map.entry(ToolRequest.KIND, ToolRequest.class),
            Map.entry(ToolResponse.KIND, ToolResponse.class),
            Map.entry(Reindex.KIND, Reindex.class),
            Map.entry(Reindexed.KIND, Reindexed.class),
            Map.entry(MemoryAdmin.KIND, MemoryAdmin.class),
            Map.entry(MemoryAdminReply.KIND, MemoryAdminReply.class),
            Map.entry(BrokerAdmin.KIND, BrokerAdmin.class),
            Map.entry(BrokerAdminReply.KIND, BrokerAdminReply.class),
            Map.entry(SessionState.KIND, SessionState.class),
            Map.entry(SessionStateReply.KIND, SessionStateReply.class),
            Map.entry(Turn.KIND, Turn.class),
            Map.entry(TurnReply.KIND, TurnReply.class),
            Map.entry(LoopAdmin.KIND, LoopAdmin.class),
            Map.entry(LoopAdminReply.KIND, LoopAdminReply.class),
            Map.entry(Ok.KIND, Ok.class),
            Map.entry(ErrorReply.KIND, ErrorReply.class),
            Map.entry(MemoryStats.KIND, MemoryStats.class),
            Map.entry(MemoryStatsReply.KIND, MemoryStatsReply.class),
            Map.entry(BrokerStats.KIND, BrokerStats.class),
            Map.entry(BrokerStatsReply.KIND, BrokerStatsReply.class),
            Map.entry(LoopStats.KIND, LoopStats.class),
            Map.entry(LoopStatsReply.KIND, LoopStatsReply.class));

    private Kinds() {
    }

    /** The record for {@code kind}, or null for a kind wire.md does not name. */
    public static Class<? extends Message> type(String kind) {
        return TYPES.get(kind);
    }

    /** Every kind's name. */
    public static java.util.Set<String> names() {
        return TYPES.keySet();
    }
}
