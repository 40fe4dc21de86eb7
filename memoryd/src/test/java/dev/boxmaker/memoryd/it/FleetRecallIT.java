package dev.boxmaker.memoryd.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionStateReply;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two packaged memoryd daemons, boxmaker0 and boxmaker1, against one fake Honcho (the M5c spec,
 * section 13, M5c-2 on the device): a note boxmaker1 writes from a session that read untrusted content
 * goes to the fleet, and boxmaker0's recall finds it, tagged memory-tainted with boxmaker1's name,
 * labelled untrusted, so brokerd taints the reading session.
 */
class FleetRecallIT {
    static final Duration WAIT = Duration.ofSeconds(10);
    static final String FLEET = "bx-fleet";

    @TempDir
    Path dir;
    FakeHoncho fake;
    RunningServer brokerA;
    RunningServer brokerB;

    @BeforeEach
    void fakes() {
        fake = FakeHoncho.start();
        Handler<SessionState> untrusted = r -> new SessionStateReply(DataClass.PRIVATE, true);
        brokerA = RunningServer.start(dir.resolve("a/run/memory-broker/state.sock"), Map.of(SessionState.KIND, untrusted),
                WAIT);
        brokerB = RunningServer.start(dir.resolve("b/run/memory-broker/state.sock"), Map.of(SessionState.KIND, untrusted),
                WAIT);
    }

    @AfterEach
    void close() throws Exception {
        brokerA.close();
        brokerB.close();
        fake.close();
    }

    MemorydProcess serve(String home, String agent) throws Exception {
        Path h = dir.resolve(home);
        Files.createDirectories(h);
        Path config = h.resolve("memoryd.toml");
        Files.writeString(config, "[paths]\nhome = \"" + h + "\"\n[honcho]\nurl = \"" + fake.url() + "\"\n"
                + "agent = \"" + agent + "\"\nowner = \"kyle\"\ntrusted = \"" + agent + "-trusted\"\n"
                + "untrusted = \"" + agent + "-untrusted\"\nfleet = \"" + FLEET + "\"\n");
        MemorydProcess memoryd = MemorydProcess.launch(h, "serve", "--config", config.toString());
        return MemorydProcess.awaitServing(memoryd, h);
    }

    Message call(String home, String socket, Message request) throws Exception {
        return SocketClient.call(dir.resolve(home).resolve(socket), request, WAIT, WAIT, "test");
    }

    ToolResponse tool(String home, String session, boolean untrusted, String tool, String args) throws Exception {
        return (ToolResponse) call(home, "run/broker-memory/memory.sock", new MemoryCall(new ToolRequest(
                SessionId.of(session), "call_1", tool, (ObjectNode) Json.MAPPER.readTree(args)), DataClass.PRIVATE,
                untrusted));
    }

    @Test
    void aNoteTheSecondAgentWroteAfterReadingAPageIsFoundByTheFirstsRecallTaintedWithItsName() throws Exception {
        try (MemorydProcess a = serve("a", "boxmaker0"); MemorydProcess b = serve("b", "boxmaker1")) {
            ToolResponse noted = tool("b", "mm-web", true, "memory",
                    "{\"action\": \"note\", \"text\": \"the heron count at the weir is 7\"}");
            assertThat(noted.outcome()).isEqualTo(Outcome.OK);
            Awaitility.await().atMost(WAIT).until(() -> ((MemoryAdminReply) call("b", "run/owner-memory/admin.sock",
                    new MemoryAdmin("sync", ""))).text().contains(FLEET + " (fleet): 1 sent"));
            JsonNode message = fake.requests().stream()
                    .filter(r -> r.path().startsWith("/v3/workspaces/" + FLEET + "/sessions/")
                            && r.path().endsWith("/messages"))
                    .map(r -> r.path().split("/")[5]).findFirst()
                    .map(session -> fake.messages(FLEET, session).get(0)).orElseThrow();
            String minute = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm 'UTC'").format(
                    OffsetDateTime.parse(message.get("created_at").asText()).withOffsetSameInstant(ZoneOffset.UTC));

            ToolResponse found = tool("a", "mm-reader", false, "recall", "{\"query\": \"heron weir\", \"k\": 5}");

            assertThat(found.outcome()).isEqualTo(Outcome.OK);
            assertThat(found.text()).isEqualTo("[1] memory-tainted · fleet, boxmaker1 noted, " + minute + " · private\n"
                    + "the heron count at the weir is 7");
            // The label brokerd taints the reading session by.
            assertThat(found.untrusted()).isTrue();
            assertThat(found.dataClass()).isEqualTo(DataClass.PRIVATE);
            // boxmaker1 does not find its own note twice: the fleet copy of its own note is left out.
            ToolResponse own = tool("b", "mm-own", false, "recall", "{\"query\": \"heron weir\", \"k\": 5}");
            assertThat(own.text()).doesNotContain("fleet,");
            assertThat(List.of(a.terminate(), b.terminate())).containsOnly(MemorydProcess.SIGTERM_EXIT);
        }
    }
}
