package dev.boxmaker.bxctl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.wire.msg.Turn;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bxctl chat against a fake loopd on a real socket. */
class ChatCommandTest {
    record Run(int code, String out, String err) {
    }

    @TempDir
    Path home;
    RunningServer loopd;
    final List<Turn> turns = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        Handler<Turn> handler = turn -> {
            turns.add(turn);
            if (turn.text().equals("model down")) {
                // loopd's own sentence, which already names its runbook entry (loopd Sentences.modelDown).
                throw new HandlerRefusal("the model at http://127.0.0.1:8080/v1/chat/completions did not answer after"
                        + " 3 tries (ConnectException); check that it runs (runbook model-unavailable)", "model-unavailable");
            }
            if (turn.text().equals("fail")) {
                throw new HandlerRefusal("memory is unavailable, so no new session can start: x", "memory-unavailable");
            }
            return new TurnReply(turn.session(), turns.size(), "you said: " + turn.text() + "\u202E");
        };
        loopd = RunningServer.start(home.resolve("run/owner-loop/loop.sock"), Map.of(Turn.KIND, handler),
                Duration.ofSeconds(10));
    }

    @AfterEach
    void stop() throws Exception {
        loopd.close();
    }

    Run bxctl(String input, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Bxctl.run(args, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                new PrintWriter(out), new PrintWriter(err), Map.of("BOXMAKER_HOME", home.toString()));
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void aMessageIsOneTurnInANewSessionAndTheReplyIsPrintedEscaped() {
        Run run = bxctl("", "chat", "hello", "there");
        assertThat(turns).hasSize(1);
        String session = turns.get(0).session().value();
        assertThat(session).matches("chat-\\d{8}t\\d{6}-[0-9a-f]{4}");
        assertThat(run).isEqualTo(new Run(0, "you said: hello there\\u{202E}\n",
                "session " + session + "; go on with: bxctl chat --session " + session + " MESSAGE\n"));
        assertThat(turns.get(0).text()).isEqualTo("hello there");
        assertThat(turns.get(0).speaker()).isNull();
    }

    @Test
    void withoutAMessageEachLineIsATurnOfOneSession() {
        Run run = bxctl("first\n\nsecond\n", "chat", "--session", "chat-abc", "--speaker", "kyle");
        assertThat(run).isEqualTo(new Run(0, "you said: first\\u{202E}\nyou said: second\\u{202E}\n",
                "session chat-abc; type a message and press Enter; end with Ctrl-D\n"));
        assertThat(turns).containsExactly(new Turn(dev.boxmaker.proto.SessionId.of("chat-abc"), "first", "kyle"),
                new Turn(dev.boxmaker.proto.SessionId.of("chat-abc"), "second", "kyle"));
    }

    @Test
    void aConversationWithARefusedTurnGoesOnAndEndsWithExitOne() {
        Run run = bxctl("first\nfail\nsecond\n", "chat", "--session", "chat-abc");
        assertThat(run).isEqualTo(new Run(1, "you said: first\\u{202E}\nyou said: second\\u{202E}\n",
                "session chat-abc; type a message and press Enter; end with Ctrl-D\n"
                        + "memory is unavailable, so no new session can start: x (runbook memory-unavailable)\n"));
        assertThat(turns).hasSize(3);
    }

    @Test
    void aRefusedTurnIsExitOneWithItsRunbook() {
        assertThat(bxctl("", "chat", "fail")).isEqualTo(new Run(1, "",
                "memory is unavailable, so no new session can start: x (runbook memory-unavailable)\n"));
    }

    @Test
    void aSentenceThatNamesItsRunbookIsPrintedWithItOnce() {
        assertThat(bxctl("", "chat", "model", "down")).isEqualTo(new Run(1, "",
                "the model at http://127.0.0.1:8080/v1/chat/completions did not answer after 3 tries (ConnectException);"
                        + " check that it runs (runbook model-unavailable)\n"));
    }

    @Test
    void withJsonARefusalsBodyIsPrintedAsTheOtherCommandsPrintIt() {
        assertThat(bxctl("", "--json", "chat", "fail")).isEqualTo(new Run(1,
                "{\"error\":\"memory is unavailable, so no new session can start: x\",\"runbook\":\"memory-unavailable\"}\n",
                "memory is unavailable, so no new session can start: x (runbook memory-unavailable)\n"));
    }

    @Test
    void aMessageTooLongForAFrameIsUsageWithTheSentenceAndNoStackTrace() {
        Run run = bxctl("", "chat", "--session", "chat-abc", "x".repeat(17_000_000));
        assertThat(run.code()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).matches("this request cannot be sent: frame too large: 17,000,\\d{3} bytes; the limit is"
                + " 16,777,216\n");
        assertThat(turns).isEmpty();
    }

    @Test
    void anInvalidSessionIsUsage() {
        Run run = bxctl("", "chat", "--session", "../x", "hi");
        assertThat(run.code()).isEqualTo(2);
        assertThat(run.err()).startsWith("invalid session id \"../x\"");
        assertThat(turns).isEmpty();
    }

    @Test
    void anErrorOfBxctlsOwnIsOneSentenceAndExitFourWithoutAStackTrace() throws Exception {
        // Standard input that cannot be read, as in bxctl chat < FOLDER: the read fails (EISDIR).
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code;
        try (java.io.InputStream folder = java.nio.file.Files.newInputStream(home)) {
            code = Bxctl.run(new String[] {"chat", "--session", "chat-abc"}, folder, new PrintWriter(out),
                    new PrintWriter(err), Map.of("BOXMAKER_HOME", home.toString()));
        }
        assertThat(new Run(code, out.toString(), err.toString())).isEqualTo(new Run(4, "",
                "session chat-abc; type a message and press Enter; end with Ctrl-D\n"
                        + "bxctl stopped on an unexpected error of its own (IOException), not a daemon's refusal; what"
                        + " it did before that stays done; run it again, and report it if it happens again\n"));
        assertThat(turns).isEmpty();
    }

    @Test
    void noLoopdIsExitThree() throws Exception {
        loopd.close();
        assertThat(bxctl("", "chat", "hi")).isEqualTo(new Run(3, "", "nothing answers on "
                + home.resolve("run/owner-loop/loop.sock") + " (is the daemon running?); see runbook loopd-start-failed\n"));
    }
}
