package dev.boxmaker.e2e;

import static dev.boxmaker.e2e.MemoryClaimsIT.args;
import static dev.boxmaker.e2e.UntrustedIT.FETCH;
import static dev.boxmaker.e2e.UntrustedIT.SAVED_AS_NOTE;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The claims hold across a stop and start of all three daemons (SIGTERM, as `make stop` sends): a
 * running session keeps its baseline's bytes, a tainted session stays tainted, and what was indexed
 * before is still recalled.
 */
class RestartIT {
    @Test
    void baselinesTaintAndRecallSurviveARestartOfEveryDaemon() throws Exception {
        try (Daemons d = Daemons.start()) {
            d.model.add(Reply.text("Hello."));
            d.turn("chat-r1keep", "Hello.");
            byte[] kept = d.baselineBytes("chat-r1keep");
            d.model.add(Reply.toolCall("r1", "call_tool", FETCH), Reply.text("Read it."));
            d.turn("chat-r1fetch", "Read example.org's notes.");
            String entry = "The owner's choir rehearses on Wednesdays at St Anne's.";
            d.model.add(Reply.toolCall("r2", "memory", args("action", "add", "file", "memory", "text", entry)), Reply.text("Saved."));
            d.turn("chat-r1write", "My choir rehearses on Wednesdays at St Anne's.");
            assertThat(d.toolResult("r2")).startsWith("added to memory.md (");
            d.awaitSearch("choir", out -> out.contains("session chat-r1wr…, "));

            assertThat(d.restart()).as("exit codes of loopd, brokerd, memoryd on SIGTERM").containsExactly(143, 143, 143);

            // The running session goes on with the bytes it started with; the entry is not in its prompt.
            d.model.add(Reply.text("Still here."));
            assertThat(d.turn("chat-r1keep", "Still there?")).isEqualTo("Still here.");
            assertThat(d.baselineBytes("chat-r1keep")).isEqualTo(kept);
            JsonNode sent = d.model.requests().get(d.model.requests().size() - 1).messages();
            assertThat(sent.get(0).path("content").asText()).isEqualTo(d.baseline("chat-r1keep").path("system").asText())
                    .doesNotContain(entry);

            // The tainted session is still tainted: its add becomes a note.
            d.model.add(Reply.toolCall("r3", "memory", args("action", "add", "file", "memory", "text",
                    "The owner's choir moved to Thursdays.")), Reply.text("Saved."));
            d.turn("chat-r1fetch", "Remember that the choir moved to Thursdays.");
            assertThat(d.toolResult("r3")).isEqualTo(SAVED_AS_NOTE);

            // Recall still finds what was indexed before, and the new session's baseline has the entry.
            d.model.add(Reply.toolCall("r4", "recall", "{\"query\":\"rehearses Wednesdays Anne\"}"), Reply.text("Wednesdays."));
            d.turn("chat-r1after", "When does my choir rehearse?");
            assertThat(d.baseline("chat-r1after").path("system").asText()).contains(entry);
            assertThat(d.toolResult("r4")).containsPattern("(?m)^\\[\\d+\\] memory · session chat-r1wr…, " + d.dates.pattern()
                    + " \\d\\d:\\d\\d UTC, the owner said · private\n" + Pattern.quote("My choir rehearses on Wednesdays at St Anne's.") + "$");
            assertThat(d.records("chat-r1after")).filteredOn(r -> r.path("call").asText().equals("r4")).singleElement()
                    .satisfies(r -> assertThat(r.path("untrusted").asBoolean()).isFalse());
            d.assertFilesParseAndNothingUntrustedInAnyBaseline();
            assertThat(List.of(d.log("memoryd"), d.log("brokerd"), d.log("loopd"))).allSatisfy(log -> assertThat(log).isNotBlank());
        }
    }
}
