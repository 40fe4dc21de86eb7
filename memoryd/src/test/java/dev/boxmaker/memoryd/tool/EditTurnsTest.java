package dev.boxmaker.memoryd.tool;

import static dev.boxmaker.memoryd.tool.OwnerJsonAnswersTest.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.admin.AdminRouter;
import dev.boxmaker.memoryd.ask.AskMemory;
import dev.boxmaker.memoryd.sockets.MemoryCallHandler;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.SessionLogWriter;
import dev.boxmaker.proto.log.SessionLogs;
import dev.boxmaker.proto.log.ToolCall;
import dev.boxmaker.proto.log.ToolResultRecord;
import dev.boxmaker.proto.log.UserRecord;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each edit and waiting write keeps the session's turn its {@code memory} call came in, read from the
 * session's log ({@link CallTurns}) when memoryd's {@code memory_call} handler takes the call, and
 * {@code bxctl memory log|pending --json} print it as {@code turn}: parsed with Jackson, the values
 * asserted exactly.
 */
class EditTurnsTest {
    static final ObjectMapper READ = OwnerJsonAnswersTest.READ;
    static final SessionId S = SessionId.of("mm-turns");
    static final Instant T = Instant.parse("2026-09-24T21:02:11Z");

    @TempDir
    Path home;

    /** A session in its turn 3 (the fourth), which has called a tool whose long result is logged. */
    void sessionInTurnThree() throws Exception {
        try (SessionLogWriter log = SessionLogWriter.open(home, S)) {
            for (long turn = 0; turn <= 3; turn++) {
                log.append(new UserRecord(T, turn, "turn " + turn, null));
                if (turn < 3) {
                    log.append(new AssistantRecord(T, turn, "done " + turn, null, List.of()));
                }
            }
            log.append(new AssistantRecord(T, 3, null, null, List.of(new ToolCall("call_6", "clock", "{}"),
                    new ToolCall("call_7", "memory", "{}"))));
            // Longer than one step of the scan back, so the line's start is found a step before its end.
            log.append(new ToolResultRecord(T, 3, "call_6", "clock", Outcome.OK, "x".repeat(200_000),
                    DataClass.PUBLIC, false));
        }
    }

    MemoryStore store(boolean review) throws Exception {
        return new MemoryStore(home.resolve("memory"), text -> java.util.Optional.empty(),
                Clock.fixed(T, ZoneOffset.UTC), review);
    }

    static ToolResponse call(MemoryCallHandler handler, String callId, String args) throws Exception {
        ObjectNode node = (ObjectNode) READ.readTree(args);
        return (ToolResponse) handler.handle(new MemoryCall(new ToolRequest(S, callId, "memory", node),
                DataClass.PRIVATE, false));
    }

    MemoryCallHandler handler(MemoryStore store) {
        return new MemoryCallHandler(store, null, AskMemory.notConfigured(), new CallTurns(home));
    }

    @Test
    void anEditMadeInTurnThreeSaysThreeAndTheOwnersUndoSaysNull() throws Exception {
        sessionInTurnThree();
        MemoryStore store = store(false);
        MemoryCallHandler handler = handler(store);
        assertThat(call(handler, "call_7", "{\"action\":\"add\",\"file\":\"memory\",\"text\":\"likes tea\"}")
                .outcome()).isEqualTo(Outcome.OK);
        assertThat(call(handler, "call_8", "{\"action\":\"note\",\"text\":\"saw a heron\"}").outcome())
                .isEqualTo(Outcome.OK);
        AdminRouter router = AdminRouter.ofStore(store);
        assertThat(router.runJson("undo", "2026-09-24-0001").ok()).isTrue();

        JsonNode edits = json(router, "log", "").get("edits");
        assertThat(edits).hasSize(3);
        assertThat(edits.get(2).get("call").asText()).isEqualTo("call_7");
        assertThat(edits.get(2).get("turn").isIntegralNumber()).isTrue();
        assertThat(edits.get(2).get("turn").asLong()).isEqualTo(3);
        assertThat(edits.get(1).get("call").asText()).isEqualTo("call_8");
        assertThat(edits.get(1).get("turn").asLong()).isEqualTo(3);
        assertThat(edits.get(0).get("action").asText()).isEqualTo("undo");
        assertThat(edits.get(0).get("session").asText()).isEqualTo("owner");
        assertThat(edits.get(0).has("turn")).isTrue();
        assertThat(edits.get(0).get("turn").isNull()).isTrue();
        // The journal keeps the turn: a restarted store lists it the same.
        assertThat(json(AdminRouter.ofStore(store(false)), "log", "").get("edits").get(2).get("turn").asLong())
                .isEqualTo(3);
    }

    @Test
    void aWaitingWriteSaysItsTurnAndItsAcceptAndRejectKeepIt() throws Exception {
        sessionInTurnThree();
        MemoryStore store = store(true);
        MemoryCallHandler handler = handler(store);
        call(handler, "call_7", "{\"action\":\"add\",\"file\":\"memory\",\"text\":\"likes tea\"}");
        call(handler, "call_8", "{\"action\":\"add\",\"file\":\"user\",\"text\":\"is called Kim\"}");
        AdminRouter router = AdminRouter.ofStore(store);

        JsonNode pending = json(router, "pending", "").get("pending");
        assertThat(pending).hasSize(2);
        assertThat(pending.get(0).get("call").asText()).isEqualTo("call_7");
        assertThat(pending.get(0).get("turn").asLong()).isEqualTo(3);
        assertThat(pending.get(1).get("turn").asLong()).isEqualTo(3);

        json(router, "accept", "2026-09-24-0001");
        json(router, "reject", "2026-09-24-0002");
        JsonNode edits = json(router, "log", "").get("edits");
        assertThat(edits.get(1).get("pending").asText()).isEqualTo("2026-09-24-0001");
        assertThat(edits.get(1).get("turn").asLong()).isEqualTo(3);
        assertThat(edits.get(0).get("action").asText()).isEqualTo("reject");
        assertThat(edits.get(0).get("turn").asLong()).isEqualTo(3);
    }

    @Test
    void withoutALogOrAWholeLineTheTurnIsNull() throws Exception {
        MemoryStore store = store(false);
        MemoryCallHandler handler = handler(store);
        call(handler, "call_1", "{\"action\":\"note\",\"text\":\"no log yet\"}");
        Files.createDirectories(SessionLogs.dir(home, S));
        Files.writeString(SessionLogs.file(home, S), "{\"type\":\"user\",\"time\":\"2026-09-24T21:02:11Z\",\"turn\":4");
        call(handler, "call_2", "{\"action\":\"note\",\"text\":\"only an unfinished line\"}");
        AdminRouter router = AdminRouter.ofStore(store);
        JsonNode edits = json(router, "log", "").get("edits");
        assertThat(edits.get(1).get("turn").isNull()).isTrue();
        assertThat(edits.get(0).get("turn").isNull()).isTrue();
    }

    @Test
    void anUnfinishedLastLineIsPassedOverForTheWholeOneBeforeIt() throws Exception {
        sessionInTurnThree();
        Files.writeString(SessionLogs.file(home, S), "{\"type\":\"user\",\"time\":\"2026-09-24T21:02:11Z\",\"tu",
                StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        assertThat(new CallTurns(home).of(S)).isEqualTo(3L);
        assertThat(CallTurns.NONE.of(S)).isNull();
        assertThat(new CallTurns(home).of(SessionId.of("mm-nolog"))).isNull();
    }

    @Test
    void aTurnPastTheLinesHeadIsNotKnown() throws Exception {
        Files.createDirectories(SessionLogs.dir(home, S));
        String pad = "p".repeat(CallTurns.HEAD_BYTES_MAX);
        Files.writeString(SessionLogs.file(home, S), "{\"type\":\"user\",\"pad\":\"" + pad + "\",\"turn\":5}\n");
        assertThat(new CallTurns(home).of(S)).isNull();
        Files.writeString(SessionLogs.file(home, S), "{\"type\":\"user\",\"pad\":{\"turn\":9},\"turn\":5}\n");
        assertThat(new CallTurns(home).of(S)).isEqualTo(5L);
    }

    @Test
    void aJournalLineWithoutATurnReadsBackWithTurnNull() throws Exception {
        Path edits = home.resolve("memory/edits");
        Files.createDirectories(edits);
        // A line as the journal wrote it before edits kept their turn.
        Files.writeString(edits.resolve("2026-09.jsonl"), "{\"id\":\"2026-09-24-0001\",\"time\":\"2026-09-24T21:02:11Z\","
                + "\"session\":\"mm-turns\",\"call\":\"call_1\",\"action\":\"note\",\"file\":null,\"to\":\"notes.md\","
                + "\"before\":[],\"after\":[\"old note\"],\"moved\":[],\"dropped\":[],\"untrusted\":false,"
                + "\"class\":\"private\",\"undoes\":null,\"pending\":null}\n");
        Files.writeString(edits.resolve("finished"), "2026-09-24-0001\n");
        JsonNode edit = json(AdminRouter.ofStore(store(false)), "log", "").get("edits").get(0);
        assertThat(edit.get("call").asText()).isEqualTo("call_1");
        assertThat(edit.has("turn")).isTrue();
        assertThat(edit.get("turn").isNull()).isTrue();
    }
}
