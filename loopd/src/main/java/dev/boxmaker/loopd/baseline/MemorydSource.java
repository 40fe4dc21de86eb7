package dev.boxmaker.loopd.baseline;

import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.ClientException;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import dev.boxmaker.proto.wire.msg.MemoryBlockReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Ok;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import java.nio.file.Path;

/** memoryd's client on {@code [memory] socket}: {@code memory_block} and {@code session_updated} (wire.md). */
public final class MemorydSource implements MemorySource {
    /**
     * The runbook a client failure names: memoryd not answering at all. The refusal around it names
     * memory-unavailable, which sends the reader here for this case.
     */
    public static final String RUNBOOK = "memoryd-start-failed";

    private final Path socket;

    public MemorydSource(Path socket) {
        this.socket = socket;
    }

    @Override
    public String block() throws Unavailable {
        Message reply = call(new MemoryBlock());
        if (reply instanceof MemoryBlockReply block) {
            return block.text();
        }
        throw new Unavailable(reply instanceof ErrorReply e ? e.message() : "memoryd answered " + reply.kind());
    }

    @Override
    public void sessionUpdated(SessionId session, long turn) throws Unavailable {
        Message reply = call(new SessionUpdated(session, turn));
        if (!(reply instanceof Ok)) {
            throw new Unavailable(reply instanceof ErrorReply e ? e.message() : "memoryd answered " + reply.kind());
        }
    }

    private Message call(Message request) throws Unavailable {
        try {
            return SocketClient.call(socket, request, RUNBOOK);
        } catch (ClientException e) {
            throw new Unavailable(e.getMessage());
        }
    }
}
