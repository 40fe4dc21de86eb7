package dev.boxmaker.brokerd.sockets;

import dev.boxmaker.brokerd.taint.Taints;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionStateReply;

/** {@code session_state} from memoryd (the M5c spec, section 7): the session's taint; it changes nothing. */
public final class SessionStateHandler implements Handler<SessionState> {
    private final Taints taints;

    public SessionStateHandler(Taints taints) {
        this.taints = taints;
    }

    @Override
    public Message handle(SessionState request) {
        Label taint = taints.of(request.session().value());
        return new SessionStateReply(taint.dataClass(), taint.untrusted());
    }
}
