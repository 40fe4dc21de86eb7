package dev.boxmaker.memoryd.sockets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.index.Logs;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.ClientException;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Ok;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.Reindex;
import dev.boxmaker.proto.wire.msg.Reindexed;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** recall, session_updated, reindex and search through memoryd's real sockets. */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class RecallSocketTests {
    static final Duration WAIT = Duration.ofSeconds(20);
    static final String BROKER = "run/broker-memory/memory.sock";
    static final String LOOP = "run/loop-memory/memory.sock";
    static final String ADMIN = "run/owner-memory/admin.sock";

    static Message call(String socket, Message request) {
        try {
            return SocketClient.call(TempHome.home.resolve(socket), request, WAIT, WAIT, "test");
        } catch (ClientException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    static ToolResponse tool(String tool, String args, boolean untrusted) throws Exception {
        return (ToolResponse) call(BROKER, new MemoryCall(new ToolRequest(SessionId.of("mm-sockettest"), "call_1", tool,
                (ObjectNode) Json.MAPPER.readTree(args)), DataClass.PRIVATE, untrusted));
    }

    @Test
    void aNoteIsRecalledThroughMemoryCall() throws Exception {
        assertThat(tool("memory", "{\"action\": \"note\", \"text\": \"the quokka release moved to March\"}", true).text())
                .isEqualTo("noted (untrusted)");
        await().atMost(WAIT).untilAsserted(() -> {
            ToolResponse r = tool("recall", "{\"query\": \"quokka\"}", false);
            assertThat(r.outcome()).isEqualTo(Outcome.OK);
            assertThat(r.text()).matches("\\[1\\] memory-tainted · note, \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC, "
                    + "session mm-socket… · private\nthe quokka release moved to March");
            assertThat(r.untrusted()).isTrue();
        });
    }

    @Test
    void aSessionUpdatedRecordIsRecalled() throws Exception {
        Logs.append(TempHome.home, "mm-loggedsession", Logs.user("the wombat window moved to Thursday", null));
        assertThat(call(LOOP, new SessionUpdated(SessionId.of("mm-loggedsession"), 1))).isEqualTo(new Ok());
        await().atMost(WAIT).untilAsserted(() -> assertThat(tool("recall", "{\"query\": \"wombat\", \"k\": 1}", false)
                .text()).isEqualTo("[1] memory · session mm-logged…, 2026-09-20 14:02 UTC, the owner said · private\n"
                        + "the wombat window moved to Thursday"));
    }

    @Test
    void aRecallWithAWrongShapeIsRefusedNamingTheField() throws Exception {
        ToolResponse r = tool("recall", "{\"query\": \"x\", \"k\": 11}", false);
        assertThat(r.outcome()).isEqualTo(Outcome.REFUSED);
        assertThat(r.text()).isEqualTo("recall: \"k\" must be a whole number from 1 to 10");
    }

    @Test
    void reindexAnswersWhatItReadAndRecallStillAnswers() throws Exception {
        Logs.append(TempHome.home, "mm-reindexed", Logs.user("the numbat said hello", null));
        Message reply = call(ADMIN, new Reindex());
        assertThat(reply).isInstanceOf(Reindexed.class);
        assertThat(((Reindexed) reply).logs()).isPositive();
        assertThat(tool("recall", "{\"query\": \"numbat\"}", false).text()).contains("the numbat said hello");
        Path index = TempHome.home.resolve("index");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(index))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(index.resolve("memory.sqlite3"))))
                .isEqualTo("rw-------");
    }

    @Test
    void theOwnersSearchShowsTheHits() throws Exception {
        Logs.append(TempHome.home, "mm-searched", Logs.user("the bilby burrow", null));
        call(LOOP, new SessionUpdated(SessionId.of("mm-searched"), 1));
        await().atMost(WAIT).untilAsserted(() -> assertThat(
                ((MemoryAdminReply) call(ADMIN, new MemoryAdmin("search", "{\"query\": \"bilby\", \"k\": 1}"))).text())
                .isEqualTo("[1] memory · session mm-search…, 2026-09-20 14:02 UTC, the owner said · private\n"
                        + "the bilby burrow"));
        assertThat(call(ADMIN, new MemoryAdmin("search", "{\"query\": \"\"}")))
                .isEqualTo(new ErrorReply("recall: \"query\" must be a string of 1 to 500 characters", null));
    }
}
