package dev.boxmaker.memoryd.sockets;

import dev.boxmaker.memoryd.admin.AdminRouter;
import dev.boxmaker.memoryd.tool.OwnerAnswer;
import dev.boxmaker.memoryd.tool.StoreFailure;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.Message;
import java.io.IOException;

/**
 * {@code memory_admin} on the owner's socket: the command goes to {@link AdminRouter}, which knows
 * every command by name ({@code format} json: {@link AdminRouter#runJson}). A refusal or a failed write is an error frame, so bxctl exits 1 with the
 * sentence.
 */
public final class MemoryAdminHandler implements Handler<MemoryAdmin> {
    private final AdminRouter router;

    public MemoryAdminHandler(AdminRouter router) {
        this.router = router;
    }

    @Override
    public Message handle(MemoryAdmin request) throws IOException, HandlerRefusal {
        OwnerAnswer answer;
        try {
            answer = request.json() ? router.runJson(request.command(), request.arg())
                    : router.run(request.command(), request.arg());
        } catch (StoreFailure failure) {
            throw new HandlerRefusal(failure.sentence(), null);
        }
        if (!answer.ok()) {
            throw new HandlerRefusal(answer.text(), null);
        }
        return new MemoryAdminReply(answer.text());
    }
}
