package dev.boxmaker.brokerd.approvals;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.boxmaker.brokerd.TestHome;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.BrokerAdminReply;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Approving decides the call again under the grants and the taint in force then: a call its grant
 * (the same id and sha256) no longer allows is denied, says why, and does not run.
 */
class ApprovalRecheckTest {
    static final String ASK = "tool = \"echo\"\nmode = \"ask\"\nmax_taint = \"private\"\nresult_class = \"public\"\n"
            + "untrusted = false\npatterns = ['\\{\"text\":\"hi.*\"\\}']\n";
    /** Another tool of the same session, whose results are secret. */
    static final String PEEK = "tool = \"peek\"\nmode = \"auto\"\nmax_taint = \"secret\"\nresult_class = \"secret\"\n"
            + "untrusted = false\n";

    private TestHome home;
    private Path ran;
    private ExecutorService clients;

    @BeforeEach
    void start() throws Exception {
        home = TestHome.create("");
        ran = home.home.resolve("ran");
        // echo writes what it got to a file as well, so a test can tell it never ran.
        Files.writeString(home.home.resolve("brokerd.toml"), "[paths]\nhome = \"" + home.home + "\"\n[runtime]\n"
                + "kind = \"exec\"\n[runtime.exec.echo]\ncommand = [\"/usr/bin/tee\", \"" + ran + "\"]\n"
                + "[runtime.exec.peek]\ncommand = [\"/bin/cat\"]\n[approvals]\ntimeout = \"10m\"\n");
        home.start(Duration.ofSeconds(5));
        home.grant("echo", ASK);
        home.grant("peek", PEEK);
        clients = Executors.newCachedThreadPool();
    }

    @AfterEach
    void stop() throws Exception {
        clients.shutdownNow();
        home.close();
    }

    /** Sends echo in chat-1 and waits until it is on the list as a1. */
    private Future<Message> echoWaiting() throws Exception {
        Future<Message> reply = clients.submit(() -> home.send(TestHome.request("chat-1", "c1", "echo", "{\"text\": \"hi\"}")));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (home.broker.approvals().size() < 1 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(home.broker.approvals().size()).isEqualTo(1);
        return reply;
    }

    private Message approve(String id) throws Exception {
        return SocketClient.call(home.settings.adminSocket(), new BrokerAdmin("approve", id), TestHome.WAIT, TestHome.WAIT, "t");
    }

    private JsonNode lastAuditLine() throws Exception {
        List<String> lines = home.auditText().lines().toList();
        return Json.MAPPER.readTree(lines.get(lines.size() - 1));
    }

    /** The owner's reply, the session's answer, the audit line and the runtime all say it was denied. */
    private void approvingDenies(Future<Message> reply, String why, DataClass taint, String grantSha256) throws Exception {
        assertThat(approve("a1")).isEqualTo(new ErrorReply("a1 was not run: " + why + "; it is denied, and the session is"
                + " told why", null));

        assertThat(reply.get(20, TimeUnit.SECONDS)).isEqualTo(new ToolResponse("c1", Outcome.DENIED,
                "the owner approved this call, but " + why + ", so it is denied", taint, false, "echo"));
        JsonNode line = lastAuditLine();
        assertThat(line.get("call").asText()).isEqualTo("c1");
        assertThat(line.get("decision").asText()).isEqualTo("denied");
        assertThat(line.get("outcome").asText()).isEqualTo("denied");
        assertThat(line.get("grant").asText()).isEqualTo("echo");
        assertThat(line.get("grant_sha256").asText()).isEqualTo(grantSha256);
        assertThat(ran).doesNotExist();
        assertThat(home.broker.approvals().size()).isZero();
        assertThat(approve("a1")).isEqualTo(new ErrorReply("no call \"a1\" is waiting; bxctl approvals lists those that are", null));
    }

    private String echoSha256() {
        return home.broker.grants().current().owners().stream().filter(g -> g.id().equals("echo")).findFirst()
                .orElseThrow().sha256();
    }

    @Test
    void aGrantRemovedWhileTheCallWaitedDeniesIt() throws Exception {
        Future<Message> reply = echoWaiting();
        String sha = echoSha256();

        Files.delete(home.home.resolve("grants/echo.toml"));
        home.broker.grants().check();

        approvingDenies(reply, "grant echo was removed while it waited", DataClass.PRIVATE, sha);
    }

    @Test
    void aGrantWhosePatternsNoLongerMatchDeniesIt() throws Exception {
        Future<Message> reply = echoWaiting();
        String sha = echoSha256();

        home.grant("echo", ASK.replace("hi.*", "bye"));

        approvingDenies(reply, "grant echo was changed while it waited", DataClass.PRIVATE, sha);
    }

    @Test
    void aGrantChangedInAnyOtherWayDeniesItToo() throws Exception {
        Future<Message> reply = echoWaiting();
        String sha = echoSha256();

        // It still allows the call, but not as the grant the owner was asked under (its label, its time).
        home.grant("echo", ASK + "timeout = \"300s\"\n");

        approvingDenies(reply, "grant echo was changed while it waited", DataClass.PRIVATE, sha);
    }

    @Test
    void aTaintRisenAboveTheGrantsMaxTaintDeniesIt() throws Exception {
        Future<Message> reply = echoWaiting();
        String sha = echoSha256();

        // Another call of the same session reads secret data while echo waits.
        assertThat(home.call("chat-1", "peek", "{\"file\": \"keys\"}").dataClass()).isEqualTo(DataClass.SECRET);

        approvingDenies(reply, "the session's class rose to secret while it waited, above grant echo's max_taint private",
                DataClass.SECRET, sha);
    }

    @Test
    void grantsTurnedInvalidDenyIt() throws Exception {
        Future<Message> reply = echoWaiting();
        String sha = echoSha256();

        home.grant("recall", "tool = \"recall\"\nmode = \"auto\"\n");

        approvingDenies(reply, "the grants turned invalid while it waited: grants/recall.toml: the policy of recall, memory and"
                + " ask_memory is built in; remove this grant (runbook grants-invalid)", DataClass.PRIVATE, sha);
    }

    @Test
    void aDenyGrantAddedWhileTheCallWaitedDeniesIt() throws Exception {
        Future<Message> reply = echoWaiting();
        String sha = echoSha256();

        home.grant("zz-stop", "tool = \"echo\"\nmode = \"deny\"\n");

        approvingDenies(reply, "the grants in force now deny it: grant zz-stop denies echo", DataClass.PRIVATE, sha);
    }

    @Test
    void changesThatLeaveItsGrantAllowingItLetItRun() throws Exception {
        Future<Message> reply = echoWaiting();

        home.grant("other", "tool = \"other\"\nmode = \"auto\"\n");
        // A taint that rises but stays within max_taint: private and untrusted.
        home.grant("peek", PEEK.replace("result_class = \"secret\"", "result_class = \"private\"").replace("untrusted = false",
                "untrusted = true"));
        home.call("chat-1", "peek", "{}");

        assertThat(approve("a1")).isEqualTo(new BrokerAdminReply("approved a1; it runs now"));
        assertThat(reply.get(20, TimeUnit.SECONDS)).isEqualTo(
                new ToolResponse("c1", Outcome.OK, "{\"text\":\"hi\"}", DataClass.PUBLIC, false, "echo"));
        assertThat(home.broker.taints().of("chat-1")).isEqualTo(new dev.boxmaker.proto.Label(DataClass.PRIVATE, true));
        assertThat(Files.readString(ran)).isEqualTo("{\"text\":\"hi\"}");
        assertThat(lastAuditLine().get("decision").asText()).isEqualTo("approved");
    }
}
