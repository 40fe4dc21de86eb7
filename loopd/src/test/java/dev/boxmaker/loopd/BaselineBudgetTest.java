package dev.boxmaker.loopd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.loopd.baseline.Baseline;
import dev.boxmaker.loopd.baseline.SystemText;
import dev.boxmaker.loopd.model.Tokens;
import dev.boxmaker.loopd.tools.CoreTools;
import dev.boxmaker.memoryd.block.BlockBuilder;
import dev.boxmaker.memoryd.config.MemorydSettings;
import dev.boxmaker.memoryd.files.Entries;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.home.MemoryHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The baseline budget (loopd.md, "Core tools"): system.md, the memory block and the tools array,
 * counted with o200k_base, stay at or under 3,000 tokens with the shipped soul.md and empty files,
 * and with memory.md and user.md each filled to its limit. The block is memoryd's own.
 */
class BaselineBudgetTest {
    /** The budget. */
    static final int BASELINE_TOKENS_MAX = 3_000;
    /** Plain owner-style prose, so the count is what real entries would cost. */
    static final String[] SENTENCES = {
        "The owner prefers short answers with the reasoning left out unless asked.",
        "Meetings with the design team are on Tuesdays at 10:00 UTC and run an hour.",
        "The launch window for the new release moved from Monday to Thursday afternoon.",
        "Use metric units and 24-hour times; dates are written as 2026-09-24.",
        "The home server is a small box in the study; its backups run nightly at 03:00.",
        "When a task touches money, confirm the amount and the recipient before acting.",
    };

    @Test
    void theBaselineStaysWithinItsBudget(@TempDir Path home) throws Exception {
        Path toml = home.resolve("memoryd.toml");
        Files.writeString(toml, "[paths]\nhome = \"" + home + "\"\n");
        MemorydSettings ms = MemorydSettings.load(Optional.of(toml), Map.of());
        MemoryHome.prepare(ms);
        int empty = tokens(new BlockBuilder(ms.memoryDir()).build());

        Files.writeString(ms.memoryDir().resolve("memory.md"), Entries.render(fill(IdentityFile.MEMORY_CHARS_MAX)));
        Files.writeString(ms.memoryDir().resolve("user.md"), Entries.render(fill(IdentityFile.USER_CHARS_MAX)));
        int full = tokens(new BlockBuilder(ms.memoryDir()).build());
        // soul.md too, at its 4,000 characters: the owner may grow it.
        String soul = String.join("\n\n", fill(IdentityFile.SOUL_CHARS_MAX - 100));
        soul = soul + " " + "Noted for later.".repeat(10).substring(0, IdentityFile.SOUL_CHARS_MAX - Entries.chars(soul) - 1);
        assertThat(Entries.chars(soul)).isEqualTo(IdentityFile.SOUL_CHARS_MAX);
        Files.writeString(ms.memoryDir().resolve("soul.md"), soul);
        int all = tokens(new BlockBuilder(ms.memoryDir()).build());

        System.out.printf("baseline tokens (o200k_base): %d with the shipped soul.md and empty files,"
                + " %d with memory.md and user.md at their limits, %d with soul.md at its limit too (budget %d)%n",
                empty, full, all, BASELINE_TOKENS_MAX);
        assertThat(empty).isLessThanOrEqualTo(BASELINE_TOKENS_MAX);
        assertThat(full).isLessThanOrEqualTo(BASELINE_TOKENS_MAX);
        assertThat(all).isLessThanOrEqualTo(BASELINE_TOKENS_MAX);
    }

    /** The baseline as the model gets it: the system message and the tools. */
    static int tokens(String block) {
        String system = Baseline.assemble(SystemText.shipped(), block);
        return Tokens.count(system) + Tokens.tools(CoreTools.array());
    }

    /** Entries of prose whose canonical count is exactly {@code chars}. */
    static List<String> fill(int chars) {
        List<String> entries = new ArrayList<>();
        for (int i = 0; ; i++) {
            String next = SENTENCES[i % SENTENCES.length];
            List<String> tried = new ArrayList<>(entries);
            tried.add(next);
            if (Entries.chars(tried) > chars) {
                break;
            }
            entries = tried;
        }
        int missing = chars - Entries.chars(entries);
        String last = entries.remove(entries.size() - 1);
        entries.add(last + " " + "Noted for later.".repeat(missing / 16 + 1).substring(0, missing - 1));
        assertThat(Entries.chars(entries)).isEqualTo(chars);
        return entries;
    }
}
