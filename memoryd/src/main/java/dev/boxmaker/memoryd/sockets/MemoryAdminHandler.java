package dev.boxmaker.memoryd.sockets;

import dev.boxmaker.memoryd.Sentences;
import dev.boxmaker.memoryd.block.BlockBuilder;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.Message;

/** {@code memory_admin} on the owner's socket: what {@code bxctl memory ...} asks. */
public final class MemoryAdminHandler implements Handler<MemoryAdmin> {
    private final BlockBuilder block;

    public MemoryAdminHandler(BlockBuilder block) {
        this.block = block;
    }

    @Override
    public Message handle(MemoryAdmin request) {
        switch (request.command()) {
            case "show":
                return new MemoryAdminReply(block.build());
            default:
                throw new HandlerRefusal(Sentences.unknownAdminCommand(request.command()), null);
        }
    }
}
