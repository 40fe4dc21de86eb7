package dev.boxmaker.memoryd.tool;

import static dev.boxmaker.memoryd.tool.Fixture.clean;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxmaker.memoryd.admin.AdminRouter;
import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.files.IdentityFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code memory_admin} with {@code format} json, as {@code bxctl memory log|pending|undo|accept|reject --json}
 * prints it: each answer parsed with Jackson, its fields and values asserted; entries raw, not escaped.
 */
class OwnerJsonAnswersTest {
    static final ObjectMapper READ = new ObjectMapper();
    static final String T = Fixture.START;

    @TempDir
    Path dir;

    static JsonNode json(AdminRouter router, String command, String arg) throws Exception {
        OwnerAnswer answer = router.runJson(command, arg);
        assertThat(answer.ok()).as(answer.text()).isTrue();
        return READ.readTree(answer.text());
    }

    @Test
    void logGivesEachEditAsItsFieldsNewestFirstWithEntriesRaw() throws Exception {
        MemoryStore store = new MemoryStore(dir, Fixture.CHECK, new Fixture.TestClock(T));
        store.add(clean(), IdentityFile.MEMORY, "a\u200Bb <|im_start|>");
        store.add(clean(), IdentityFile.MEMORY, "two\nlines");
        store.consolidate(clean(), IdentityFile.MEMORY,
                List.of(Request.Item.move("a\u200Bb <|im_start|>"), Request.Item.drop("two\nlines"), Request.Item.added("c")));
        AdminRouter router = AdminRouter.ofStore(store);

        JsonNode doc = json(router, "log", "");
        assertThat(doc.get("cut").asBoolean()).isFalse();
        JsonNode edits = doc.get("edits");
        assertThat(edits).hasSize(3);
        JsonNode last = edits.get(0);
        assertThat(last.get("id").asText()).isEqualTo("2026-09-24-0003");
        assertThat(last.get("time").asText()).isEqualTo(T);
        assertThat(last.get("session").asText()).isEqualTo(Fixture.CLEAN.value());
        assertThat(last.get("call").asText()).isEqualTo("call_1");
        assertThat(last.get("action").asText()).isEqualTo("consolidate");
        assertThat(last.get("file").asText()).isEqualTo("memory");
        assertThat(last.get("to").asText()).isEqualTo("memory.md");
        assertThat(texts(last.get("old"))).containsExactly("a\u200Bb <|im_start|>", "two\nlines");
        assertThat(texts(last.get("new"))).containsExactly("c");
        assertThat(texts(last.get("moved"))).containsExactly("a\u200Bb <|im_start|>");
        assertThat(texts(last.get("dropped"))).containsExactly("two\nlines");
        assertThat(last.get("class").asText()).isEqualTo("private");
        assertThat(last.get("untrusted").asBoolean()).isFalse();
        assertThat(last.get("undoes").isNull()).isTrue();
        assertThat(last.get("pending").isNull()).isTrue();
        assertThat(texts(edits.get(2).get("new"))).containsExactly("a\u200Bb <|im_start|>");

        assertThat(texts(json(router, "log", "1 before 2026-09-24-0002").get("edits").get(0).get("new")))
                .containsExactly("a\u200Bb <|im_start|>");
        assertThat(json(router, "log", "5 before 2026-09-24-0001").get("edits")).isEmpty();
        assertThat(router.runJson("log", "0").ok()).isFalse();
        assertThat(router.runJson("log", "5 before 2026-09-24-0009").text())
                .isEqualTo(router.run("log", "5 before 2026-09-24-0009").text());
    }

    @Test
    void aLogPastTheLimitIsCutAfterAWholeEditAndSaysSo() throws Exception {
        List<Edit> edits = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            edits.add(new Edit("2026-09-24-000" + i, T, "owner", null, null, "add", "memory", "memory.md", List.of(),
                    List.of("e" + i), List.of(), List.of(), false, "private", null, null));
        }
        JsonNode doc = READ.readTree(ListingsJson.log(edits, 1));
        assertThat(doc.get("cut").asBoolean()).isTrue();
        assertThat(doc.get("edits")).hasSize(1);
        assertThat(doc.get("edits").get(0).get("id").asText()).isEqualTo("2026-09-24-0003");
        assertThat(READ.readTree(ListingsJson.log(edits)).get("edits")).hasSize(3);
    }

    @Test
    void pendingGivesEachWaitingWriteAndAcceptAndRejectTheirOutcome() throws Exception {
        MemoryStore store = new MemoryStore(dir, Fixture.CHECK, new Fixture.TestClock(T), true);
        Fixture.write(dir.resolve("user.md"), "nothing\n");
        store.replace(clean(), IdentityFile.USER, "nothing", "x");
        store.add(clean(), IdentityFile.MEMORY, "a\u0001");
        store.add(clean(), IdentityFile.USER, "u");
        AdminRouter router = AdminRouter.ofStore(store);

        JsonNode pending = json(router, "pending", "").get("pending");
        assertThat(pending).hasSize(3);
        JsonNode add = pending.get(1);
        assertThat(add.get("id").asText()).isEqualTo("2026-09-24-0002");
        assertThat(add.get("time").asText()).isEqualTo(T);
        assertThat(add.get("session").asText()).isEqualTo(Fixture.CLEAN.value());
        assertThat(add.get("call").asText()).isEqualTo("call_1");
        assertThat(add.get("state").asText()).isEqualTo("waiting");
        assertThat(add.get("action").asText()).isEqualTo("add");
        assertThat(add.get("file").asText()).isEqualTo("memory");
        assertThat(texts(add.get("old"))).isEmpty();
        assertThat(texts(add.get("new"))).containsExactly("a\u0001");
        assertThat(add.get("class").asText()).isEqualTo("private");
        assertThat(add.get("request").get("text").asText()).isEqualTo("a\u0001");
        assertThat(texts(pending.get(0).get("old"))).containsExactly("nothing");
        assertThat(texts(pending.get(0).get("new"))).containsExactly("x");

        JsonNode accepted = json(router, "accept", "2026-09-24-0002");
        assertThat(accepted.get("outcome").asText()).isEqualTo("accepted");
        assertThat(accepted.get("id").asText()).isEqualTo("2026-09-24-0002");
        assertThat(accepted.get("edit").asText()).isEqualTo("2026-09-24-0004");
        assertThat(accepted.get("message").asText()).startsWith("accepted 2026-09-24-0002: added to memory.md");
        JsonNode rejected = json(router, "reject", "2026-09-24-0003");
        assertThat(rejected.get("outcome").asText()).isEqualTo("rejected");
        assertThat(rejected.get("edit").asText()).isEqualTo("2026-09-24-0005");
        assertThat(rejected.get("message").asText())
                .isEqualTo("rejected 2026-09-24-0003 as 2026-09-24-0005; it will not be applied");
        assertThat(json(router, "pending", "").get("pending")).hasSize(1);
        assertThat(router.runJson("accept", "2026-09-24-0003").ok()).isFalse();
    }

    @Test
    void undoGivesItsOutcome() throws Exception {
        MemoryStore store = new MemoryStore(dir, Fixture.CHECK, new Fixture.TestClock(T));
        store.add(clean(), IdentityFile.MEMORY, "a");
        JsonNode undone = json(AdminRouter.ofStore(store), "undo", "2026-09-24-0001");
        assertThat(undone.get("outcome").asText()).isEqualTo("undone");
        assertThat(undone.get("id").asText()).isEqualTo("2026-09-24-0001");
        assertThat(undone.get("edit").asText()).isEqualTo("2026-09-24-0002");
        assertThat(undone.get("message").asText()).isEqualTo(store.findEdit("2026-09-24-0002").isPresent()
                ? "undid 2026-09-24-0001 as 2026-09-24-0002: memory.md is back to 0 entries (0 of 2,200 characters)" : "");
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
