package dev.boxmaker.brokerd.grants;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.brokerd.decide.Decider;
import dev.boxmaker.brokerd.decide.Decision;
import dev.boxmaker.brokerd.threads.BrokerdThreads;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.Label;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading grants/ all or nothing, the built-ins, reloading, and matching (brokerd.md, "Grants"). */
class GrantsTest {
    static final String FETCH = "tool = \"http_fetch\"\nmode = \"auto\"\nmax_taint = \"private\"\nresult_class = \"public\"\n"
            + "untrusted = true\nhosts = [\"example.org\"]\ntimeout = \"30s\"\n";
    static final Label CLEAN = Label.SESSION_START;

    @TempDir
    Path dir;

    static ObjectNode args(String json) throws Exception {
        return (ObjectNode) Json.MAPPER.readTree(json);
    }

    static String sha256(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void theBuiltInsArePresentWithAnEmptyGrantsFolder() throws Exception {
        GrantSet set = GrantLoader.load(dir);

        assertThat(set.isValid()).isTrue();
        assertThat(set.owners()).isEmpty();
        assertThat(set.matchable()).extracting(Grant::id).containsExactly("builtin-ask_memory", "builtin-memory",
                "builtin-recall");
        Decision recall = Decider.decide(set, "recall", args("{\"query\": \"q\"}"), new Label(DataClass.SECRET, true));
        assertThat(recall.verdict()).isEqualTo(Decision.Verdict.RUN);
        assertThat(recall.grant().orElseThrow().id()).isEqualTo("builtin-recall");
        assertThat(Decider.decide(set, "memory", args("{}"), CLEAN).grant().orElseThrow().id()).isEqualTo("builtin-memory");
        Decision ask = Decider.decide(set, "ask_memory", args("{\"question\": \"q\"}"), new Label(DataClass.SECRET, true));
        assertThat(ask.verdict()).isEqualTo(Decision.Verdict.RUN);
        assertThat(ask.grant().orElseThrow().id()).isEqualTo("builtin-ask_memory");
    }

    /** brokerd's wait on memoryd for ask_memory is the grant's timeout, wire.md's 170 s. */
    @Test
    void askMemorysBuiltInWaitsWiresLimit() {
        Grant ask = GrantSet.builtins().stream().filter(g -> g.tool().equals("ask_memory")).findFirst().orElseThrow();
        assertThat(ask.timeout()).isEqualTo(Duration.ofSeconds(dev.boxmaker.proto.client.Wait.MEMORY_CALL_ASK_MEMORY_SECONDS))
                .isEqualTo(Duration.ofSeconds(170));
        assertThat(ask.result()).isEqualTo(new Label(DataClass.PRIVATE, false));
        assertThat(ask.maxTaint()).isEqualTo(DataClass.SECRET);
    }

    @Test
    void theBuiltInsHashIsTheSpecsTextExactly() throws Exception {
        String recall = "# built in: recall\ntool = \"recall\"\nmode = \"auto\"\nmax_taint = \"secret\"\n"
                + "result_class = \"private\"\nuntrusted = false\n";
        String memory = recall.replace("recall", "memory");
        Grant r = GrantSet.builtins().stream().filter(g -> g.tool().equals("recall")).findFirst().orElseThrow();
        Grant m = GrantSet.builtins().stream().filter(g -> g.tool().equals("memory")).findFirst().orElseThrow();

        assertThat(r.sha256()).isEqualTo(sha256(recall));
        assertThat(m.sha256()).isEqualTo(sha256(memory));
        assertThat(r.result()).isEqualTo(new Label(DataClass.PRIVATE, false));
        assertThat(r.maxTaint()).isEqualTo(DataClass.SECRET);
        assertThat(r.mode()).isEqualTo(Grant.Mode.AUTO);
    }

    @Test
    void aGrantNamingRecallOrMemoryIsRefusedAtLoadWithTheSpecsSentence() throws Exception {
        for (String tool : new String[] {"recall", "memory"}) {
            Files.writeString(dir.resolve("more.toml"), "tool = \"" + tool + "\"\nmode = \"deny\"\n");

            GrantSet set = GrantLoader.load(dir);

            assertThat(set.problem()).contains("grants/more.toml: the policy of recall, memory and ask_memory is built in; remove this grant");
        }
    }

    @Test
    void builtinIdsAreReserved() throws Exception {
        Files.writeString(dir.resolve("builtin-fetch.toml"), FETCH);

        assertThat(GrantLoader.load(dir).problem())
                .contains("grants/builtin-fetch.toml: grant ids starting \"builtin-\" are reserved; rename the file");
    }

    @Test
    void eachKindOfBadFileIsNamed() throws Exception {
        assertProblem("a.toml", "tool = ", "grants/a.toml: the file is not valid TOML");
        assertProblem("a.toml", FETCH + "colour = \"red\"\n", "grants/a.toml: unknown key \"colour\"");
        assertProblem("a.toml", "tool = \"Fetch!\"\nmode = \"auto\"\n",
                "grants/a.toml: \"tool\" must be a tool's name: a-z, 0-9 and \"_\", starting with a letter");
        assertProblem("a.toml", "tool = \"t\"\nmode = \"maybe\"\n", "grants/a.toml: \"mode\" must be \"auto\", \"ask\" or \"deny\"");
        assertProblem("a.toml", "tool = \"t\"\nmode = \"auto\"\nmax_taint = \"top\"\n",
                "grants/a.toml: \"max_taint\" must be \"public\", \"private\" or \"secret\"");
        assertProblem("a.toml", "tool = \"t\"\nmode = \"auto\"\nuntrusted = \"no\"\n",
                "grants/a.toml: \"untrusted\" must be true or false");
        assertProblem("a.toml", "tool = \"t\"\nmode = \"auto\"\npatterns = [\"(\"]\n",
                "grants/a.toml: \"patterns\" holds \"(\", which does not compile");
        assertProblem("a.toml", "tool = \"t\"\nmode = \"auto\"\ntimeout = \"2h\"\n",
                "grants/a.toml: \"timeout\" must be a duration such as \"30s\", above zero and at most 3,600 seconds");
        assertProblem("a.toml", "tool = \"t\"\nmode = \"auto\"\ntimeout = \"3600001ms\"\n",
                "grants/a.toml: \"timeout\" must be a duration such as \"30s\", above zero and at most 3,600 seconds");
        assertProblem("a.toml", "tool = \"t\"\nmode = \"auto\"\npatterns = [\"" + "a".repeat(1_025) + "\"]\n",
                "grants/a.toml: \"patterns\" must be a list of at most 256 strings, each of 1 to 1,024 characters");
        assertProblem("A.toml", FETCH, "grants/A.toml: the file's name must be 1 to 64 of a-z, 0-9, \"_\" and \"-\","
                + " starting with a letter or digit, then .toml");
    }

    @Test
    void aTimeoutOfExactlyTheLimitIsAccepted() throws Exception {
        Files.writeString(dir.resolve("a.toml"), "tool = \"t\"\nmode = \"auto\"\ntimeout = \"3600000ms\"\n");

        assertThat(GrantLoader.load(dir).owners()).extracting(Grant::timeout).containsExactly(java.time.Duration.ofHours(1));
    }

    private void assertProblem(String name, String text, String problem) throws Exception {
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Files.writeString(dir.resolve(name), text);
        assertThat(GrantLoader.load(dir).problem()).contains(problem);
    }

    @Test
    void oneInvalidFileDeniesEveryCallTheBuiltInsIncluded() throws Exception {
        Files.writeString(dir.resolve("fetch.toml"), FETCH);
        Files.writeString(dir.resolve("zz.toml"), "mode = ");
        GrantSet set = GrantLoader.load(dir);

        for (String tool : new String[] {"recall", "memory", "http_fetch"}) {
            Decision d = Decider.decide(set, tool, args("{\"url\": \"https://example.org/\"}"), CLEAN);
            assertThat(d.verdict()).isEqualTo(Decision.Verdict.DENY);
            assertThat(d.sentence()).isEqualTo("the grants are invalid, so every call is denied until the owner fixes them:"
                    + " grants/zz.toml: the file is not valid TOML (runbook grants-invalid)");
        }
    }

    @Test
    void theWatcherReloadsAfterAFix() throws Exception {
        Files.writeString(dir.resolve("fetch.toml"), "tool = ");
        try (BrokerdThreads threads = BrokerdThreads.start();
                GrantWatcher watcher = new GrantWatcher(dir, threads.timers())) {
            assertThat(watcher.current().isValid()).isFalse();

            Files.writeString(dir.resolve("fetch.toml"), FETCH);
            watcher.check();

            assertThat(watcher.current().isValid()).isTrue();
            assertThat(watcher.current().owners()).extracting(Grant::id).containsExactly("fetch");
            assertThat(watcher.current().owners().get(0).sha256()).isEqualTo(sha256(FETCH));
        }
    }

    @Test
    void denyBeatsAutoBeatsAskAndTheFirstByIdWins() throws Exception {
        String ask = FETCH.replace("auto", "ask");
        Files.writeString(dir.resolve("c-ask.toml"), ask);
        Files.writeString(dir.resolve("b-auto.toml"), FETCH);
        Files.writeString(dir.resolve("a-auto.toml"), FETCH);
        ObjectNode url = args("{\"url\": \"https://Example.org/x\"}");
        assertThat(Decider.decide(GrantLoader.load(dir), "http_fetch", url, CLEAN).grant().orElseThrow().id()).isEqualTo("a-auto");

        Files.delete(dir.resolve("a-auto.toml"));
        Files.delete(dir.resolve("b-auto.toml"));
        assertThat(Decider.decide(GrantLoader.load(dir), "http_fetch", url, CLEAN).verdict()).isEqualTo(Decision.Verdict.ASK);

        Files.writeString(dir.resolve("d-deny.toml"), FETCH.replace("auto", "deny"));
        Files.writeString(dir.resolve("b-auto.toml"), FETCH);
        Decision d = Decider.decide(GrantLoader.load(dir), "http_fetch", url, CLEAN);
        assertThat(d.verdict()).isEqualTo(Decision.Verdict.DENY);
        assertThat(d.sentence()).isEqualTo("grant d-deny denies http_fetch");
    }

    @Test
    void withNoGrantTheSentenceNamesTheClassAndWhatFailed() throws Exception {
        Files.writeString(dir.resolve("fetch.toml"), FETCH);
        GrantSet set = GrantLoader.load(dir);

        assertThat(Decider.decide(set, "read_file", args("{}"), CLEAN).sentence())
                .isEqualTo("no grant allows read_file for this session (its class is private; no grant names it)");
        assertThat(Decider.decide(set, "http_fetch", args("{\"url\": \"https://example.org/\"}"),
                new Label(DataClass.SECRET, false)).sentence())
                .isEqualTo("no grant allows http_fetch for this session (its class is secret; every grant for it needs a lower class)");
        assertThat(Decider.decide(set, "http_fetch", args("{\"url\": \"https://evil.example/\"}"), CLEAN).sentence())
                .isEqualTo("no grant allows http_fetch for this session"
                        + " (its class is private; its arguments meet no grant's hosts, paths or patterns)");
    }

    @Test
    void pathsArePlainAbsoluteGlobsAndPatternsMatchTheWholeArguments() throws Exception {
        Files.writeString(dir.resolve("read.toml"), "tool = \"read_file\"\nmode = \"auto\"\npaths = [\"/srv/notes/**\"]\n");
        Files.writeString(dir.resolve("echo.toml"), "tool = \"echo\"\nmode = \"auto\"\npatterns = [\"\\\\{\\\"text\\\":\\\"[a-z]+\\\"}\"]\n");
        GrantSet set = GrantLoader.load(dir);
        assertThat(set.problem()).isEmpty();

        assertThat(Decider.decide(set, "read_file", args("{\"path\": \"/srv/notes/q3.txt\"}"), CLEAN).verdict())
                .isEqualTo(Decision.Verdict.RUN);
        assertThat(Decider.decide(set, "read_file", args("{\"path\": \"/srv/notes/../../etc/passwd\"}"), CLEAN).verdict())
                .isEqualTo(Decision.Verdict.DENY);
        assertThat(Decider.decide(set, "echo", args("{\"text\": \"hello\"}"), CLEAN).verdict()).isEqualTo(Decision.Verdict.RUN);
        assertThat(Decider.decide(set, "echo", args("{\"text\": \"hello\", \"x\": 1}"), CLEAN).verdict())
                .isEqualTo(Decision.Verdict.DENY);
    }
}
