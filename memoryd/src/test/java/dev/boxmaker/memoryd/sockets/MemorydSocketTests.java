package dev.boxmaker.memoryd.sockets;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.ClientException;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import dev.boxmaker.proto.wire.msg.MemoryBlockReply;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Ok;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.Reindex;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** memoryd started by Quarkus, reached through its real sockets. */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class MemorydSocketTests {
    static final Duration WAIT = Duration.ofSeconds(10);

    static Message call(String socket, Message request) {
        try {
            return SocketClient.call(TempHome.home.resolve(socket), request, WAIT, WAIT, "test");
        } catch (ClientException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    @Test
    void theBlockOfAFreshHomeIsTheStarterSoulAndTwoEmptyFiles() throws Exception {
        String soul = new String(getClass().getClassLoader().getResourceAsStream("boxmaker/soul.md").readAllBytes(),
                StandardCharsets.UTF_8);
        Message reply = call("run/loop-memory/memory.sock", new MemoryBlock());
        assertThat(reply).isEqualTo(new MemoryBlockReply("# soul.md\n" + soul.stripTrailing()
                + "\n\n# memory.md (0 of 2,200 characters)\n(empty)\n\n# user.md (0 of 1,375 characters)\n(empty)"));
    }

    @Test
    void theOwnersShowIsTheSameBlock() {
        Message block = call("run/loop-memory/memory.sock", new MemoryBlock());
        Message shown = call("run/owner-memory/admin.sock", new MemoryAdmin("show", ""));
        assertThat(((MemoryAdminReply) shown).text()).isEqualTo(((MemoryBlockReply) block).text());
    }

    @Test
    void theHomeIsLaidOutPrivately() throws Exception {
        Path memory = TempHome.home.resolve("memory");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(memory))).isEqualTo("rwx------");
        for (String name : new String[] {"soul.md", "memory.md", "user.md", "notes.md"}) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(memory.resolve(name))))
                    .as(name).isEqualTo("rw-------");
        }
        assertThat(Files.size(memory.resolve("memory.md"))).isZero();
        for (String socket : new String[] {"run/loop-memory/memory.sock", "run/broker-memory/memory.sock",
                "run/owner-memory/admin.sock"}) {
            Path path = TempHome.home.resolve(socket);
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(path))).as(socket).isEqualTo("rw-------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(path.getParent()))).as(socket)
                    .isEqualTo("rwx------");
        }
    }

    @Test
    void aKindServedOnAnotherSocketIsRefused() {
        assertThat(call("run/broker-memory/memory.sock", new MemoryBlock()))
                .isEqualTo(new ErrorReply("this socket does not serve \"memory_block\"", null));
        assertThat(call("run/loop-memory/memory.sock", new Reindex()))
                .isEqualTo(new ErrorReply("this socket does not serve \"reindex\"", null));
    }

    @Test
    void anUnknownOwnerCommandIsRefused() {
        assertThat(call("run/owner-memory/admin.sock", new MemoryAdmin("shwo", "")))
                .isEqualTo(new ErrorReply("unknown command \"shwo\"; the commands are log, undo, pending, "
                        + "accept, reject, show, search, sync", null));
    }

    /** Without [honcho]: one fixed sentence, no ledger file, and no Honcho thread in this JVM. */
    @Test
    void syncWithoutHonchoSaysFleetMemoryIsNotConfiguredAndNothingOfItRuns() throws Exception {
        // A memory write and a finished turn: with [honcho] each would be decided in the ledger.
        ToolResponse noted = (ToolResponse) call("run/broker-memory/memory.sock", new MemoryCall(new ToolRequest(
                SessionId.of("mm-nohoncho"), "call_1", "memory", (ObjectNode) Json.MAPPER.readTree(
                        "{\"action\": \"note\", \"text\": \"saw a heron\"}")), DataClass.PRIVATE, false));
        assertThat(noted.outcome()).isEqualTo(Outcome.OK);
        assertThat(call("run/loop-memory/memory.sock", new SessionUpdated(SessionId.of("mm-nohoncho"), 1)))
                .isEqualTo(new Ok());
        assertThat(call("run/owner-memory/admin.sock", new MemoryAdmin("sync", ""))).isEqualTo(new MemoryAdminReply(
                "fleet memory is not configured: memoryd.toml has no [honcho] section, so nothing is synced to Honcho"));
        assertThat(call("run/owner-memory/admin.sock", new MemoryAdmin("sync", "json"))).isEqualTo(new MemoryAdminReply(
                "{\"configured\":false,\"message\":\"fleet memory is not configured: memoryd.toml has no [honcho]"
                        + " section, so nothing is synced to Honcho\"}"));
        assertThat(call("run/owner-memory/admin.sock", new MemoryAdmin("sync", "all"))).isEqualTo(
                new ErrorReply("sync takes no argument but json; it was given \"all\"", null));
        assertThat(TempHome.home.resolve("memory/honcho.jsonl")).doesNotExist();
        assertThat(Thread.getAllStackTraces().keySet().stream().map(Thread::getName))
                .doesNotContain("memoryd-honcho-worker-1", "memoryd-honcho-decide-1");
    }

    @Test
    void reindexProgressIsEmptyWhenNoReindexRuns() {
        assertThat(call("run/owner-memory/admin.sock", new MemoryAdmin("reindex-progress", "")))
                .isEqualTo(new MemoryAdminReply(""));
    }

    private static ToolResponse note(String session, String text) {
        ObjectNode args = Json.MAPPER.createObjectNode().put("action", "note").put("text", text);
        return (ToolResponse) call("run/broker-memory/memory.sock", new MemoryCall(new ToolRequest(SessionId.of(session),
                "call_1", "memory", args), DataClass.PRIVATE, false));
    }

    /**
     * A session flooding notes is refused past its limit, with the sentence, and writes nothing more;
     * another session, and the owner, go on as before.
     */
    @Test
    void aSessionFloodingNotesIsRefusedPastItsLimitWhileOthersAndTheOwnerGoOn() throws Exception {
        for (int i = 1; i <= SessionWriteLimit.SESSION_WRITES_PER_MINUTE_MAX; i++) {
            assertThat(note("chat-flood", "flood " + i).text()).as("note %d", i).isEqualTo("noted");
        }
        long notes = Files.size(TempHome.home.resolve("memory/notes.md"));
        ToolResponse refused = note("chat-flood", "one too many");
        assertThat(refused.outcome()).isEqualTo(Outcome.REFUSED);
        assertThat(refused.text()).isEqualTo("this session has made 60 memory calls in the last 60 seconds, the most one "
                + "session may; nothing was written; wait before the next call, and put more in each note instead of "
                + "many small ones");
        assertThat(Files.size(TempHome.home.resolve("memory/notes.md"))).isEqualTo(notes);
        assertThat(note("chat-calm", "a calm note").text()).isEqualTo("noted");
        assertThat(((MemoryAdminReply) call("run/owner-memory/admin.sock", new MemoryAdmin("log", "1"))).text())
                .contains("chat-calm").contains("a calm note");
    }
}
