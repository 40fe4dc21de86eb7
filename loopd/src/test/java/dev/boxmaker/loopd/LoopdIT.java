package dev.boxmaker.loopd;

import dev.boxmaker.loopd.sentences.Sentences;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.loopd.testing.FakeBrokerd;
import dev.boxmaker.loopd.testing.FakeMemoryd;
import dev.boxmaker.loopd.testing.ScriptedModel;
import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.ClientException;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.loopd.sockets.TurnHandler;
import dev.boxmaker.proto.testing.HeldLock;
import dev.boxmaker.proto.testing.RawSocket;
import dev.boxmaker.proto.wire.Frames;
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
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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
    static final Path MAKE_RUN = Path.of(System.getProperty("boxmaker.root", "..")).resolve("bin/boxmaker-run");
    static final String TOO_LONG = TurnLimitTest.TOO_LONG;

    @TempDir
    Path home;
    private Path config;
    private Process loopd;
    /** Options before {@code -jar}: none, or the heap {@code make run} gives loopd. */
    private List<String> jvmOptions = List.of();
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

    /**
     * Issue 27, item 2: three turns of nearly 16 MiB at once, on the heap {@code make run} gives
     * loopd, are each refused with the sentence, as is one character over the limit; loopd still
     * answers a turn after, as {@code bxctl chat} sends it.
     */
    @Test
    void largeTurnsAreRefusedWithTheSentenceOnMakeRunsHeapAndLoopdGoesOn() throws Exception {
        try (ScriptedModel model = ScriptedModel.start();
                FakeMemoryd memoryd = new FakeMemoryd(vertx, home.resolve("run/loop-memory/memory.sock"));
                FakeBrokerd brokerd = new FakeBrokerd(vertx, home.resolve("run/loop-broker/broker.sock"))) {
            Files.writeString(config, "[paths]\nhome = \"" + home + "\"\n[model]\nurl = \"" + model.url() + "\"\n");
            model.whenEmpty(Reply.text("hi"));
            jvmOptions = List.of("-Xmx" + makeRunHeap("LOOPD_HEAP"));
            start();
            ExecutorService clients = Executors.newFixedThreadPool(3);
            try {
                String huge = "x".repeat(Frames.FRAME_BYTES_MAX - 1_000);
                List<Future<Message>> replies = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    String session = "chat-big" + i;
                    replies.add(clients.submit(() -> turn(session, huge)));
                }
                for (Future<Message> reply : replies) {
                    assertThat(reply.get(60, TimeUnit.SECONDS)).isEqualTo(new ErrorReply(TOO_LONG, null));
                }
            } finally {
                clients.shutdownNow();
            }
            assertThat(turn("chat-1", "y".repeat(TurnHandler.TURN_TEXT_CHARS_MAX + 1))).isEqualTo(new ErrorReply(TOO_LONG, null));

            assertThat(turn("chat-1", "hi")).isEqualTo(new TurnReply(SessionId.of("chat-1"), 1, "hi"));
            assertThat(home.resolve("sessions/chat-big0")).doesNotExist();
            assertThat(loopd.isAlive()).isTrue();
        }
    }

    /** Issue 27, item 6: connections that only announce 16 MiB leave loopd's socket answering. */
    @Test
    void connectionsAnnouncingSixteenMebibytesLeaveTheSocketAnswering() throws Exception {
        Files.writeString(config, "[paths]\nhome = \"" + home + "\"\n");
        start();
        List<RawSocket> announcers = new ArrayList<>();
        try {
            for (int i = 0; i < 17; i++) {
                RawSocket raw = RawSocket.open(socket());
                announcers.add(raw);
                raw.write(RawSocket.header(Frames.FRAME_BYTES_MAX));
            }
            for (int i = 0; i < 3; i++) {
                assertThat(turn("chat-" + i, "hello")).isEqualTo(new ErrorReply(Sentences.NO_MODEL, "model-unavailable"));
            }
        } finally {
            for (RawSocket raw : announcers) {
                raw.close();
            }
        }
    }

    /** Issue 27, item 7: a client that shuts its output after its turn (nc -N) gets the answer. */
    @Test
    void aClientThatShutsItsOutputAfterItsTurnGetsTheAnswer() throws Exception {
        try (ScriptedModel model = ScriptedModel.start();
                FakeMemoryd memoryd = new FakeMemoryd(vertx, home.resolve("run/loop-memory/memory.sock"));
                FakeBrokerd brokerd = new FakeBrokerd(vertx, home.resolve("run/loop-broker/broker.sock"))) {
            Files.writeString(config, "[paths]\nhome = \"" + home + "\"\n[model]\nurl = \"" + model.url() + "\"\n");
            model.add(Reply.text("answered").after(300));
            start();
            try (RawSocket raw = RawSocket.open(socket())) {
                raw.write(Frames.encode(new Turn(SessionId.of("chat-1"), "hello", null)));
                raw.shutdownOutput();

                assertThat(raw.receive(WAIT).message()).isEqualTo(new TurnReply(SessionId.of("chat-1"), 1, "answered"));
            }
        }
    }

    private Message turn(String session, String text) throws ClientException {
        return SocketClient.call(socket(), new Turn(SessionId.of(session), text, "owner"), WAIT, WAIT, "test");
    }

    private Path socket() {
        return home.resolve("run/owner-loop/loop.sock");
    }

    /** Starts {@code loopd serve} on the test's configuration, its output in {@code log}; does not wait. */
    private Process launch(Path log) throws Exception {
        List<String> command = new ArrayList<>(List.of(java()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", JAR.toString(), "serve", "--config", config.toString()));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
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

    /** The heap bin/boxmaker-run (make run) gives a daemon: its {@code NAME=value} line. */
    static String makeRunHeap(String name) throws Exception {
        Matcher m = Pattern.compile("(?m)^" + name + "=(\\S+)$").matcher(Files.readString(MAKE_RUN));
        assertThat(m.find()).as(name + " in " + MAKE_RUN).isTrue();
        return m.group(1);
    }

    private static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }
}
