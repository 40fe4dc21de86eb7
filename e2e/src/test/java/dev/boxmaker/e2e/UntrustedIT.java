package dev.boxmaker.e2e;

import static dev.boxmaker.e2e.MemoryClaimsIT.args;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionStateReply;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The M5a spec's section 1, claims 4 and 6: what a session that fetched a page (http_fetch through
 * brokerd's exec runtime, its grant untrusted) wants to remember becomes an untrusted note, and a hit
 * from such a session comes back marked untrusted and taints the session that read it.
 */
class UntrustedIT {
    static final String SAVED_AS_NOTE = "saved as a note (untrusted): this session has read untrusted content";
    static final String FETCH = "{\"name\":\"http_fetch\",\"arguments\":{\"url\":\"https://example.org/notes\"}}";

    static Daemons d;

    @BeforeAll
    static void start() throws Exception {
        d = Daemons.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (d != null) {
            d.close();
        }
    }

    @Test
    void undoOfTheLatestNoteRetractsItAndRecallNoLongerReturnsIt() throws Exception {
        String note = "The owner's locker code at the gym is 2290.";
        d.model.add(Reply.toolCall("h1", "memory", args("action", "note", "text", note)), Reply.text("Noted."));
        d.turn("chat-h8oops", "Note my gym locker code, 2290.");
        assertThat(d.toolResult("h1")).isEqualTo("noted");
        d.awaitSearch("locker gym", out -> out.contains("] memory · note, "));

        Matcher id = Pattern.compile("(?m)^(\\S+)  \\S+  chat-h8oops  note → notes\\.md$").matcher(d.bxctl("memory", "log").out());
        assertThat(id.find()).isTrue();
        Daemons.Out undone = d.bxctl("memory", "undo", id.group(1));
        assertThat(undone.code()).as(undone.err()).isZero();
        assertThat(undone.out().strip()).matches(Pattern.quote("undid " + id.group(1) + " as ") + d.dates.pattern()
                + "-\\d{4}: the note is retracted in notes.md and recall no longer returns it");
        assertThat(d.memoryFile("notes.md")).matches("(?s).*§ retracted " + d.dates.pattern() + "T\\d\\d:\\d\\dZ note "
                + id.group(1) + " by the owner\n" + Pattern.quote(note) + "\n");
        String after = d.awaitSearch("locker gym", out -> !out.contains("· note, "));
        assertThat(after).doesNotContain("retracted");
        d.assertFilesParseAndNothingUntrustedInAnyBaseline();
    }

    /** Claim 4, then claim 6 reading what claim 4 left: one test, since the second needs the first. */
    @Test
    void aWriteAfterAFetchedPageIsAnUntrustedNoteAndAHitFromItTaintsTheReader() throws Exception {
        String memoryBefore = d.memoryFile("memory.md");
        int notesAt = d.memoryFile("notes.md").length();
        String userBefore = d.memoryFile("user.md");
        String fact = "The Kestrel release moved to March.";
        String remark = "example.org says the Kestrel release moved to March.";
        d.model.add(Reply.toolCall("d1", "call_tool", FETCH),
                Reply.toolCalls("d2", "memory", args("action", "add", "file", "memory", "text", fact),
                        "d3", "memory", args("action", "note", "text", remark)),
                Reply.text("The Kestrel release moved to March."));
        assertThat(d.turn("chat-d4fetch", "What do example.org's release notes say?"))
                .isEqualTo("The Kestrel release moved to March.");

        assertThat(d.toolResult("d1")).isEqualTo(Daemons.PAGE);
        assertThat(d.records("chat-d4fetch")).filteredOn(r -> r.path("call").asText().equals("d1")).singleElement()
                .satisfies(r -> assertThat(r.path("untrusted").asBoolean()).isTrue());
        assertThat(d.toolResult("d2")).isEqualTo(SAVED_AS_NOTE);
        assertThat(d.toolResult("d3")).isEqualTo("noted (untrusted)");
        assertThat(d.memoryFile("memory.md")).isEqualTo(memoryBefore);
        assertThat(d.memoryFile("user.md")).isEqualTo(userBefore);
        assertThat(d.memoryFile("notes.md").substring(notesAt)).matches(Pattern.quote("§ noted ") + d.dates.pattern() + "T\\d\\d:\\d\\dZ"
                + Pattern.quote(" in session chat-d4fetch · private · untrusted\n" + fact + "\n§ noted ") + d.dates.pattern()
                + "T\\d\\d:\\d\\dZ" + Pattern.quote(" in session chat-d4fetch · private · untrusted\n" + remark + "\n"));

        // Found by recall, from another session, as memory-tainted.
        d.awaitSearch("Kestrel", out -> out.contains("memory-tainted · note") && out.contains("the assistant said"));
        d.model.add(Reply.toolCall("e1", "recall", "{\"query\":\"Kestrel release\",\"k\":10}"),
                Reply.text("It moved to March, says a page."),
                Reply.toolCall("e2", "memory", args("action", "add", "file", "memory", "text",
                        "The owner plans the Kestrel launch party for March.")),
                Reply.text("Saved."));
        d.turn("chat-e5read", "When is the Kestrel release?");
        String hits = d.toolResult("e1");
        System.out.println("recall in chat-e5read answered:\n" + hits);
        String noteHeader = "memory-tainted · note, " + d.dates.pattern() + " \\d\\d:\\d\\d UTC, session chat-d4fe… · private\n";
        assertThat(hits).containsPattern("(?m)^\\[\\d+\\] " + noteHeader + Pattern.quote(fact) + "$");
        assertThat(hits).containsPattern("(?m)^\\[\\d+\\] " + noteHeader + Pattern.quote(remark) + "$");
        assertThat(hits).containsPattern("(?m)^\\[\\d+\\] memory-tainted · session chat-d4fe…, " + d.dates.pattern()
                + " \\d\\d:\\d\\d UTC, the assistant said · private\n" + Pattern.quote(fact) + "$");
        assertThat(hits).doesNotContainPattern("(?m)^\\[\\d+\\] (memory|identity) · .*\n.*Kestrel");
        // The owner's question came before the page was read, so that record alone is not tainted.
        assertThat(hits).containsPattern("(?m)^\\[\\d+\\] memory · session chat-d4fe…, " + d.dates.pattern()
                + " \\d\\d:\\d\\d UTC, the owner said · private\n" + Pattern.quote("What do example.org's release notes say?") + "$");
        List<JsonNode> read = d.records("chat-e5read");
        assertThat(read).filteredOn(r -> r.path("call").asText().equals("e1")).singleElement()
                .satisfies(r -> assertThat(r.path("untrusted").asBoolean()).as("the recall result's label").isTrue());
        SessionStateReply state = (SessionStateReply) SocketClient.call(d.home.resolve("run/memory-broker/state.sock"),
                new SessionState(SessionId.of("chat-e5read")), Daemons.WAIT, Daemons.WAIT, "test");
        assertThat(state).isEqualTo(new SessionStateReply(DataClass.PRIVATE, true));

        // The reader is tainted: its next identity add becomes a note.
        d.turn("chat-e5read", "Remember that my Kestrel launch party is in March.");
        assertThat(d.toolResult("e2")).isEqualTo(SAVED_AS_NOTE);
        assertThat(d.notes()).last().satisfies(n -> assertThat(n.header().line())
                .matches("§ noted " + d.dates.pattern() + "T\\d\\d:\\d\\dZ in session chat-e5read · private · untrusted"));
        assertThat(d.memoryFile("memory.md")).isEqualTo(memoryBefore);

        // The reader's later records are themselves marked untrusted: taint carries on through recall.
        d.awaitSearch("launch party", out -> out.contains("session chat-e5re…, "));
        d.model.add(Reply.toolCall("g1", "recall", "{\"query\":\"launch party\"}"), Reply.text("March."));
        d.turn("chat-g5third", "When is my launch party?");
        System.out.println("recall in chat-g5third answered:\n" + d.toolResult("g1"));
        assertThat(d.toolResult("g1")).containsPattern("(?m)^\\[\\d+\\] memory-tainted · session chat-e5re…, " + d.dates.pattern()
                + " \\d\\d:\\d\\d UTC, the owner said · private\n" + Pattern.quote("Remember that my Kestrel launch party is in March.") + "$");
        assertThat(d.toolResult("g1")).doesNotContainPattern("(?m)^\\[\\d+\\] memory · ");
        assertThat(d.records("chat-g5third")).filteredOn(r -> r.path("call").asText().equals("g1")).singleElement()
                .satisfies(r -> assertThat(r.path("untrusted").asBoolean()).isTrue());

        // Never in any baseline, a new session's included.
        d.model.add(Reply.text("Hello."));
        d.turn("chat-d4new", "Hello.");
        assertThat(d.baseline("chat-d4new").path("system").asText()).doesNotContain("Kestrel");
        d.assertFilesParseAndNothingUntrustedInAnyBaseline();
    }
}
