package dev.boxmaker.loopd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.loopd.testing.FakeBrokerd;
import dev.boxmaker.loopd.testing.FakeMemoryd;
import dev.boxmaker.loopd.testing.ScriptedModel;
import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.ClientException;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.testing.HeldLock;
import dev.boxmaker.proto.testing.Refusals;
import dev.boxmaker.proto.testing.TestServers;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Turn;
import dev.boxmaker.proto.wire.msg.TurnReply;
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged loopd as a process: turns with a tool call, a SIGKILL and restart, no model, a second
 * loopd on a running home, the self-test.
 */
class LoopdIT {
    static final Path JAR = Path.of("target/quarkus-app/quarkus-run.jar").toAbsolutePath();
    static final Duration WAIT = Duration.ofSeconds(30);
    static final long START_WAIT_SECONDS = 60;

    @TempDir
    Path home;
    private Path config;
    private Process loopd;
    private Vertx vertx;

    @BeforeEach
    void prepare() throws Exception {
        config = home.resolve("loopd.toml");
        vertx = TestServers.vertx();
    }

    @AfterEach
    void cleanUp() throws Exception {
        if (loopd != null) {
            loopd.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        TestServers.close(vertx);
    }

    @Test
    void aTurnWithARecallSurvivesASigkillAndTheSessionGoesOn() throws Exception {
        try (ScriptedModel model = ScriptedModel.start();
                FakeMemoryd memoryd = new FakeMemoryd(vertx, home.resolve("run/loop-memory/memory.sock"));
                FakeBrokerd brokerd = new FakeBrokerd(vertx, home.resolve("run/loop-broker/broker.sock"))) {
            Files.writeString(config, "[paths]\nhome = \"" + home + "\"\n[model]\nurl = \"" + model.url() + "\"\n");
            model.add(Reply.toolCall("call_1", "recall", "{\"query\":\"launch\"}"), Reply.text("Thursday."), Reply.text("Yes."));
            start();

            assertThat(turn("chat-1", "when is the launch?")).isEqualTo(new TurnReply(SessionId.of("chat-1"), 1, "Thursday."));
            assertThat(brokerd.requests).hasSize(1);
            assertThat(memoryd.updates).hasSize(1);
            byte[] baseline = Files.readAllBytes(home.resolve("sessions/chat-1/0.baseline.json"));

            loopd.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            memoryd.block = "a changed block";
            start();

            assertThat(turn("chat-1", "sure?")).isEqualTo(new TurnReply(SessionId.of("chat-1"), 2, "Yes."));
            assertThat(Files.readAllBytes(home.resolve("sessions/chat-1/0.baseline.json"))).isEqualTo(baseline);
            assertThat(Files.readAllLines(home.resolve("sessions/chat-1/0.jsonl"), StandardCharsets.UTF_8)).hasSize(6);
            Message sessions = SocketClient.call(socket(), new LoopAdmin("sessions", ""), WAIT, WAIT, "test");
            assertThat(((LoopAdminReply) sessions).text()).startsWith("chat-1  started ").endsWith("  6 records");
        }
    }

    @Test
    void withNoModelLoopdStartsAndRefusesTurnsWithTheSentence() throws Exception {
        Files.writeString(config, "[paths]\nhome = \"" + home + "\"\n");
        start();

        assertThat(turn("chat-1", "hello")).isEqualTo(new ErrorReply(Sentences.NO_MODEL, "model-unavailable"));
    }

    @Test
    void aSecondLoopdOnARunningHomeRefusesWithOneLineAndTheFirstKeepsServing() throws Exception {
        Files.writeString(config, "[paths]\nhome = \"" + home + "\"\n");
        start();
        Path log = home.resolve("second.log");
        assertThat(Refusals.awaitRefusal(launch(log), log, START_WAIT_SECONDS))
                .isEqualTo("loopd could not start: another process is answering on "
                        + socket() + "; stop it or give this daemon another socket path"
                        + " (runbook loopd-start-failed)\n");
        assertThat(turn("chat-1", "hello")).isEqualTo(new ErrorReply(Sentences.NO_MODEL, "model-unavailable"));
    }

    /**
     * A loopd started while another process holds the home's lock (another loopd started in the same
     * moment, before either answers) stops with one line and serves nothing; once the lock is let go,
     * loopd starts and serves.
     */
    @Test
    void aLoopdStartedWhileTheHomeIsLockedRefusesWithOneLine() throws Exception {
        Files.writeString(config, "[paths]\nhome = \"" + home + "\"\n");
        Path lock = home.resolve("run/loopd.lock");
        try (HeldLock held = HeldLock.on(lock)) {
            Path log = home.resolve("second.log");
            assertThat(Refusals.awaitRefusal(launch(log), log, START_WAIT_SECONDS))
                    .isEqualTo("loopd could not start: another loopd is running on this home"
                            + " (it holds " + lock + "); stop it first (runbook loopd-start-failed)\n");
            try (Stream<Path> run = Files.list(home.resolve("run"))) {
                assertThat(run.map(p -> p.getFileName().toString())).containsExactly("loopd.lock");
            }
            assertThat(home.resolve("sessions")).doesNotExist();
        }
        start();
        assertThat(turn("chat-1", "hello")).isEqualTo(new ErrorReply(Sentences.NO_MODEL, "model-unavailable"));
    }

    @Test
    void theSelfTestPasses() throws Exception {
        Process p = new ProcessBuilder(java(), "-jar", JAR.toString(), "self-test").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("ok      the second prompt extends the first byte for byte").endsWith("self-test passed\n");
    }

    /**
     * A log write that fails after the turn's user record: loopd runs with a file-size limit (the JVM
     * ignores SIGXFSZ, so a write past it fails with EFBIG) that its baseline and the user record fit
     * in and the model's long answer does not. The refusal says the message is in the log already.
     */
    @Test
    void aLogWriteThatFailsAfterTheMessageSaysTheMessageIsInTheLog() throws Exception {
        try (ScriptedModel model = ScriptedModel.start();
                FakeMemoryd memoryd = new FakeMemoryd(vertx, home.resolve("run/loop-memory/memory.sock"))) {
            Files.writeString(config, "[paths]\nhome = \"" + home + "\"\n[model]\nurl = \"" + model.url() + "\"\n");
            model.add(Reply.text("long ".repeat(FILE_LIMIT_BLOCKS * 1024 / 5 + 1)));
            start(new ProcessBuilder("/bin/sh", "-c", "ulimit -f " + FILE_LIMIT_BLOCKS + " && exec \"$0\" \"$@\"", java(),
                    "-jar", JAR.toString(), "serve", "--config", config.toString())
                    .redirectErrorStream(true).redirectOutput(home.resolve("loopd.log").toFile()).start());

            Message reply = turn("chat-1", "hello");

            assertThat(reply).isInstanceOf(ErrorReply.class);
            assertThat(((ErrorReply) reply).message()).startsWith("your message is already in the session's log, so do"
                    + " not send it again: the log of session chat-1 could not be written (")
                    .endsWith("); the turn stopped; check the disk");
            assertThat(Files.readAllLines(home.resolve("sessions/chat-1/0.jsonl"), StandardCharsets.UTF_8))
                    .singleElement().satisfies(line -> assertThat(line).contains("\"type\":\"user\"", "\"content\":\"hello\""));
        }
    }

    /**
     * The largest file loopd may write in that test, in 1,024-byte blocks: above its baseline's size
     * and netty's native library (about 100 KB, unpacked to a temporary file at start).
     */
    static final int FILE_LIMIT_BLOCKS = 256;

    private Message turn(String session, String text) throws ClientException {
        return SocketClient.call(socket(), new Turn(SessionId.of(session), text, "owner"), WAIT, WAIT, "test");
    }

    private Path socket() {
        return home.resolve("run/owner-loop/loop.sock");
    }

    /** Starts {@code loopd serve} on the test's configuration, its output in {@code log}; does not wait. */
    private Process launch(Path log) throws Exception {
        return new ProcessBuilder(java(), "-jar", JAR.toString(), "serve", "--config", config.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private void start() throws Exception {
        start(launch(home.resolve("loopd.log")));
    }

    private void start(Process process) throws Exception {
        loopd = process;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_WAIT_SECONDS);
        while (true) {
            try {
                SocketClient.call(socket(), new LoopAdmin("sessions", ""), WAIT, WAIT, "test");
                return;
            } catch (ClientException e) {
                if (System.nanoTime() > deadline || !loopd.isAlive()) {
                    throw new AssertionError("loopd did not start: " + Files.readString(home.resolve("loopd.log")), e);
                }
                Thread.sleep(100);
            }
        }
    }

    private static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }
}
