package dev.boxmaker.proto.wire.msg;

/** A message body; its kind names it in the envelope (wire.md, "Message kinds"). */
public sealed interface Message permits MemoryBlock, MemoryBlockReply, SessionUpdated, MemoryCall,
        ToolRequest, ToolResponse, Reindex, Reindexed, MemoryAdmin, MemoryAdminReply, BrokerAdmin,
        BrokerAdminReply, SessionState, SessionStateReply, Turn, TurnReply, LoopAdmin, LoopAdminReply,
        Ok, ErrorReply, MemoryStats, MemoryStatsReply, BrokerStats, BrokerStatsReply, LoopStats, LoopStatsReply {
    /** The envelope's {@code kind}. */
    String kind();
}
