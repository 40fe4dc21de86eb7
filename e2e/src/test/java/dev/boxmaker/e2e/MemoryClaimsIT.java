package dev.boxmaker.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.memoryd.files.Entries;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The M5a spec's section 1, claims 1, 2, 3 and 7, in sessions that read nothing untrusted, against the
 * packaged daemons. Each test uses its own sessions; the daemons are shared.
 */
class MemoryClaimsIT {
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

    static String args(String... keyValues) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        for (int i = 0; i + 1 < keyValues.length; i += 2) {
            o.put(keyValues[i], keyValues[i + 1]);
        }
        return o.toString();
    }

    @Test
    void aFactToldInOneSessionIsRecalledInAnother() throws Exception {
        d.model.add(Reply.text("Got it."));
        // Told through bxctl chat, as the owner would.
        Daemons.Out told = d.bxctl("chat", "--session", "chat-a1tell", "My sister Wrenna lives in Tromsø now.");
        assertThat(told.code()).as(told.err()).isZero();
        assertThat(told.out()).isEqualTo("Got it.\n");
        // What the owner sees with bxctl memory search, once memoryd has indexed the session.
        assertThat(d.awaitSearch("Wrenna", out -> out.contains("chat-a1te"))).matches("\\[1\\] memory · session chat-a1te…, "
                + d.dates.pattern() + " \\d\\d:\\d\\d UTC, the owner said · private\nMy sister Wrenna lives in Tromsø now\\.\n?");

        d.model.add(Reply.toolCall("a1", "recall", "{\"query\":\"where does Wrenna live\",\"k\":3}"),
                Reply.text("In Tromsø."));
        assertThat(d.turn("chat-a1ask", "Where does my sister live?")).isEqualTo("In Tromsø.");

        String hits = d.toolResult("a1");
        System.out.println("recall in chat-a1ask answered:\n" + hits);
        assertThat(hits).matches("(?s)\\[1\\] memory · session chat-a1te…, " + d.dates.pattern()
                + " \\d\\d:\\d\\d UTC, the owner said · private\nMy sister Wrenna lives in Tromsø now\\.(\n.*)?");
        assertThat(d.records("chat-a1ask")).filteredOn(r -> r.path("type").asText().equals("tool_result"))
                .singleElement().satisfies(r -> assertThat(r.path("untrusted").asBoolean()).isFalse());
    }

    @Test
    void anEntryMovedOutOfMemoryMdByConsolidateIsFoundByRecallTaggedIdentity() throws Exception {
        String entry = "The owner's allotment is plot 17 at Hollin Lane.";
        d.model.add(Reply.toolCall("b1", "memory", args("action", "add", "file", "memory", "text", entry)),
                Reply.text("Saved."));
        d.turn("chat-b2cons", "Remember my allotment: plot 17 at Hollin Lane.");
        assertThat(d.toolResult("b1")).startsWith("added to memory.md (").endsWith("); it takes effect in the next session");

        // The model names every entry of memory.md as it is now, moving the allotment out.
        ObjectNode consolidate = JsonNodeFactory.instance.objectNode().put("action", "consolidate").put("file", "memory");
        ArrayNode items = consolidate.putArray("entries");
        List<String> current = Entries.parse(d.memoryFile("memory.md"));
        assertThat(current).contains(entry);
        for (String e : current) {
            items.addObject().put("old", e).put(e.equals(entry) ? "move" : "keep", true);
        }
        d.model.add(Reply.toolCall("b2", "memory", consolidate.toString()), Reply.text("Tidied."));
        d.turn("chat-b2cons", "Tidy memory.md: the allotment need not be in every prompt.");
        assertThat(d.toolResult("b2")).startsWith("consolidated memory.md: " + (current.size() - 1) + " kept, 0 rewritten, 1 moved to notes, 0 dropped, 0 new (");
        assertThat(Entries.parse(d.memoryFile("memory.md"))).doesNotContain(entry);
        d.awaitSearch("Hollin allotment", out -> out.contains("identity · moved"));

        d.model.add(Reply.toolCall("b3", "recall", "{\"query\":\"allotment plot\"}"), Reply.text("Plot 17."));
        assertThat(d.turn("chat-b2later", "Which plot is my allotment?")).isEqualTo("Plot 17.");
        assertThat(d.toolResult("b3")).containsPattern(Pattern.quote("] identity · moved ") + d.dates.pattern()
                + Pattern.quote(" from memory.md · private\n" + entry));
        assertThat(d.toolResult("b3")).startsWith("[1] ");
        System.out.println("recall in chat-b2later answered:\n" + d.toolResult("b3"));
    }

    @Test
    void anAddWithNoQuestionIsLoggedAndReachesOnlyTheNextSessionsBaseline() throws Exception {
        String entry = "The owner's cat is called Pilchard.";
        d.model.add(Reply.toolCall("c1", "memory", args("action", "add", "file", "user", "text", entry)),
                Reply.text("I'll remember Pilchard."), Reply.text("Pilchard, yes."));
        d.turn("chat-c3write", "My cat is called Pilchard.");
        byte[] writerBaseline = d.baselineBytes("chat-c3write");
        assertThat(d.toolResult("c1")).matches("added to user\\.md \\(\\d+ of 1,375 characters\\); it takes effect in the next session");
        // No question: nothing waits for the owner, and brokerd decided the call on its own.
        assertThat(d.bxctl("approvals").out().strip()).isEqualTo("(no calls are waiting)");
        assertThat(d.bxctl("audit").out()).containsPattern("\\{[^\n]*\"session\":\"chat-c3write\",\"call\":\"c1\",\"tool\":\"memory\""
                + "[^\n]*\"grant\":\"builtin-memory\"[^\n]*\"decision\":\"auto\",\"outcome\":\"ok\"");

        Daemons.Out log = d.bxctl("memory", "log");
        assertThat(log.code()).isZero();
        assertThat(log.out()).containsPattern("(?m)^" + d.dates.pattern() + "-\\d{4}  \\S+  chat-c3write  add user → user\\.md\n  \\+ "
                + Pattern.quote(entry) + "$");

        // The writing session keeps the bytes it started with, and its next prompt does not hold the entry.
        d.turn("chat-c3write", "What is my cat called?");
        assertThat(d.baselineBytes("chat-c3write")).isEqualTo(writerBaseline);
        assertThat(d.baseline("chat-c3write").path("system").asText()).doesNotContain(entry);
        assertThat(lastRequestSystem()).doesNotContain(entry);

        d.model.add(Reply.text("Pilchard."));
        d.turn("chat-c3next", "Hello again.");
        assertThat(d.baseline("chat-c3next").path("system").asText()).contains(entry);
        assertThat(lastRequestSystem()).contains(entry);
    }

    @Test
    void undoOfTheLatestEditAndItsRefusalForAnOlderOne() throws Exception {
        d.model.add(Reply.toolCall("f1", "memory", args("action", "add", "file", "memory", "text",
                "The owner's boat is moored at Pier 4.")), Reply.text("Saved."));
        d.turn("chat-f6undo", "My boat is at Pier 4.");
        String older = editId(d.toolResult("f1"), "chat-f6undo", "The owner's boat is moored at Pier 4.");
        byte[] afterFirst = d.memoryFile("memory.md").getBytes(java.nio.charset.StandardCharsets.UTF_8);

        d.model.add(Reply.toolCall("f2", "memory", args("action", "add", "file", "memory", "text",
                "The owner's boat is named Tern.")), Reply.text("Saved."));
        d.turn("chat-f6undo", "It is named Tern.");
        String latest = editId(d.toolResult("f2"), "chat-f6undo", "The owner's boat is named Tern.");

        Daemons.Out refused = d.bxctl("memory", "undo", older);
        assertThat(refused.code()).isEqualTo(1);
        assertThat(refused.err().strip()).isEqualTo(older + " is not the latest edit of memory.md (" + latest
                + " is); only the latest can be undone");

        Daemons.Out undone = d.bxctl("memory", "undo", latest);
        assertThat(undone.code()).as(undone.err()).isZero();
        int entries = Entries.parse(new String(afterFirst, java.nio.charset.StandardCharsets.UTF_8)).size();
        assertThat(undone.out().strip()).matches(Pattern.quote("undid " + latest + " as ") + d.dates.pattern()
                + "-\\d{4}" + Pattern.quote(": memory.md is back to " + entries + " entr") + "(y|ies) \\(\\d+ of 2,200 characters\\)");
        assertThat(d.memoryFile("memory.md").getBytes(java.nio.charset.StandardCharsets.UTF_8)).isEqualTo(afterFirst);
        Matcher undoId = Pattern.compile(" as (\\S+):").matcher(undone.out());
        assertThat(undoId.find()).isTrue();
        assertThat(d.bxctl("memory", "log", "1").out()).startsWith(undoId.group(1) + "  ")
                .contains("  owner  undo " + latest + " → memory.md");
    }

    @Test
    void undoIsRefusedWhenTheOwnerChangedTheFileSince() throws Exception {
        String entry = "The owner's bike lock code is written in the blue notebook.";
        d.model.add(Reply.toolCall("k1", "memory", args("action", "add", "file", "user", "text", entry)), Reply.text("Saved."));
        d.turn("chat-k6hand", "Where is my bike lock code? In the blue notebook.");
        assertThat(d.toolResult("k1")).startsWith("added to user.md (");
        Matcher id = Pattern.compile("(?m)^(\\S+)  \\S+  chat-k6hand  add user → user\\.md$").matcher(d.bxctl("memory", "log").out());
        assertThat(id.find()).isTrue();

        // The owner edits user.md by hand.
        List<String> entries = new java.util.ArrayList<>(Entries.parse(d.memoryFile("user.md")));
        entries.add("The owner's bike is a green Brompton.");
        java.nio.file.Files.writeString(d.home.resolve("memory/user.md"), Entries.render(entries));
        String edited = d.memoryFile("user.md");

        Daemons.Out refused = d.bxctl("memory", "undo", id.group(1));
        assertThat(refused.code()).isEqualTo(1);
        assertThat(refused.err().strip()).isEqualTo("user.md has changed since " + id.group(1)
                + "; undo refused so that no later change is lost");
        assertThat(d.memoryFile("user.md")).isEqualTo(edited);
    }

    /** The id of the edit that added {@code entry}, from bxctl memory log, after checking the tool's answer. */
    private static String editId(String answer, String session, String entry) {
        assertThat(answer).startsWith("added to memory.md (");
        Matcher m = Pattern.compile("(?m)^(\\S+)  \\S+  " + session + "  add memory → memory\\.md\n  \\+ "
                + Pattern.quote(entry) + "$").matcher(d.bxctl("memory", "log").out());
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    private static String lastRequestSystem() {
        List<dev.boxmaker.loopd.testing.ScriptedModel.Request> all = d.model.requests();
        JsonNode first = all.get(all.size() - 1).messages().get(0);
        assertThat(first.path("role").asText()).isEqualTo("system");
        return first.path("content").asText();
    }
}
