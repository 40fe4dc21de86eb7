package dev.boxmaker.bxctl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.client.Wait;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.BrokerAdminReply;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.Turn;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bxctl chat while its turn waits for the owner: each waiting call of its session named once on
 * standard error with the commands that settle it, as long as loopd waits; {@code --last} reads the
 * answer of a turn left running.
 */
class ChatApprovalTest {
    record Run(int code, String out, String err) {
    }

    /** How many times brokerd must have been asked before the fake loopd answers the turn. */
    static final int ASKED_BEFORE_ANSWER = 4;
    static final long TURN_WAIT_SECONDS_MAX = 30;

    @TempDir
    Path home;
    RunningServer loopd;
    RunningServer brokerd;
    final AtomicInteger asked = new AtomicInteger();

    @BeforeEach
    void start() throws Exception {
        Handler<BrokerAdmin> approvals = request -> {
            int n = asked.incrementAndGet();
            String list = "a1  session chat-abc  http_fetch  grant web  waiting 3s  {\"url\":\"https://example.org\"}\n"
                    + "a2  session chat-other  http_fetch  grant web  waiting 1s  {}";
            // A second call of the session comes to wait while the first still does.
            return new BrokerAdminReply(n < 2 ? list : list + "\na3  session chat-abc  send_mail  grant mail  waiting 0s  {}");
        };
        brokerd = RunningServer.start(home.resolve("run/owner-broker/admin.sock"), Map.of(BrokerAdmin.KIND, approvals),
                Duration.ofSeconds(10));
        Handler<Turn> turn = t -> {
            long deadline = System.nanoTime() + Duration.ofSeconds(TURN_WAIT_SECONDS_MAX).toNanos();
            while (asked.get() < ASKED_BEFORE_ANSWER && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            return new TurnReply(t.session(), 1, "fetched and mailed");
        };
        Handler<LoopAdmin> admin = request -> {
            if (request.arg().equals("chat-abc")) {
                return new LoopAdminReply("the answer\u202E");
            }
            throw new HandlerRefusal("there is no session \"" + request.arg() + "\"");
        };
        loopd = RunningServer.start(home.resolve("run/owner-loop/loop.sock"),
                Map.of(Turn.KIND, turn, LoopAdmin.KIND, admin), Duration.ofSeconds(10));
    }

    @AfterEach
    void stop() throws Exception {
        loopd.close();
        brokerd.close();
    }

    Run bxctl(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Bxctl.run(args, new ByteArrayInputStream(new byte[0]), new PrintWriter(out), new PrintWriter(err),
                Map.of("BOXMAKER_HOME", home.toString()));
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void eachCallTheTurnWaitsForIsNamedOnceWithTheCommandsThatSettleIt() {
        assertThat(bxctl("chat", "--session", "chat-abc", "fetch the page and mail it")).isEqualTo(new Run(0,
                "fetched and mailed\n",
                "this turn waits for your approval of call a1 (http_fetch): bxctl approvals a1 shows it, bxctl approve a1"
                        + " runs it, bxctl deny a1 refuses it\n"
                        + "this turn waits for your approval of call a3 (send_mail): bxctl approvals a3 shows it, bxctl"
                        + " approve a3 runs it, bxctl deny a3 refuses it\n"));
        assertThat(asked.get()).isGreaterThanOrEqualTo(ASKED_BEFORE_ANSWER);
    }

    @Test
    void aTurnIsWaitedForAsLongAsLoopdWaitsForACallTheOwnerMustApprove() {
        assertThat(ChatCommand.TURN_WAIT_SECONDS).isEqualTo(Wait.TOOL_REQUEST_LONGEST_SECONDS + 15 * 60)
                .isGreaterThan(Wait.APPROVAL_WAIT_HOURS_MAX * 3_600);
    }

    @Test
    void lastPrintsTheAnswerOfTheSessionsLastTurn() {
        assertThat(bxctl("chat", "--session", "chat-abc", "--last")).isEqualTo(new Run(0, "the answer\\u{202E}\n", ""));
        assertThat(bxctl("chat", "--session", "chat-zzz", "--last"))
                .isEqualTo(new Run(1, "", "there is no session \"chat-zzz\"\n"));
        Run alone = bxctl("chat", "--last");
        assertThat(alone.code()).isEqualTo(2);
        assertThat(alone.err()).startsWith("--last needs --session ID (the session whose last answer to show) and no message\n");
        assertThat(bxctl("chat", "--session", "chat-abc", "--last", "hi").code()).isEqualTo(2);
        assertThat(asked.get()).isZero();
    }

    @Test
    void theSentencesOfAWaitingTurn() {
        assertThat(BxctlSentences.turnLeftRunning("chat-abc")).isEqualTo("bxctl stopped waiting, but the turn goes on in"
                + " loopd; read its answer later with: bxctl chat --session chat-abc --last");
        assertThat(BxctlSentences.turnWaitsForApproval("a7", "http_fetch")).isEqualTo("this turn waits for your approval"
                + " of call a7 (http_fetch): bxctl approvals a7 shows it, bxctl approve a7 runs it, bxctl deny a7 refuses it");
    }
}
