package dev.boxmaker.proto.testing;

import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.Ok;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import io.vertx.core.Context;
import java.util.Map;

/**
 * Handlers for socket tests: {@code loop_admin} does what its command says, {@code session_updated}
 * answers {@code ok}; every other kind is not served.
 */
public final class EchoHandlers {
    public static final String REFUSAL = "no, because the test said so";
    public static final String RUNBOOK = "test-entry";

    private EchoHandlers() {
    }

    /** {@code loop_admin} and {@code session_updated}. */
    public static Map<String, Handler<?>> all() {
        Handler<LoopAdmin> admin = EchoHandlers::admin;
        Handler<SessionUpdated> updated = request -> new Ok();
        return Map.of(LoopAdmin.KIND, admin, SessionUpdated.KIND, updated);
    }

    /**
     * {@code echo}: the arg back; {@code size}: the arg's length; {@code thread}: whether this ran on
     * a worker thread, and the thread's name; {@code sleep}: waits arg milliseconds, then echoes;
     * {@code refuse}: a refusal with a runbook; {@code fail}: an exception; {@code overflow}: an error
     * (a stack overflow); {@code null}: no reply.
     */
    private static LoopAdminReply admin(LoopAdmin request) throws Exception {
        switch (request.command()) {
            case "echo":
                return new LoopAdminReply(request.arg());
            case "size":
                return new LoopAdminReply(Integer.toString(request.arg().length()));
            case "thread":
                return new LoopAdminReply(Context.isOnWorkerThread() + " " + Context.isOnEventLoopThread() + " "
                        + Thread.currentThread().getName());
            case "sleep":
                Thread.sleep(Long.parseLong(request.arg()));
                return new LoopAdminReply(request.arg());
            case "refuse":
                throw new HandlerRefusal(REFUSAL, RUNBOOK);
            case "fail":
                throw new IllegalStateException("the test handler failed, as asked");
            case "overflow":
                throw new StackOverflowError();
            case "null":
                return null;
            default:
                throw new IllegalArgumentException("no test command " + request.command());
        }
    }
}
