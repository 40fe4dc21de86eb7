package dev.boxmaker.proto.client;

import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Reindex;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import dev.boxmaker.proto.wire.msg.Turn;
import java.time.Duration;
import java.util.Map;

/**
 * How long a client waits for each kind's reply: the "Client wait" column of wire.md. A
 * {@code tool_request}'s wait depends on the tool and its grant, so it is not here; brokerd's and
 * loopd's configuration decide it, from the defaults and the bounds below.
 */
public final class Wait {
    /** The connect of any call; a Unix socket's connect only waits when the server's backlog is full. */
    public static final long CONNECT_MILLIS = 2_000;

    public static final long MEMORY_BLOCK_SECONDS = 10;
    public static final long SESSION_UPDATED_SECONDS = 10;
    public static final long MEMORY_CALL_SECONDS = 30;
    /** {@code memory_call} for M5c's {@code ask_memory}. */
    public static final long MEMORY_CALL_ASK_MEMORY_SECONDS = 170;
    public static final long REINDEX_MINUTES = 30;
    public static final long MEMORY_ADMIN_SECONDS = 30;
    /** {@code memory_admin}'s {@code ask} (the owner's ask_memory): memoryd's 150 s per workspace and a margin. */
    public static final long MEMORY_ADMIN_ASK_SECONDS = 170;
    public static final long BROKER_ADMIN_SECONDS = 30;
    public static final long SESSION_STATE_SECONDS = 5;
    public static final long TURN_MINUTES = 15;
    public static final long LOOP_ADMIN_SECONDS = 30;
    /** {@code tool_request}: a tool's default, and {@code ask_memory}'s. */
    public static final long TOOL_REQUEST_DEFAULT_SECONDS = 30;
    public static final long TOOL_REQUEST_ASK_MEMORY_SECONDS = 180;
    /**
     * The longest {@code [approvals] timeout} brokerd accepts: an {@code ask} grant's call waits for
     * the owner up to it. brokerd's configuration refuses more.
     */
    public static final long APPROVAL_WAIT_HOURS_MAX = 24;
    /** The longest timeout a grant may give its calls' runs. brokerd's grants refuse more. */
    public static final long GRANT_RUN_SECONDS_MAX = 3_600;
    /** brokerd's own work around a call (its decision, the audit line, the reply). */
    public static final long TOOL_REQUEST_MARGIN_SECONDS = 60;
    /**
     * The longest a {@code tool_request} can legitimately take: the owner's longest wait, then the
     * longest run, then the margin (25 hours and a minute). A client that gives up sooner tells the
     * model a call failed that brokerd still holds and may run once the owner approves it.
     */
    public static final long TOOL_REQUEST_LONGEST_SECONDS = APPROVAL_WAIT_HOURS_MAX * 3_600 + GRANT_RUN_SECONDS_MAX
            + TOOL_REQUEST_MARGIN_SECONDS;

    private static final Map<String, Duration> BY_KIND = Map.of(
            MemoryBlock.KIND, Duration.ofSeconds(MEMORY_BLOCK_SECONDS),
            SessionUpdated.KIND, Duration.ofSeconds(SESSION_UPDATED_SECONDS),
            MemoryCall.KIND, Duration.ofSeconds(MEMORY_CALL_SECONDS),
            Reindex.KIND, Duration.ofMinutes(REINDEX_MINUTES),
            MemoryAdmin.KIND, Duration.ofSeconds(MEMORY_ADMIN_SECONDS),
            BrokerAdmin.KIND, Duration.ofSeconds(BROKER_ADMIN_SECONDS),
            SessionState.KIND, Duration.ofSeconds(SESSION_STATE_SECONDS),
            Turn.KIND, Duration.ofMinutes(TURN_MINUTES),
            LoopAdmin.KIND, Duration.ofSeconds(LOOP_ADMIN_SECONDS));

    private Wait() {
    }

    /** The connect wait of every call. */
    public static Duration connect() {
        return Duration.ofMillis(CONNECT_MILLIS);
    }

    /**
     * The reply wait for a request of {@code kind}.
     *
     * @throws IllegalArgumentException for a kind whose wait is not fixed ({@code tool_request}) or
     *                                  that is not a request
     */
    public static Duration reply(String kind) {
        Duration wait = BY_KIND.get(kind);
        if (wait == null) {
            throw new IllegalArgumentException("wire.md fixes no client wait for \"" + kind + "\"");
        }
        return wait;
    }
}
