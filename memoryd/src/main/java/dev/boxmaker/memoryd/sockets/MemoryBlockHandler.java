package dev.boxmaker.memoryd.sockets;

import dev.boxmaker.memoryd.block.BlockBuilder;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import dev.boxmaker.proto.wire.msg.MemoryBlockReply;
import dev.boxmaker.proto.wire.msg.Message;

/** {@code memory_block} on loopd's socket: the block a new session starts with. */
public final class MemoryBlockHandler implements Handler<MemoryBlock> {
    private final BlockBuilder block;

    public MemoryBlockHandler(BlockBuilder block) {
        this.block = block;
    }

    @Override
    public Message handle(MemoryBlock request) throws HandlerRefusal {
        return new MemoryBlockReply(block.build());
    }
}
