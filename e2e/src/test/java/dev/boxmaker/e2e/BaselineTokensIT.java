package dev.boxmaker.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.memoryd.files.Entries;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The M5a spec's section 1, claim 5, measured again with M5c's ask_memory (section 9): the baseline
 * (loopd's {@code 0.baseline.json}: the system text with memoryd's block, and the tools array, all six
 * core tools) with the starter soul.md, and with the memory files at their limits, counted with
 * o200k_base as loopd counts a prompt, and printed.
 */
class BaselineTokensIT {
    static final int BUDGET = 3_000;
    /** loopd's framing per message (Tokens.MESSAGE_OVERHEAD_TOKENS). */
    static final int MESSAGE_OVERHEAD = 4;
    static final Encoding O200K = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);

    static final String[] FACTS = {
        "The owner's dentist is Dr. Halvorsen on Mill Street; appointments are on Tuesday mornings.",
        "The owner prefers answers in UTC and dates written as 2026-09-24.",
        "The owner's daughter Maren plays the cello and has lessons on Thursdays at five.",
        "Backups of the home server run nightly at 02:00 to the NAS in the hallway cupboard.",
        "The owner is allergic to penicillin; mention it when booking any doctor's appointment.",
        "The owner's car is a 2019 Skoda Octavia estate, registration ends in 7KD, serviced in March.",
        "The owner likes short replies in the morning and longer explanations in the evening.",
        "The allotment is plot 17 at Hollin Lane; the shed key hangs behind the kitchen door.",
        "The owner's employer is a logistics firm in Leeds; the working week is Monday to Thursday.",
        "The owner's partner, Jonas, is vegetarian and does not eat fish either.",
        "Invoices for the consulting work go out on the first working day of each month.",
        "The owner reads Norwegian and English, and wants translations kept literal, not polished.",
    };

    @Test
    void theBaselineTokenCountsStayWithinTheBudget() throws Exception {
        try (Daemons d = Daemons.start()) {
            int starter = count(d, "chat-t7starter");
            System.out.println("baseline tokens (o200k_base), the starter soul.md, memory.md and user.md empty: " + starter);
            assertThat(starter).isLessThanOrEqualTo(BUDGET);

            // The owner's own edits, as a full month of memory writes would leave the files.
            write(d, "memory.md", Entries.render(fill(2_200, 0)));
            write(d, "user.md", Entries.render(fill(1_375, 5)));
            assertThat(Entries.chars(Entries.parse(d.memoryFile("memory.md")))).isEqualTo(2_200);
            assertThat(Entries.chars(Entries.parse(d.memoryFile("user.md")))).isEqualTo(1_375);
            int full = count(d, "chat-t7full");
            assertThat(d.baseline("chat-t7full").path("system").asText())
                    .contains(fill(2_200, 0)).contains(fill(1_375, 5));
            System.out.println("baseline tokens (o200k_base), the starter soul.md, memory.md at 2,200 and user.md at 1,375 characters: " + full);
            assertThat(full).isLessThanOrEqualTo(BUDGET);

            String soul = String.join("\n\n", fill(4_200, 3)).substring(0, 4_000).strip();
            soul = soul + ".".repeat(4_000 - soul.length());
            write(d, "soul.md", soul + "\n");
            int everyLimit = count(d, "chat-t7limits");
            assertThat(d.baseline("chat-t7limits").path("system").asText()).contains(soul);
            assertThat(soul.codePointCount(0, soul.length())).isEqualTo(4_000);
            System.out.println("baseline tokens (o200k_base), soul.md at 4,000, memory.md at 2,200 and user.md at 1,375 characters: "
                    + everyLimit);
            assertThat(everyLimit).isLessThanOrEqualTo(BUDGET);
        }
    }

    /** The tokens of a new session's baseline: the system message with its framing, and the tools' JSON. */
    private static int count(Daemons d, String session) throws Exception {
        d.model.add(Reply.text("Hello."));
        d.turn(session, "Hello.");
        JsonNode baseline = d.baseline(session);
        String system = baseline.path("system").asText();
        String tools = baseline.path("tools").toString();
        // What the model got is what the baseline says.
        JsonNode sent = d.model.requests().get(d.model.requests().size() - 1).json();
        assertThat(sent.path("messages").get(0).path("content").asText()).isEqualTo(system);
        assertThat(sent.path("tools")).isEqualTo(baseline.path("tools"));
        // Every core tool is counted, ask_memory included, whether or not [honcho] is configured.
        List<String> names = new ArrayList<>();
        baseline.path("tools").forEach(t -> names.add(t.path("function").path("name").asText()));
        assertThat(names).containsExactly("clock", "recall", "memory", "ask_memory", "find_tool", "call_tool");
        int s = O200K.countTokensOrdinary(system);
        int t = O200K.countTokensOrdinary(tools);
        System.out.println(session + ": system " + s + " tokens (" + system.codePointCount(0, system.length())
                + " characters), tools " + t + " tokens, framing " + MESSAGE_OVERHEAD);
        return s + t + MESSAGE_OVERHEAD;
    }

    /** Entries of plausible facts whose canonical text is exactly {@code limit} characters. */
    static List<String> fill(int limit, int offset) {
        List<String> entries = new ArrayList<>();
        for (int i = 0; ; i++) {
            String fact = FACTS[(i + offset) % FACTS.length] + (i >= FACTS.length ? " Confirmed again in week " + (i + 3) + "." : "");
            List<String> next = new ArrayList<>(entries);
            next.add(fact);
            if (Entries.chars(next) >= limit) {
                int room = limit - Entries.chars(entries) - (entries.isEmpty() ? 0 : 3);
                if (room <= 0) {
                    // No room for a separator and a character: lengthen the last entry instead.
                    entries.set(entries.size() - 1, entries.get(entries.size() - 1) + ".".repeat(limit - Entries.chars(entries)));
                    return entries;
                }
                String last = fact.substring(0, room).stripTrailing();
                while (last.length() < room) {
                    last = last + ".";
                }
                entries.add(last);
                assertThat(Entries.chars(entries)).isEqualTo(limit);
                return entries;
            }
            entries = next;
        }
    }

    private static void write(Daemons d, String name, String text) throws Exception {
        Path file = d.home.resolve("memory/" + name);
        Path tmp = d.home.resolve("memory/." + name + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
