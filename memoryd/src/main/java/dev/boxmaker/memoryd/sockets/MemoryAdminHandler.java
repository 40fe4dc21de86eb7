package dev.boxmaker.memoryd.sockets;

import dev.boxmaker.memoryd.block.BlockBuilder;
import dev.boxmaker.memoryd.tool.MemoryStore;
import dev.boxmaker.memoryd.tool.OwnerAnswer;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.Message;
import java.io.IOException;

/**
 * {@code memory_admin} on the owner's socket: {@code show} (the block a new session would get), and
 * the store's {@code log}, {@code undo}, {@code pending}, {@code accept}, {@code reject}. A refusal
 * is an error frame, so bxctl exits 1 with the sentence.
 */
public final class MemoryAdminHandler implements Handler<MemoryAdmin> {
    private final BlockBuilder block;
    private final MemoryStore store;

    public MemoryAdminHandler(BlockBuilder block, MemoryStore store) {
        this.block = block;
        this.store = store;
    }

    @Override
    public Message handle(MemoryAdmin request) throws IOException, HandlerRefusal {
        if (request.command().equals("show")) {
            return new MemoryAdminReply(block.build());
        }
        OwnerAnswer answer = store.admin(request.command(), request.arg());
        if (!answer.ok()) {
            throw new HandlerRefusal(answer.text(), null);
        }
        return new MemoryAdminReply(answer.text());
    }
}
