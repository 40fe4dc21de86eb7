package dev.boxmaker.memoryd.recall;

import static dev.boxmaker.memoryd.index.Logs.append;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.files.NoteHeader;
import dev.boxmaker.memoryd.files.NotesFile;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.index.search.Searcher;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.ToolCall;
import dev.boxmaker.proto.log.ToolResultRecord;
import dev.boxmaker.proto.log.UserRecord;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** recall as the model reads it: every source tag and header kind, the label, the limits, the log line. */
class RecallTest {
    static final String CLEAN = "mm-8ass9mxyzclean";
    static final String TAINTED = "chat-1789abcdef";
    static final String NOTER = "mm-dh45qgxyz";
    static final Instant NOW = Instant.parse("2026-09-25T08:00:00Z");

    @TempDir
    Path home;
    MemoryIndex index;
    Recall recall;

    @BeforeEach
    void open() throws Exception {
        Instant t = Instant.parse("2026-09-20T14:02:11Z");
        append(home, CLEAN, new UserRecord(t, 1, "the zulu launch window moved to Thursday", null),
                new UserRecord(t.plusSeconds(60), 2, "zulu from kyle", "kyle"),
                new UserRecord(t.plusSeconds(120), 3, "zulu from the owner by name", "owner"));
        Instant u = Instant.parse("2026-09-21T09:15:00Z");
        append(home, TAINTED, new AssistantRecord(u, 1, "zulu before the page", null, List.of()),
                new ToolResultRecord(u, 1, "c1", "http_fetch", Outcome.OK, "zulu page text", DataClass.PUBLIC, true),
                new AssistantRecord(u.plusSeconds(60), 1, null, "zulu reasoning",
                        List.of(new ToolCall("c2", "http_fetch", "{\"url\":\"https://example.org/zulu\"}"))));
        Instant n = Instant.parse("2026-09-24T20:14:00Z");
        Files.createDirectories(home.resolve("memory"));
        new NotesFile(home.resolve("memory/notes.md")).append(List.of(
                new NotesFile.Note(NoteHeader.moved(n, IdentityFile.MEMORY, CLEAN), "zulu: Owner prefers answers in UTC."),
                new NotesFile.Note(NoteHeader.dropped(n, IdentityFile.USER, CLEAN), "zulu: Owner drinks tea."),
                new NotesFile.Note(NoteHeader.noted(Instant.parse("2026-09-22T18:20:00Z"), NOTER, DataClass.PRIVATE,
                        true, false), "zulu: example.org says the release moved to March."),
                new NotesFile.Note(NoteHeader.noted(Instant.parse("2026-09-22T18:21:00Z"), CLEAN, DataClass.PRIVATE,
                        false, false), "zulu: a clean note")));
        index = SmallIndex.open(home);
        recall = new Recall(new Searcher(index), new RecallLog(home.resolve("memory"), MemorydThreads.start().recallLogFlush()), Clock.fixed(NOW, ZoneOffset.UTC),
                "owner");
    }

    @AfterEach
    void close() {
        index.close();
    }

    ToolResponse call(String argsJson) throws Exception {
        ObjectNode args = (ObjectNode) Json.MAPPER.readTree(argsJson);
        return recall.call(new MemoryCall(new ToolRequest(SessionId.of("mm-asker"), "call_9", "recall", args),
                DataClass.PRIVATE, false));
    }

    @Test
    void everySourceTagAndHeaderKind() throws Exception {
        ToolResponse r = call("{\"query\": \"zulu\", \"k\": 10}");
        assertThat(r.outcome()).isEqualTo(Outcome.OK);
        assertThat(r.text().split("\n\n")).extracting(h -> h.substring(h.indexOf(' ') + 1))
                .containsExactlyInAnyOrder(
                        "identity · moved 2026-09-24 from memory.md · private\nzulu: Owner prefers answers in UTC.",
                        "memory · dropped 2026-09-24 from user.md · private\nzulu: Owner drinks tea.",
                        "memory-tainted · note, 2026-09-22 18:20 UTC, session mm-dh45qg… · private\n"
                                + "zulu: example.org says the release moved to March.",
                        "memory · note, 2026-09-22 18:21 UTC, session mm-8ass9m… · private\nzulu: a clean note",
                        "memory · session mm-8ass9m…, 2026-09-20 14:02 UTC, the owner said · private\n"
                                + "the zulu launch window moved to Thursday",
                        "memory · session mm-8ass9m…, 2026-09-20 14:03 UTC, kyle said · private\nzulu from kyle",
                        "memory · session mm-8ass9m…, 2026-09-20 14:04 UTC, the owner said · private\n"
                                + "zulu from the owner by name",
                        "memory · session chat-1789…, 2026-09-21 09:15 UTC, the assistant said · private\n"
                                + "zulu before the page",
                        "memory-tainted · session chat-1789…, 2026-09-21 09:16 UTC, the assistant called · private\n"
                                + "http_fetch {\"url\":\"https://example.org/zulu\"}");
        assertThat(r.text()).startsWith("[1] ").contains("\n\n[9] ");
        assertThat(r.untrusted()).isTrue();
        assertThat(r.dataClass()).isEqualTo(DataClass.PRIVATE);
    }

    @Test
    void aResultWithNoTaintedHitIsTrustedAndPrivate() throws Exception {
        ToolResponse r = call("{\"query\": \"tea\"}");
        assertThat(r.text()).isEqualTo("[1] memory · dropped 2026-09-24 from user.md · private\nzulu: Owner drinks tea.");
        assertThat(r.untrusted()).isFalse();
        assertThat(r.dataClass()).isEqualTo(DataClass.PRIVATE);
    }

    @Test
    void nothingFoundSaysSoWithTheQuery() throws Exception {
        assertThat(call("{\"query\": \"nowhere found\"}").text())
                .isEqualTo("(no matches for \"nowhere found\")");
        assertThat(call("{\"query\": \"?!\"}").text()).isEqualTo("(no matches for \"?!\")");
    }

    @Test
    void kLimitsTheHitsAndDefaultsToFive() throws Exception {
        String[] five = call("{\"query\": \"zulu\"}").text().split("\n\n");
        assertThat(five).hasSize(5);
        for (int i = 0; i < five.length; i++) {
            assertThat(five[i]).startsWith("[" + (i + 1) + "] ").contains("\nzulu");
        }
        String[] ten = call("{\"query\": \"zulu\", \"k\": 10}").text().split("\n\n");
        // k = 1 answers exactly the best hit of the default answer, numbered [1].
        assertThat(call("{\"query\": \"zulu\", \"k\": 1}").text()).isEqualTo(five[0]).isEqualTo(ten[0])
                .isEqualTo("[1] memory · session mm-8ass9m…, 2026-09-20 14:03 UTC, kyle said · private\nzulu from kyle");
    }

    @Test
    void theArgumentsLimitsAtTheLimitAndOnePast() throws Exception {
        String q500 = "z".repeat(500);
        String q501 = "z".repeat(501);
        assertThat(call("{\"query\": \"" + q500 + "\"}").outcome()).isEqualTo(Outcome.OK);
        assertThat(call("{\"query\": \"" + q501 + "\"}").text()).isEqualTo("recall: \"query\" must be a string of 1 to 500 characters");
        assertThat(call("{\"query\": \"\"}").text()).isEqualTo("recall: \"query\" must be a string of 1 to 500 characters");
        assertThat(call("{\"query\": 7}").text()).isEqualTo("recall: \"query\" must be a string of 1 to 500 characters");
        assertThat(call("{}").text()).isEqualTo("recall: \"query\" must be a string of 1 to 500 characters");
        assertThat(call("{\"query\": \"zulu\", \"k\": 10}").outcome()).isEqualTo(Outcome.OK);
        for (String k : List.of("11", "0", "-1", "2.5", "\"5\"", "true", "99999999999")) {
            ToolResponse r = call("{\"query\": \"zulu\", \"k\": " + k + "}");
            assertThat(r.outcome()).as(k).isEqualTo(Outcome.REFUSED);
            assertThat(r.text()).as(k).isEqualTo("recall: \"k\" must be a whole number from 1 to 10");
        }
        // An unknown field is ignored, as brokerd ignores it (docs/decisions.md, "Unknown fields in a tool's arguments").
        assertThat(call("{\"query\": \"zulu\", \"limit\": 3}").text()).isEqualTo(call("{\"query\": \"zulu\"}").text())
                .startsWith("[1] memory · ");
        // A query counts characters, not UTF-16 units: 500 emoji are 500 characters.
        assertThat(call("{\"query\": \"" + "\uD83D\uDE00".repeat(500) + "\"}").outcome()).isEqualTo(Outcome.OK);
    }

    @Test
    void eachRecallWritesOneLogLine() throws Exception {
        call("{\"query\": \"tea\"}");
        call("{\"query\": \"nowhere\", \"k\": 2}");
        call("{\"query\": \"Thursday\", \"k\": 3}");
        List<String> lines = Files.readAllLines(home.resolve("memory/recalls/2026-09.jsonl"));
        assertThat(lines).containsExactly(
                "{\"time\":\"2026-09-25T08:00:00Z\",\"session\":\"mm-asker\",\"query\":\"tea\",\"k\":5,\"hits\":"
                        + "[{\"kind\":\"note\",\"header\":\"§ dropped 2026-09-24T20:14Z from user.md in session "
                        + CLEAN + "\"}]}",
                "{\"time\":\"2026-09-25T08:00:00Z\",\"session\":\"mm-asker\",\"query\":\"nowhere\",\"k\":2,\"hits\":[]}",
                "{\"time\":\"2026-09-25T08:00:00Z\",\"session\":\"mm-asker\",\"query\":\"Thursday\",\"k\":3,\"hits\":"
                        + "[{\"kind\":\"session\",\"session\":\"" + CLEAN + "\",\"epoch\":0,\"record\":0}]}");
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(home.resolve("memory/recalls/2026-09.jsonl")))).isEqualTo("rw-------");
    }

    @Test
    void theOwnersSearchShowsTheSameHitsWithoutALogLine() throws Exception {
        String hits = call("{\"query\": \"zulu\", \"k\": 10}").text();
        Files.deleteIfExists(home.resolve("memory/recalls/2026-09.jsonl"));
        var answer = recall.search("{\"query\": \"zulu\", \"k\": 10}");
        assertThat(answer.text()).isEqualTo(hits);
        assertThat(Files.exists(home.resolve("memory/recalls/2026-09.jsonl"))).isFalse();
        assertThat(recall.search("{\"query\": \"zulu\", \"k\": 11}").text()).isEqualTo("recall: \"k\" must be a whole number from 1 to 10");
        assertThat(recall.search("zulu").text()).isEqualTo("search takes a query, and may end with -k N (N from 1 to 10)");
    }

    @Test
    void theOwnersSearchAsJsonGivesEachHitAsItsFieldsWithItsTextWhole() throws Exception {
        com.fasterxml.jackson.databind.JsonNode doc = Json.MAPPER.readTree(
                recall.searchJson("{\"query\": \"Thursday\", \"k\": 3}").text());
        assertThat(doc.get("hits")).hasSize(1);
        com.fasterxml.jackson.databind.JsonNode hit = doc.get("hits").get(0);
        assertThat(hit.get("rank").asInt()).isEqualTo(1);
        assertThat(hit.get("tag").asText()).isEqualTo("memory");
        assertThat(hit.get("source").asText()).isEqualTo("local");
        assertThat(hit.get("kind").asText()).isEqualTo("session");
        assertThat(hit.get("who").isNull()).isTrue();
        assertThat(hit.get("class").asText()).isEqualTo("private");
        assertThat(hit.get("session").asText()).isEqualTo(CLEAN);
        assertThat(hit.get("record").asLong()).isZero();
        assertThat(hit.get("time").asText()).isEqualTo("2026-09-20T14:02:11Z");
        assertThat(hit.get("text").asText()).isEqualTo("the zulu launch window moved to Thursday");
        assertThat(doc.get("unavailable")).isEmpty();
        assertThat(Files.exists(home.resolve("memory/recalls/2026-09.jsonl"))).isFalse();
        com.fasterxml.jackson.databind.JsonNode all = Json.MAPPER.readTree(
                recall.searchJson("{\"query\": \"zulu\", \"k\": 10}").text()).get("hits");
        assertThat(all).hasSize(9);
        assertThat(all.findValuesAsText("who")).contains("kyle", "assistant");
        assertThat(all.findValuesAsText("tag")).contains("identity", "memory-tainted");
        assertThat(recall.searchJson("zulu").text()).isEqualTo(recall.search("zulu").text());
    }

    @Test
    void eachLocalHitAsJsonSaysItsRecordsTurnAndANoteSaysNull() throws Exception {
        com.fasterxml.jackson.databind.JsonNode kyle = Json.MAPPER.readTree(
                recall.searchJson("{\"query\": \"kyle\"}").text()).get("hits").get(0);
        assertThat(kyle.get("text").asText()).isEqualTo("zulu from kyle");
        assertThat(kyle.get("record").asLong()).isEqualTo(1);
        assertThat(kyle.get("turn").isIntegralNumber()).isTrue();
        assertThat(kyle.get("turn").asLong()).isEqualTo(2);
        com.fasterxml.jackson.databind.JsonNode call = Json.MAPPER.readTree(
                recall.searchJson("{\"query\": \"http_fetch\", \"k\": 1}").text()).get("hits").get(0);
        assertThat(call.get("who").asText()).isEqualTo("call");
        assertThat(call.get("record").asLong()).isEqualTo(2);
        assertThat(call.get("turn").asLong()).isEqualTo(1);
        com.fasterxml.jackson.databind.JsonNode note = Json.MAPPER.readTree(
                recall.searchJson("{\"query\": \"tea\"}").text()).get("hits").get(0);
        assertThat(note.get("kind").asText()).isEqualTo("note");
        assertThat(note.has("turn")).isTrue();
        assertThat(note.get("turn").isNull()).isTrue();
    }
}
