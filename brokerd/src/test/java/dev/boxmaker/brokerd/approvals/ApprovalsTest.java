package dev.boxmaker.brokerd.approvals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.brokerd.TestHome;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.server.SocketServer;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** An {@code ask} grant through brokerd's real sockets: approve, deny, time out, and no thread held. */
class ApprovalsTest {
    static final String ASK = "tool = \"echo\"\nmode = \"ask\"\nmax_taint = \"secret\"\nresult_class = \"public\"\nuntrusted = false\n";
    static final String AUTO = "tool = \"clock_now\"\nmode = \"auto\"\n";
    static final int WAITING_CALLS = 100;

    private TestHome home;
    private ExecutorService clients;

    private void start(String approvalsTimeout) throws Exception {
        home = TestHome.create("[runtime]\nkind = \"exec\"\n[runtime.exec.echo]\ncommand = [\"/bin/cat\"]\n"
                + "[approvals]\ntimeout = \"" + approvalsTimeout + "\"\n").start(Duration.ofSeconds(5));
        home.grant("echo", ASK);
        home.grant("clock", AUTO);
        clients = Executors.newCachedThreadPool();
    }

    @AfterEach
    void stop() throws Exception {
        clients.shutdownNow();
        home.close();
    }

    private Future<Message> callLater(String call) {
        return clients.submit(() -> home.send(TestHome.request("chat-1", call, "echo", "{\"text\": \"hi " + call + "\"}")));
    }

    /** The approvals waiting as {@code broker_stats} tells {@code bxctl status}. */
    private long waitingByStats() throws Exception {
        return ((dev.boxmaker.proto.wire.msg.BrokerStatsReply) dev.boxmaker.proto.client.SocketClient.call(
                home.settings.adminSocket(), new dev.boxmaker.proto.wire.msg.BrokerStats(), Duration.ofSeconds(10),
                Duration.ofSeconds(10), "test")).approvalsWaiting();
    }

    @Test
    void anApprovedCallRuns() throws Exception {
        start("10m");
        Future<Message> reply = callLater("c1");
        home.awaitWaiting(1);
        assertThat(home.admin("approvals", "")).matches(
                "a1  session chat-1  echo  grant echo  waiting \\d+s  \\{\"text\":\"hi c1\"}");

        assertThat(waitingByStats()).isEqualTo(1);

        assertThat(home.admin("approve", "a1")).isEqualTo("approved a1; it runs now");
        assertThat(waitingByStats()).isZero();

        assertThat(reply.get(20, TimeUnit.SECONDS)).isEqualTo(
                new ToolResponse("c1", Outcome.OK, "{\"text\":\"hi c1\"}", DataClass.PUBLIC, false, "echo"));
        assertThat(home.admin("approvals", "")).isEqualTo("(no calls are waiting)");
        assertThat(home.auditText()).contains("\"decision\":\"approved\"", "\"outcome\":\"ok\"");
    }

    @Test
    void aDeniedCallIsDenied() throws Exception {
        start("10m");
        Future<Message> reply = callLater("c2");
        home.awaitWaiting(1);

        assertThat(home.admin("deny", "a1")).isEqualTo("denied a1");

        assertThat(reply.get(20, TimeUnit.SECONDS)).isEqualTo(
                new ToolResponse("c2", Outcome.DENIED, "the owner denied this call", DataClass.PRIVATE, false, "echo"));
        assertThat(home.admin("deny", "a1")).contains("no call \"a1\" is waiting; bxctl approvals lists those that are");
        assertThat(home.auditText()).contains("\"decision\":\"denied\"", "\"outcome\":\"denied\"");
    }

    @Test
    void aCallNobodyAnswersTimesOut() throws Exception {
        start("1s");
        ToolResponse reply = (ToolResponse) callLater("c3").get(20, TimeUnit.SECONDS);

        assertThat(reply).isEqualTo(new ToolResponse("c3", Outcome.DENIED,
                "the owner did not answer within 1 second, so the call is denied", DataClass.PRIVATE, false, "echo"));
        assertThat(home.auditText()).contains("\"decision\":\"timed-out\"");
        assertThat(home.broker.approvals().size()).isZero();
    }

    @Test
    void aCallWaitingWhenBrokerdStopsIsAnsweredThatItStops() throws Exception {
        start("10m");
        Future<Message> reply = callLater("c4");
        home.awaitWaiting(1);

        home.stop();

        assertThat(reply.get(20, TimeUnit.SECONDS)).isEqualTo(new ToolResponse("c4", Outcome.DENIED,
                "brokerd is stopping, so this call, still waiting for the owner, is denied; it can be made again once"
                        + " brokerd is back", DataClass.PRIVATE, false, "echo"));
        assertThat(home.auditText()).contains("\"call\":\"c4\"", "\"decision\":\"timed-out\"");
    }

    @Test
    void oneHundredWaitingCallsHoldNoWorkerThreads() throws Exception {
        start("10m");
        List<Future<Message>> replies = new ArrayList<>();
        for (int i = 0; i < WAITING_CALLS; i++) {
            replies.add(callLater("w" + i));
        }

        // The loop socket has 16 workers: 100 calls can all be waiting only if none holds one.
        assertThat(WAITING_CALLS).isGreaterThan(SocketServer.WORKER_THREADS);
        home.awaitWaiting(WAITING_CALLS);
        assertThat(busyWorkers()).isZero();
        ToolResponse other = home.call("chat-2", "clock_now", "{}");
        assertThat(other.text()).isEqualTo("no command is configured for clock_now under [runtime.exec]; it cannot run");

        for (int i = 1; i <= WAITING_CALLS; i++) {
            home.admin("deny", "a" + i);
        }
        for (Future<Message> reply : replies) {
            assertThat(((ToolResponse) reply.get(20, TimeUnit.SECONDS)).outcome()).isEqualTo(Outcome.DENIED);
        }
    }

    /** Threads of the loop socket's worker pool that are inside brokerd's code now. */
    private static long busyWorkers() {
        return Thread.getAllStackTraces().entrySet().stream()
                .filter(e -> e.getKey().getName().startsWith("bx-brokerd loop"))
                .filter(e -> List.of(e.getValue()).stream().anyMatch(f -> f.getClassName().startsWith("dev.boxmaker")))
                .count();
    }
}
