package dev.boxmaker.memoryd.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the owner does by hand to memory files while memoryd is stopped stays done when it starts
 * again: a finished edit is never replayed (docs/decisions.md, "Crash safety").
 */
class OwnersEditsSurviveRestartIT {
    static final Duration WAIT = Duration.ofSeconds(10);
    static final SessionId SESSION = SessionId.of("chat-owner");

    @TempDir
    Path home;

    private void call(ObjectNode args) throws Exception {
        ToolResponse reply = (ToolResponse) SocketClient.call(home.resolve("run/broker-memory/memory.sock"),
                new MemoryCall(new ToolRequest(SESSION, "call_1", "memory", args), DataClass.PRIVATE, false),
                WAIT, WAIT, "t");
        assertThat(reply.outcome()).as(reply.text()).isEqualTo(Outcome.OK);
    }

    private String read(String name) throws Exception {
        return Files.readString(home.resolve("memory").resolve(name), StandardCharsets.UTF_8);
    }

    private void write(String name, String text) throws Exception {
        Files.writeString(home.resolve("memory").resolve(name), text, StandardCharsets.UTF_8);
    }

    @Test
    void aDeletedLatestNoteAndAFilePutBackByTheOwnerStayAsTheOwnerLeftThem() throws Exception {
        String notesWithFirstOnly;
        try (MemorydProcess memoryd = MemorydProcess.serve(home)) {
            call(Json.MAPPER.createObjectNode().put("action", "add").put("file", "memory").put("text", "tea"));
            call(Json.MAPPER.createObjectNode().put("action", "note").put("text", "first"));
            notesWithFirstOnly = read("notes.md");
            call(Json.MAPPER.createObjectNode().put("action", "note").put("text", "second"));
            assertThat(memoryd.terminate()).isEqualTo(MemorydProcess.SIGTERM_EXIT);
        }
        write("notes.md", notesWithFirstOnly);
        try (MemorydProcess memoryd = MemorydProcess.serve(home)) {
            assertThat(read("notes.md")).isEqualTo(notesWithFirstOnly);
            call(Json.MAPPER.createObjectNode().put("action", "add").put("file", "memory").put("text", "milk"));
            assertThat(memoryd.terminate()).isEqualTo(MemorydProcess.SIGTERM_EXIT);
        }
        write("memory.md", "tea\n");
        try (MemorydProcess memoryd = MemorydProcess.serve(home)) {
            assertThat(read("memory.md")).isEqualTo("tea\n");
            assertThat(read("notes.md")).isEqualTo(notesWithFirstOnly);
        }
    }
}
