package dev.boxmaker.bxctl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.wire.msg.Turn;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bxctl chat's speaker (the M5c spec, section 11): {@code --speaker NAME}, else {@code [owner] name}
 * in {@code {home}/bxctl.toml}, else none; asserted on the exact Turn a fake loopd receives.
 */
class ChatSpeakerTest {
    private static final SessionId SESSION = SessionId.of("chat-abc");

    record Run(int code, String out, String err) {
    }

    @TempDir
    Path home;
    RunningServer loopd;
    final List<Turn> turns = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() {
        Handler<Turn> handler = turn -> {
            turns.add(turn);
            return new TurnReply(turn.session(), turns.size(), "ok");
        };
        loopd = RunningServer.start(home.resolve("run/owner-loop/loop.sock"), Map.of(Turn.KIND, handler),
                Duration.ofSeconds(10));
    }

    @AfterEach
    void stop() throws Exception {
        loopd.close();
    }

    private Run bxctl(String input, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Bxctl.run(args, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                new PrintWriter(out), new PrintWriter(err), Map.of("BOXMAKER_HOME", home.toString()));
        return new Run(code, out.toString(), err.toString());
    }

    private Path config(String text) throws IOException {
        return Files.writeString(home.resolve("bxctl.toml"), text);
    }

    @Test
    void theOwnersNameFromBxctlTomlIsTheSpeaker() throws IOException {
        config("[owner]\nname = \"kyle\"\n");
        assertThat(bxctl("", "chat", "--session", "chat-abc", "hello")).isEqualTo(new Run(0, "ok\n", ""));
        assertThat(turns).containsExactly(new Turn(SESSION, "hello", "kyle"));
    }

    @Test
    void theOwnersNameSpeaksEveryTurnOfAConversation() throws IOException {
        config("[owner]\nname = \"kyle\"\n");
        bxctl("one\ntwo\n", "chat", "--session", "chat-abc");
        assertThat(turns).containsExactly(new Turn(SESSION, "one", "kyle"), new Turn(SESSION, "two", "kyle"));
    }

    @Test
    void speakerOnTheCommandLineWinsOverTheFile() throws IOException {
        config("[owner]\nname = \"kyle\"\n");
        bxctl("", "chat", "--session", "chat-abc", "--speaker", "ann", "hello");
        assertThat(turns).containsExactly(new Turn(SESSION, "hello", "ann"));
    }

    @Test
    void noFileMeansNoSpeaker() {
        bxctl("", "chat", "--session", "chat-abc", "hello");
        assertThat(turns).containsExactly(new Turn(SESSION, "hello", null));
    }

    @Test
    void aFileWithoutAnOwnerOrWithABlankNameMeansNoSpeaker() throws IOException {
        config("# nothing yet\n");
        bxctl("", "chat", "--session", "chat-abc", "hello");
        config("[owner]\nname = \"\"\n");
        bxctl("", "chat", "--session", "chat-abc", "again");
        assertThat(turns).containsExactly(new Turn(SESSION, "hello", null), new Turn(SESSION, "again", null));
    }

    @Test
    void anUnknownKeyIsUsageNamingTheKeyAndNothingIsSent() throws IOException {
        Path file = config("[owner]\nnmae = \"kyle\"\n");
        Run run = bxctl("", "chat", "--session", "chat-abc", "hello");
        assertThat(run.code()).isEqualTo(Exit.USAGE);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).startsWith("the configuration file " + file
                + " was refused; fix each key named below and start again\n");
        assertThat(run.err()).contains("boxmaker.owner.nmae");
        assertThat(run.err()).endsWith("\nbxctl chat sent nothing; fix " + file
                + ", or name the speaker with --speaker NAME\n");
        assertThat(turns).isEmpty();
    }

    @Test
    void aFileThatIsNotTomlIsUsageAndNothingIsSent() throws IOException {
        Path file = config("[owner\nname = kyle\n");
        Run run = bxctl("", "chat", "--session", "chat-abc", "hello");
        assertThat(run.code()).isEqualTo(Exit.USAGE);
        assertThat(run.err()).startsWith("the configuration file " + file + " is not valid TOML (line 1): ");
        assertThat(run.err()).endsWith("\nbxctl chat sent nothing; fix " + file
                + ", or name the speaker with --speaker NAME\n");
        assertThat(turns).isEmpty();
    }

    @Test
    void anInvalidFileDoesNotMatterWhenTheSpeakerIsGiven() throws IOException {
        config("[owner\n");
        assertThat(bxctl("", "chat", "--session", "chat-abc", "--speaker", "ann", "hello").code()).isZero();
        assertThat(turns).containsExactly(new Turn(SESSION, "hello", "ann"));
    }
}
