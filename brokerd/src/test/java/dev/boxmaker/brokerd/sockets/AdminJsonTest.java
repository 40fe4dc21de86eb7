package dev.boxmaker.brokerd.sockets;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxmaker.brokerd.TestHome;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.BrokerAdminReply;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code broker_admin} with {@code format} json, as {@code bxctl grants|approvals|audit|approve|deny --json}
 * prints it: each parsed with Jackson, its fields and values asserted.
 */
class AdminJsonTest {
    static final ObjectMapper READ = new ObjectMapper();
    static final String ASK = "tool = \"echo\"\nmode = \"ask\"\nmax_taint = \"private\"\nhosts = [\"example.org\"]\n";

    private TestHome home;
    private ExecutorService clients;

    @BeforeEach
    void start() throws Exception {
        home = TestHome.create("[runtime]\nkind = \"exec\"\n[runtime.exec.echo]\ncommand = [\"/bin/cat\"]\n"
                + "[approvals]\ntimeout = \"10m\"\n").start(Duration.ofSeconds(5));
        clients = Executors.newCachedThreadPool();
    }

    @AfterEach
    void stop() throws Exception {
        clients.shutdownNow();
        home.close();
    }

    private Message ask(String command, String arg) throws Exception {
        return SocketClient.call(home.settings.adminSocket(), new BrokerAdmin(command, arg, BrokerAdmin.JSON),
                TestHome.WAIT, TestHome.WAIT, "test");
    }

    private JsonNode json(String command, String arg) throws Exception {
        Message reply = ask(command, arg);
        assertThat(reply).isInstanceOf(BrokerAdminReply.class);
        return READ.readTree(((BrokerAdminReply) reply).text());
    }

    private Future<Message> callLater(String call, String argsJson) {
        return clients.submit(() -> home.send(TestHome.request("chat-1", call, "echo", argsJson)));
    }

    @Test
    void grantsAreRecordsWithTheirFields() throws Exception {
        home.grant("echo", ASK);
        JsonNode doc = json("grants", "");
        assertThat(doc.get("valid").asBoolean()).isTrue();
        assertThat(doc.get("problem").isNull()).isTrue();
        assertThat(doc.get("grants")).hasSize(4);
        JsonNode builtin = doc.get("grants").get(0);
        assertThat(builtin.get("id").asText()).isEqualTo("builtin-recall");
        assertThat(builtin.get("built_in").asBoolean()).isTrue();
        assertThat(builtin.get("file").isNull()).isTrue();
        assertThat(builtin.get("timeout_seconds").asLong()).isEqualTo(30);
        JsonNode echo = doc.get("grants").get(3);
        assertThat(echo.get("id").asText()).isEqualTo("echo");
        assertThat(echo.get("tool").asText()).isEqualTo("echo");
        assertThat(echo.get("mode").asText()).isEqualTo("ask");
        assertThat(echo.get("max_taint").asText()).isEqualTo("private");
        assertThat(echo.get("result_class").asText()).isEqualTo("private");
        assertThat(echo.get("untrusted").asBoolean()).isTrue();
        assertThat(echo.get("built_in").asBoolean()).isFalse();
        assertThat(echo.get("file").asText()).isEqualTo("grants/echo.toml");
        assertThat(echo.get("sha256").asText()).matches("[0-9a-f]{64}");
        assertThat(echo.get("hosts").get(0).asText()).isEqualTo("example.org");
    }

    @Test
    void approvalsGiveEachWaitingCallWithItsArgumentsWholeAndApproveAndDenyTheirOutcome() throws Exception {
        home.grant("echo", ASK);
        String text = "x".repeat(400) + "\u0001\u200B<system>";
        Future<Message> first = callLater("c1", READ.createObjectNode().put("url", "https://example.org/")
                .put("text", text).toString());
        home.awaitWaiting(1);
        Future<Message> second = callLater("c2", "{\"url\": \"https://example.org/2\"}");
        home.awaitWaiting(2);

        JsonNode list = json("approvals", "").get("approvals");
        assertThat(list).hasSize(2);
        JsonNode a1 = list.get(0);
        assertThat(a1.get("id").asText()).isEqualTo("a1");
        assertThat(a1.get("session").asText()).isEqualTo("chat-1");
        assertThat(a1.get("call").asText()).isEqualTo("c1");
        assertThat(a1.get("tool").asText()).isEqualTo("echo");
        assertThat(a1.get("grant").asText()).isEqualTo("echo");
        assertThat(a1.get("arguments").get("text").asText()).isEqualTo(text);
        assertThat(a1.get("since").asText()).matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z");
        assertThat(a1.get("waiting_seconds").asLong()).isGreaterThanOrEqualTo(0);
        assertThat(json("approvals", "a2").get("call").asText()).isEqualTo("c2");

        JsonNode approved = json("approve", "a1");
        assertThat(approved.get("outcome").asText()).isEqualTo("approved");
        assertThat(approved.get("id").asText()).isEqualTo("a1");
        assertThat(approved.get("message").asText()).isEqualTo("approved a1; it runs now");
        assertThat(((ToolResponse) first.get(20, TimeUnit.SECONDS)).outcome().wire()).isEqualTo("ok");
        JsonNode denied = json("deny", "a2");
        assertThat(denied.get("outcome").asText()).isEqualTo("denied");
        assertThat(denied.get("message").asText()).isEqualTo("denied a2");
        assertThat(((ToolResponse) second.get(20, TimeUnit.SECONDS)).outcome().wire()).isEqualTo("denied");
        assertThat(json("approvals", "").get("approvals")).isEmpty();
        // A refusal stays an error frame: bxctl prints it as {"error", "runbook"}.
        assertThat(ask("approve", "a9")).isInstanceOf(ErrorReply.class);
    }

    @Test
    void auditGivesEachLineAsItsFields() throws Exception {
        assertThat(json("audit", "").get("lines")).isEmpty();
        home.call("chat-1", "shell", "{\"cmd\": \"hunter2\"}");
        JsonNode lines = json("audit", "5").get("lines");
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0).get("session").asText()).isEqualTo("chat-1");
        assertThat(lines.get(0).get("tool").asText()).isEqualTo("shell");
        assertThat(lines.get(0).get("decision").asText()).isEqualTo("denied");
        assertThat(lines.get(0).get("args_sha256").asText()).matches("[0-9a-f]{64}");
        assertThat(lines.toString()).doesNotContain("hunter2");
        JsonNode sessions = json("sessions", "").get("sessions");
        assertThat(sessions).hasSize(1);
        assertThat(sessions.get(0).get("session").asText()).isEqualTo("chat-1");
        assertThat(sessions.get(0).get("class").asText()).isEqualTo("private");
        assertThat(sessions.get(0).get("untrusted").asBoolean()).isFalse();
    }
}
