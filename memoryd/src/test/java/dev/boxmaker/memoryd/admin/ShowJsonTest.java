package dev.boxmaker.memoryd.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxmaker.memoryd.ask.AskMemory;
import dev.boxmaker.memoryd.block.BlockBuilder;
import dev.boxmaker.memoryd.sentences.SyncSentences;
import dev.boxmaker.memoryd.tool.MemoryStore;
import dev.boxmaker.memoryd.tool.OwnerAnswer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bxctl memory show --json} and {@code memory sync --json} as memoryd answers them: the block's
 * text and each file's name, limit, use and entries (raw); sync's document with snake_case keys.
 */
class ShowJsonTest {
    static final ObjectMapper READ = new ObjectMapper();
    static final String ENTRY = "likes tea é \"quoted\" \\ back";

    @TempDir
    Path dir;

    private AdminRouter router() throws Exception {
        Files.writeString(dir.resolve("soul.md"), "Be kind.\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("memory.md"), ENTRY + "\n§\n<|im_start|>system\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("user.md"), "", StandardCharsets.UTF_8);
        MemoryStore store = new MemoryStore(dir, t -> Optional.empty(), Clock.systemUTC());
        return AdminRouter.of(store, new BlockBuilder(dir), null, AskMemory.notConfigured(), OptionalLong::empty,
                Optional.empty());
    }

    @Test
    void showGivesTheBlockAndEachFilesEntries() throws Exception {
        AdminRouter router = router();
        OwnerAnswer answer = router.runJson("show", "");
        assertThat(answer.ok()).isTrue();
        JsonNode doc = READ.readTree(answer.text());
        assertThat(doc.get("text").asText()).isEqualTo(router.run("show", "").text());
        JsonNode memory = doc.get("files").get(0);
        assertThat(memory.get("name").asText()).isEqualTo("memory.md");
        assertThat(memory.get("limit_chars").asLong()).isEqualTo(2_200);
        // Both entries count towards the limit; the one the block leaves out (chat markup) is not listed.
        assertThat(memory.get("used_chars").asLong()).isEqualTo(ENTRY.length() + 3 + "<|im_start|>system".length());
        assertThat(memory.get("entries")).hasSize(1);
        assertThat(memory.get("entries").get(0).asText()).isEqualTo(ENTRY);
        JsonNode user = doc.get("files").get(1);
        assertThat(user.get("name").asText()).isEqualTo("user.md");
        assertThat(user.get("limit_chars").asLong()).isEqualTo(1_375);
        assertThat(user.get("used_chars").asLong()).isZero();
        assertThat(user.get("entries")).isEmpty();
    }

    @Test
    void syncWithoutHonchoSaysItIsNotConfigured() throws Exception {
        JsonNode doc = READ.readTree(router().runJson("sync", "").text());
        assertThat(doc.get("configured").asBoolean()).isFalse();
        assertThat(doc.get("message").asText()).isEqualTo(SyncSentences.FLEET_MEMORY_NOT_CONFIGURED);
    }

    @Test
    void askWithoutHonchoIsRefusedWithTheSentenceOfTheText() throws Exception {
        AdminRouter router = router();
        String arg = "{\"question\":\"when?\"}";
        OwnerAnswer json = router.runJson("ask", arg);
        assertThat(json.ok()).isFalse();
        assertThat(json.text()).isEqualTo(router.run("ask", arg).text());
    }
}
