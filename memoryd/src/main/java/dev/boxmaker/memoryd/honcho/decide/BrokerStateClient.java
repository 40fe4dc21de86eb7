package dev.boxmaker.memoryd.honcho.decide;

import dev.boxmaker.memoryd.sentences.DecisionSentences;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.ClientException;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.client.Wait;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionStateReply;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * memoryd's client of brokerd's state socket, {@code run/memory-broker/state.sock} (the M5c spec,
 * section 7): asks {@code session_state} and answers the session's label, or {@link
 * BrokerAnswer.Unavailable} when brokerd is not there, does not answer within the wait, or answers
 * anything but a {@code session_state_reply}. It never throws for brokerd's absence: a turn then
 * waits undecided (runbook {@link #RUNBOOK}). One request per call; safe from many threads.
 */
public final class BrokerStateClient {
    /** The runbook entry every unavailable answer names. */
    public static final String RUNBOOK = "broker-state-unavailable";
    /** The longest memoryd waits for brokerd's reply: wire.md's client wait for {@code session_state}. */
    public static final long REPLY_WAIT_SECONDS = Wait.SESSION_STATE_SECONDS;
    /** The longest the connect waits: a Unix socket's connect only waits on a full backlog. */
    public static final long CONNECT_WAIT_MILLIS = Wait.CONNECT_MILLIS;

    private final Path socket;
    private final Duration connectWait;
    private final Duration replyWait;

    /** A client of the state socket at {@code socket}, with wire.md's waits. */
    public BrokerStateClient(Path socket) {
        this(socket, Duration.ofMillis(CONNECT_WAIT_MILLIS), Duration.ofSeconds(REPLY_WAIT_SECONDS));
    }

    /** With other waits, so a test of a brokerd that never answers takes less than five seconds. */
    BrokerStateClient(Path socket, Duration connectWait, Duration replyWait) {
        this.socket = Objects.requireNonNull(socket, "socket");
        this.connectWait = connectWait;
        this.replyWait = replyWait;
    }

    public Path socket() {
        return socket;
    }

    /** brokerd's state of {@code session}, or why it could not be had. */
    public BrokerAnswer ask(SessionId session) {
        Message reply;
        try {
            reply = SocketClient.call(socket, new SessionState(session), connectWait, replyWait, RUNBOOK);
        } catch (ClientException e) {
            return new BrokerAnswer.Unavailable(e.getMessage());
        }
        if (reply instanceof SessionStateReply state) {
            return new BrokerAnswer.State(new Label(state.dataClass(), state.untrusted()));
        }
        if (reply instanceof ErrorReply error) {
            return new BrokerAnswer.Unavailable(DecisionSentences.brokerStateRefused(error.message()));
        }
        return new BrokerAnswer.Unavailable(DecisionSentences.brokerStateUnexpected(reply.kind()));
    }
}
