package dev.boxmaker.bxctl;

import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.ClientException;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.client.Wait;
import dev.boxmaker.proto.wire.Codec;
import dev.boxmaker.proto.wire.WireException;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.BrokerAdminReply;
import dev.boxmaker.proto.wire.msg.Message;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * While {@code bxctl chat} waits for a turn: asks brokerd's admin socket ({@code approvals}) every
 * {@link #POLL_MILLIS} which calls of the turn's session wait for the owner, and says on standard
 * error, once per call, which approval the turn waits for and the commands that settle it. A brokerd
 * that does not answer is asked again at the next poll; the turn's own answer says what went wrong.
 */
final class ApprovalWatch implements AutoCloseable {
    /** How often brokerd is asked; a turn answered sooner never asks. */
    static final long POLL_MILLIS = 1_000;

    /** A line of brokerd's {@code approvals} list: the call's id, its session, its tool (escaped). */
    private static final Pattern WAITING = Pattern.compile("(?m)^(a[0-9]{1,18})  session (\\S+)  (\\S+)  grant ");

    private final Path socket;
    private final SessionId session;
    private final PrintWriter err;
    private final Set<String> shown = new HashSet<>();
    private final Thread thread;

    private ApprovalWatch(Path socket, SessionId session, PrintWriter err) {
        this.socket = socket;
        this.session = session;
        this.err = err;
        this.thread = new Thread(this::watch, "bxctl-approvals");
        thread.setDaemon(true);
    }

    /** Starts watching brokerd at {@code socket} for calls of {@code session}. */
    static ApprovalWatch start(Path socket, SessionId session, PrintWriter err) {
        ApprovalWatch watch = new ApprovalWatch(socket, session, err);
        watch.thread.start();
        return watch;
    }

    private void watch() {
        try {
            while (true) {
                Thread.sleep(POLL_MILLIS);
                String list = approvals();
                if (list != null) {
                    announce(list);
                }
            }
        } catch (InterruptedException e) {
            // The turn was answered.
        }
    }

    private String approvals() {
        try {
            Message reply = SocketClient.call(socket, new BrokerAdmin("approvals", ""), DaemonCall.CONNECT_WAIT,
                    Duration.ofSeconds(Wait.BROKER_ADMIN_SECONDS), BrokerCommands.RUNBOOK, Codec.LIGHT);
            return reply instanceof BrokerAdminReply r ? r.text() : null;
        } catch (ClientException | WireException e) {
            return null;
        }
    }

    /** Says, once per call, which calls of the session wait. */
    void announce(String list) {
        Matcher m = WAITING.matcher(list);
        while (m.find()) {
            if (m.group(2).equals(session.value()) && shown.add(m.group(1))) {
                err.println(BxctlSentences.turnWaitsForApproval(m.group(1), m.group(3)));
                err.flush();
            }
        }
    }

    @Override
    public void close() {
        thread.interrupt();
        try {
            thread.join(Duration.ofSeconds(Wait.BROKER_ADMIN_SECONDS).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
