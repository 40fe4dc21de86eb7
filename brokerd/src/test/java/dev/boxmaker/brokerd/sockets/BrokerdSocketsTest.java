package dev.boxmaker.brokerd.sockets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.boxmaker.brokerd.TestHome;
import dev.boxmaker.brokerd.audit.AuditLog;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.BrokerStats;
import dev.boxmaker.proto.wire.msg.BrokerStatsReply;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** brokerd's three sockets in this JVM: the owner's commands and stats, an invalid grants folder and its fix. */
class BrokerdSocketsTest {
    static final Duration STATS_WAIT = Duration.ofSeconds(10);

    private TestHome home;

    @BeforeEach
    void start() throws Exception {
        home = TestHome.create("").start(Duration.ofSeconds(2));
    }

    @AfterEach
    void stop() throws Exception {
        home.close();
    }

    @Test
    void anInvalidFileDeniesEveryCallUntilTheWatcherSeesTheFix() throws Exception {
        Files.writeString(home.home.resolve("grants/fetch.toml"), "tool = \"recall\"\nmode = \"auto\"\n");
        String denied = "the grants are invalid, so every call is denied until the owner fixes them: grants/fetch.toml:"
                + " the policy of recall, memory and ask_memory is built in; remove this grant (runbook grants-invalid)";
        // The poll, not a test hook, picks the change up.
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(home.call("chat-1", "recall", "{\"query\": \"q\"}")).isEqualTo(
                        new ToolResponse("c1", Outcome.DENIED, denied, DataClass.PRIVATE, false, null)));
        assertThat(home.call("chat-1", "memory", "{\"action\": \"note\", \"text\": \"x\"}").text()).isEqualTo(denied);
        assertThat(home.admin("grants", "")).startsWith(denied + "\nbuiltin-recall  recall  auto");

        Files.writeString(home.home.resolve("grants/fetch.toml"), "tool = \"fetch\"\nmode = \"deny\"\n");

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(home.call("chat-1", "recall", "{\"query\": \"q\"}").text()).isEqualTo(
                        "memoryd did not answer in 30 seconds; memory calls fail until it is back (runbook memoryd-unreachable)"));
        assertThat(home.call("chat-1", "fetch", "{}").text()).isEqualTo("grant fetch denies fetch");
    }

    @Test
    void theGrantsCommandListsTheBuiltInsAndTheOwners() throws Exception {
        home.grant("fetch", "tool = \"fetch\"\nmode = \"ask\"\nhosts = [\"example.org\"]\n");

        String[] lines = home.admin("grants", "").split("\n");

        assertThat(lines).hasSize(4);
        assertThat(lines[0]).startsWith("builtin-recall  recall  auto  max_taint secret  result private trusted  timeout 30s  (built in)  sha256 ");
        assertThat(lines[1]).startsWith("builtin-memory  memory  auto  max_taint secret  result private trusted");
        assertThat(lines[2]).startsWith("builtin-ask_memory  ask_memory  auto  max_taint secret  result private trusted"
                + "  timeout 170s  (built in)  sha256 ");
        assertThat(lines[3]).startsWith("fetch  fetch  ask  max_taint private  result private untrusted  timeout 30s  sha256 ");
    }

    @Test
    void theAuditAndSessionsCommandsShowWhatHappened() throws Exception {
        assertThat(home.admin("sessions", "")).isEqualTo("(no sessions yet)");
        assertThat(home.admin("audit", "")).isEqualTo("(no audit lines this month)");
        home.call("chat-1", "shell", "{\"cmd\": \"hunter2\"}");

        assertThat(home.admin("sessions", "")).isEqualTo("chat-1  private trusted");
        assertThat(home.admin("audit", "5")).contains("\"session\":\"chat-1\"", "\"decision\":\"denied\"").doesNotContain("hunter2");
        assertThat(home.admin("audit", "1001")).contains("the count must be a whole number from 1 to 1,000");
        assertThat(home.admin("audit", "0")).contains("the count must be a whole number from 1 to 1,000");
    }

    @Test
    void anUnknownCommandIsRefusedNamingTheCommands() throws Exception {
        assertThat(SocketClient.call(home.settings.adminSocket(), new BrokerAdmin("reload", ""), TestHome.WAIT, TestHome.WAIT, "t"))
                .isEqualTo(new ErrorReply("unknown command \"reload\"; the commands are approvals, approve, deny, grants,"
                        + " audit and sessions", null));
    }

    @Test
    void aWrongShapeIsRefusedBeforeAnythingRunsAndLogged() throws Exception {
        ToolResponse response = home.call("chat-1", "recall", "{\"query\": \"\"}");

        assertThat(response).isEqualTo(new ToolResponse("c1", Outcome.REFUSED,
                "recall: \"query\" must be a string of 1 to 500 characters", DataClass.PRIVATE, false, null));
        assertThat(home.auditText()).contains("\"tool\":\"recall\"", "\"decision\":\"denied\"", "\"outcome\":\"refused\"");
    }

    @Test
    void argumentsTooLongForAGrantsPatternAreDeniedAndLogged() throws Exception {
        // The usual regex for a JSON string: a repeated alternation, which java.util.regex matches
        // by recursion, one frame per character.
        home.grant("echo", "tool = \"echo\"\nmode = \"auto\"\npatterns = ['\\{\"text\":\"(?:[^\"\\\\]|\\\\.)*\"\\}']\n");
        // The first call runs under the grant (untrusted by default), so the session is untrusted after it.
        assertThat(home.call("chat-1", "echo", "{\"text\": \"short\"}").text())
                .isEqualTo("no tool runtime is configured; echo cannot run");

        ToolResponse response = home.call("chat-1", "echo", "{\"text\": \"" + "a".repeat(100_000) + "\"}");

        assertThat(response).isEqualTo(new ToolResponse("c1", Outcome.DENIED, "the arguments are too long for grant echo's"
                + " patterns to be checked, so echo is denied; shorten them", DataClass.PRIVATE, true, "echo"));
        assertThat(home.auditText().lines().toList()).hasSize(2).last().asString()
                .contains("\"grant\":\"echo\"", "\"decision\":\"denied\"", "\"outcome\":\"denied\"");
    }

    @Test
    void aCallThatRanButCouldNotBeAuditedSaysSoAndIsNotAnsweredAsUnchanged() throws Exception {
        home.grant("echo", "tool = \"echo\"\nmode = \"auto\"\n");
        // This month's file cannot be appended to, as on a full disk.
        Files.createDirectories(home.home.resolve("audit").resolve(AuditLog.fileFor(Instant.now())));

        Message reply = home.send(TestHome.request("chat-1", "c1", "echo", "{}"));

        assertThat(reply).isEqualTo(new ErrorReply("echo was run, but brokerd could not write its audit line, so its answer"
                + " is withheld; do not run it again before the owner has read brokerd's log", null));
    }

    @Test
    void theSocketsAndTheAuditLogArePrivate() throws Exception {
        home.call("chat-1", "shell", "{}");
        for (var path : new java.nio.file.Path[] {home.settings.loopSocket(), home.settings.adminSocket(), home.settings.stateSocket()}) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(path))).isEqualTo("rw-------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(path.getParent()))).isEqualTo("rwx------");
        }
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(home.home.resolve("audit")))).isEqualTo("rwx------");
    }

    @Test
    void theStatsCountTheSessionsAndSayWhetherTheGrantsAreValid() throws Exception {
        assertThat(figures(stats())).isEqualTo("sessions 0, approvals 0, grants valid");

        home.call("chat-1", "shell", "{}");
        home.call("chat-2", "shell", "{}");
        assertThat(figures(stats())).isEqualTo("sessions 2, approvals 0, grants valid");

        Files.writeString(home.home.resolve("grants/fetch.toml"), "tool = \"recall\"\nmode = \"auto\"\n");
        await().atMost(STATS_WAIT).untilAsserted(() -> assertThat(figures(stats())).isEqualTo("sessions 2, approvals 0, grants "
                + "grants/fetch.toml: the policy of recall, memory and ask_memory is built in; remove this grant"));
        BrokerStatsReply reply = stats();
        assertThat(reply.version()).isEqualTo("unknown");
        assertThat(reply.residentBytes()).isPositive();
        assertThat(reply.uptimeSeconds()).isNotNegative();
    }

    private BrokerStatsReply stats() throws Exception {
        return (BrokerStatsReply) SocketClient.call(home.settings.adminSocket(), new BrokerStats(), STATS_WAIT, STATS_WAIT, "test");
    }

    private static String figures(BrokerStatsReply r) {
        return "sessions " + r.sessions() + ", approvals " + r.approvalsWaiting() + ", grants "
                + (r.grantsProblem() == null ? "valid" : r.grantsProblem());
    }
}
