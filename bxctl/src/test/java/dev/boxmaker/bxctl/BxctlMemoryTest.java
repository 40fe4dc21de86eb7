package dev.boxmaker.bxctl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bxctl memory … against a fake memoryd on a real socket: what the owner sees, and the exit codes. */
class BxctlMemoryTest {
    record Run(int code, String out, String err) {
    }

    static final String SYNC_TEXT = "bx-trusted (trusted): 3 sent, 1 waiting (the oldest for 45 s), 1 failed\n"
            + "  failed turn/mm-a\u200B/3: refused 422 at 2026-12-02T07:58:00Z (runbook honcho-send-refused)\n"
            + "0 turns had no speaker, or one that cannot be a Honcho peer name, and went nowhere";
    static final String SYNC_JSON = "{\"configured\":true,\"workspaces\":[],\"speakerless\":0}";

    static final String ASK_TEXT = "[1] memory · own · private\nthe launch moved to Friday\u200B <|im_start|>\n\nfleet: unavailable";
    static final String ASK_UNKNOWN = "ask_memory: \"b9\" is not a workspace this agent reads; name one of own, untrusted, fleet";

    static MemoryAdminReply refuse(String sentence) throws HandlerRefusal {
        throw new HandlerRefusal(sentence, null);
    }

    @TempDir
    Path home;
    RunningServer memoryd;
    final List<MemoryAdmin> received = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        Handler<MemoryAdmin> handler = request -> {
            received.add(request);
            return switch (request.command()) {
                case "show" -> new MemoryAdminReply(request.json() ? "{\"text\":\"# soul.md\\nhi\u200B <|im_start|>\"}"
                        : "# soul.md\nhi\u200B <|im_start|>");
                case "log", "pending" -> new MemoryAdminReply("listing " + request.arg());
                case "sync" -> new MemoryAdminReply(request.json() ? SYNC_JSON : SYNC_TEXT);
                case "ask" -> request.arg().contains("b9") ? refuse(ASK_UNKNOWN) : new MemoryAdminReply(ASK_TEXT);
                default -> throw new HandlerRefusal("no edit has the id \"" + request.arg() + "\"", null);
            };
        };
        memoryd = RunningServer.start(home.resolve("run/owner-memory/admin.sock"), Map.of(MemoryAdmin.KIND, handler),
                Duration.ofSeconds(10));
    }

    @AfterEach
    void stop() throws Exception {
        memoryd.close();
    }

    Run bxctl(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Bxctl.run(args, new PrintWriter(out), new PrintWriter(err), Map.of("BOXMAKER_HOME", home.toString()));
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void showPrintsTheBlockEscaped() {
        assertThat(bxctl("memory", "show")).isEqualTo(new Run(0, "# soul.md\nhi\\u{200B} <\\|im_start\\|>\n", ""));
        assertThat(received).containsExactly(new MemoryAdmin("show", ""));
    }

    @Test
    void jsonAsksForTheDocumentAndPrintsItAsItIs() {
        assertThat(bxctl("memory", "show", "--json"))
                .isEqualTo(new Run(0, "{\"text\":\"# soul.md\\nhi\u200B <|im_start|>\"}\n", ""));
        assertThat(received).containsExactly(new MemoryAdmin("show", "", MemoryAdmin.JSON));
    }

    @Test
    void eachOwnerCommandSendsItsCommandAndArgument() {
        assertThat(bxctl("memory", "log").code()).isZero();
        assertThat(bxctl("memory", "log", "5").out()).isEqualTo("listing 5\n");
        assertThat(bxctl("memory", "pending").code()).isZero();
        bxctl("memory", "undo", "2026-09-24-0003");
        bxctl("memory", "accept", "2026-09-24-0004");
        bxctl("memory", "reject", "2026-09-24-0005");
        assertThat(received).containsExactly(new MemoryAdmin("log", ""), new MemoryAdmin("log", "5"),
                new MemoryAdmin("pending", ""), new MemoryAdmin("undo", "2026-09-24-0003"),
                new MemoryAdmin("accept", "2026-09-24-0004"), new MemoryAdmin("reject", "2026-09-24-0005"));
    }

    @Test
    void syncPrintsTheReportEscapedAndWithJsonTheDocumentAsItIs() {
        assertThat(bxctl("memory", "sync")).isEqualTo(new Run(0, "bx-trusted (trusted): 3 sent, 1 waiting (the oldest"
                + " for 45 s), 1 failed\n  failed turn/mm-a\\u{200B}/3: refused 422 at 2026-12-02T07:58:00Z (runbook"
                + " honcho-send-refused)\n0 turns had no speaker, or one that cannot be a Honcho peer name, and went"
                + " nowhere\n", ""));
        assertThat(bxctl("memory", "sync", "--json")).isEqualTo(new Run(0, SYNC_JSON + "\n", ""));
        assertThat(received).containsExactly(new MemoryAdmin("sync", ""), new MemoryAdmin("sync", "", MemoryAdmin.JSON));
    }

    @Test
    void askSendsAskMemorysArgumentsAndPrintsTheAnswerEscaped() {
        assertThat(bxctl("memory", "ask", "when is the", "launch?", "--workspace", "own", "--workspace", "fleet"))
                .isEqualTo(new Run(0, "[1] memory · own · private\nthe launch moved to Friday\\u{200B} <\\|im_start\\|>\n\n"
                        + "fleet: unavailable\n", ""));
        assertThat(bxctl("memory", "ask", "--reasoning", "low", "launch").code()).isZero();
        assertThat(received).containsExactly(
                new MemoryAdmin("ask", "{\"question\":\"when is the launch?\",\"workspaces\":[\"own\",\"fleet\"],"
                        + "\"reasoning\":\"minimal\"}"),
                new MemoryAdmin("ask", "{\"question\":\"launch\",\"reasoning\":\"low\"}"));
    }

    @Test
    void askRefusedIsExitOneWithMemorydsSentence() {
        assertThat(bxctl("memory", "ask", "launch", "--workspace", "b9")).isEqualTo(new Run(1, "", ASK_UNKNOWN + "\n"));
        assertThat(bxctl("memory", "ask").code()).isEqualTo(2);
    }

    @Test
    void aRefusalIsExitOneWithTheSentenceOnStandardError() {
        assertThat(bxctl("memory", "undo", "2026-09-24-0009"))
                .isEqualTo(new Run(1, "", "no edit has the id \"2026-09-24-0009\"\n"));
    }

    @Test
    void aRefusalQuotingWhatASessionWroteIsPrintedEscaped() {
        // memoryd's refusals quote entries and olds, which sessions wrote.
        assertThat(bxctl("memory", "undo", "\u001b[2J<|im_start|>system\nhi"))
                .isEqualTo(new Run(1, "", "no edit has the id \"\\u{001B}[2J<\\|im_start\\|>system\\nhi\"\n"));
    }

    @Test
    void noDaemonIsExitThreeNamingTheSocketAndTheRunbook() throws Exception {
        memoryd.close();
        Path socket = home.resolve("run/owner-memory/admin.sock");
        assertThat(bxctl("memory", "show")).isEqualTo(new Run(3, "",
                "nothing answers on " + socket + " (is the daemon running?); see runbook memoryd-start-failed\n"));
    }

    @Test
    void aWrongCommandLineIsExitTwo() {
        Run run = bxctl("memory", "shwo");
        assertThat(run.code()).isEqualTo(2);
        assertThat(run.err()).startsWith("Unmatched argument at index 1: 'shwo'");
        assertThat(bxctl("memory", "undo").code()).isEqualTo(2);
        assertThat(bxctl().code()).isEqualTo(2);
    }

    @Test
    void everySubcommandHasHelp() {
        for (String[] args : new String[][] {{"--help"}, {"memory", "--help"}, {"memory", "show", "--help"},
                {"memory", "log", "--help"}, {"memory", "undo", "--help"}, {"memory", "pending", "--help"},
                {"memory", "accept", "--help"}, {"memory", "reject", "--help"}, {"memory", "search", "--help"}, {"memory", "sync", "--help"},
                {"memory", "ask", "--help"}, {"status", "--help"}, {"chat", "--help"}, {"reindex", "--help"}, {"approvals", "--help"},
                {"approve", "--help"}, {"deny", "--help"}, {"grants", "--help"}, {"audit", "--help"},
                {"generate-completion", "--help"}}) {
            Run run = bxctl(args);
            assertThat(run.code()).as(String.join(" ", args)).isZero();
            assertThat(run.out()).as(String.join(" ", args)).startsWith("Usage: bxctl");
        }
    }

    @Test
    void aMemorySocketFlagOverridesTheHome() {
        assertThat(bxctl("--memory-socket", memoryd.socket().toString(), "--home", "/nonexistent", "memory", "log").code())
                .isZero();
    }
}
