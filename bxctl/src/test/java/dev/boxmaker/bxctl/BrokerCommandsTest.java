package dev.boxmaker.bxctl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.testing.TestServers;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.BrokerAdminReply;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bxctl approvals|approve|deny|grants|audit against a fake brokerd admin socket. */
class BrokerCommandsTest {
    @TempDir
    Path dir;
    private RunningServer broker;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void start() throws Exception {
        Handler<BrokerAdmin> handler = request -> {
            if (request.command().equals("approve") && request.arg().equals("a7")) {
                throw new HandlerRefusal("a7 was not run: grant echo was removed while it waited; it is denied, and the"
                        + " session is told why");
            }
            if (request.arg().equals("a9")) {
                throw new HandlerRefusal("no call \"a9\" is waiting; bxctl approvals lists those that are");
            }
            return new BrokerAdminReply(request.command() + "(" + request.arg() + ")\u200B");
        };
        broker = RunningServer.start(TestServers.socketIn(dir, "run/owner-broker/admin.sock"),
                Map.of(BrokerAdmin.KIND, handler), Duration.ofSeconds(10));
    }

    @AfterEach
    void stop() throws Exception {
        broker.close();
    }

    private int run(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--home";
        all[1] = dir.toString();
        System.arraycopy(args, 0, all, 2, args.length);
        return Bxctl.run(all, new PrintWriter(out), new PrintWriter(err), Map.of());
    }

    @Test
    void eachCommandSendsItsBrokerAdminAndPrintsTheReplyEscaped() {
        assertThat(run("approvals")).isZero();
        assertThat(run("approve", "a1")).isZero();
        assertThat(run("deny", "a2")).isZero();
        assertThat(run("grants")).isZero();
        assertThat(run("audit")).isZero();
        assertThat(run("audit", "5")).isZero();

        assertThat(out.toString()).isEqualTo("approvals()\\u{200B}\napprove(a1)\\u{200B}\ndeny(a2)\\u{200B}\n"
                + "grants()\\u{200B}\naudit()\\u{200B}\naudit(5)\\u{200B}\n");
    }

    @Test
    void aRefusalExitsOneWithTheSentence() {
        assertThat(run("deny", "a9")).isEqualTo(1);
        assertThat(err.toString()).contains("no call \"a9\" is waiting; bxctl approvals lists those that are");
    }

    @Test
    void approvalsWithAnIdAsksForThatCallWhole() {
        assertThat(run("approvals", "a4")).isZero();
        assertThat(out.toString()).isEqualTo("approvals(a4)\\u{200B}\n");
    }

    @Test
    void approvalsOfAnUnknownIdExitsOneWithTheSentence() {
        assertThat(run("approvals", "a9")).isEqualTo(1);
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString()).isEqualTo("no call \"a9\" is waiting; bxctl approvals lists those that are\n");
    }

    @Test
    void theHelpOfApprovalsSaysTheListCutsAndHowToSeeOneWhole() {
        assertThat(run("approvals", "--help")).isZero();
        // picocli wraps the help at 80 columns.
        assertThat(out.toString().replaceAll("\\s+", " ")).contains("[--memory-socket=<memorySocket>] [ID]",
                "the first 300 characters of its arguments", "[the arguments are cut here, N characters hidden;",
                "bxctl approvals ID shows them whole]", "With ID: that one call, its arguments whole",
                "at most 2,000,000 characters");
    }

    @Test
    void anApprovalOfACallItsGrantNoLongerAllowsExitsOneSayingWhatChanged() {
        assertThat(run("approve", "a7")).isEqualTo(1);
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString()).isEqualTo("a7 was not run: grant echo was removed while it waited; it is denied, and the"
                + " session is told why\n");
    }

    @Test
    void theHelpOfApproveSaysItIsDecidedAgain() {
        assertThat(run("approve", "--help")).isZero();
        assertThat(out.toString().replaceAll("\\s+", " ")).contains("read it whole first: bxctl approvals ID",
                "brokerd decides it again first: if its grant was removed or changed, the grants turned invalid,",
                "the call is denied instead, and this says what changed and exits 1.");
    }

    @Test
    void noBrokerdExitsThreeNamingTheRunbook() throws Exception {
        broker.close();
        assertThat(run("approvals")).isEqualTo(3);
        assertThat(err.toString()).contains("brokerd-start-failed");
    }
}
