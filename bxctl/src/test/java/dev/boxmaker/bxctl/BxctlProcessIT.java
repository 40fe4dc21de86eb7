package dev.boxmaker.bxctl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.BrokerAdminReply;
import dev.boxmaker.proto.wire.msg.BrokerStats;
import dev.boxmaker.proto.wire.msg.BrokerStatsReply;
import dev.boxmaker.proto.wire.msg.LoopStats;
import dev.boxmaker.proto.wire.msg.LoopStatsReply;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.MemoryStats;
import dev.boxmaker.proto.wire.msg.MemoryStatsReply;
import dev.boxmaker.proto.wire.msg.Reindex;
import dev.boxmaker.proto.wire.msg.Reindexed;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * bin/bxctl as the owner runs it: a process on the class path the build copies to bxctl/target/cli,
 * with the cache of its training run, against fake daemons on real sockets. A jar that class path
 * lacks fails here, not on the owner's machine. Each run must print what bxctl run in this JVM, on
 * the whole test class path, prints for the same command line, byte for byte, with the same exit
 * code; both ways bin/bxctl starts a JVM are run (JDK 25 with its AOT cache where it is installed,
 * and the {@code java} on the PATH with its AppCDS archive).
 */
class BxctlProcessIT {
    static final Path BXCTL = Path.of(System.getProperty("boxmaker.root", "..")).resolve("bin/bxctl");
    static final String JDK25 = "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java";
    /** The first run of a JVM trains its cache (seconds); a minute is far past any run. */
    static final long RUN_WAIT_SECONDS = 60;

    record Run(int code, String out, String err) {
    }

    static final String[][] HELP = {
        {"--help"}, {"memory", "--help"}, {"memory", "show", "--help"}, {"memory", "log", "--help"},
        {"memory", "undo", "--help"}, {"memory", "pending", "--help"}, {"memory", "accept", "--help"},
        {"memory", "reject", "--help"}, {"memory", "search", "--help"}, {"memory", "sync", "--help"},
        {"status", "--help"}, {"chat", "--help"},
        {"reindex", "--help"}, {"approvals", "--help"}, {"approve", "--help"}, {"deny", "--help"},
        {"grants", "--help"}, {"audit", "--help"}, {"generate-completion", "--help"}, {"generate-completion"},
        {"statsu"}, {"memory", "shwo"},
    };

    /** One call through each daemon and each way of printing a reply, a refusal among them. */
    static final String[][] CALLS = {
        {"status"}, {"memory", "show"}, {"--json", "memory", "show"}, {"memory", "log", "5"},
        {"memory", "undo", "2026-09-24-0009"}, {"memory", "search", "launch", "window", "-k", "3"}, {"reindex"},
        {"memory", "sync"}, {"--json", "memory", "sync"}, {"--json", "memory", "undo", "2026-09-24-0009"},
        {"grants"}, {"audit", "5"}, {"chat", "--session", "chat-abc", "hello"},
        {"--json", "chat", "--session", "chat-abc", "hello"},
    };

    @TempDir
    Path home;
    final List<RunningServer> daemons = new ArrayList<>();

    @BeforeEach
    void start() throws IOException {
        Handler<MemoryAdmin> admin = request -> switch (request.command()) {
            case "show" -> new MemoryAdminReply(request.json() ? "{\"text\":\"# soul.md\\nhi\u200B <|im_start|>\"}"
                    : "# soul.md\nhi\u200B <|im_start|>");
            case "undo" -> throw new HandlerRefusal("no edit has the id \"" + request.arg() + "\"", null);
            default -> new MemoryAdminReply(request.command() + " " + request.arg() + (request.json() ? "json" : ""));
        };
        Handler<Reindex> reindex = request -> new Reindexed(2, 1208, 1);
        Handler<BrokerAdmin> broker = request -> new BrokerAdminReply(request.command() + "(" + request.arg() + ")");
        Handler<Turn> loop = turn -> {
            if (turn.text().equals("wait")) {
                // A turn that runs until the test ends, as one waiting for the owner's approval does.
                turnArrived.countDown();
                try {
                    turnEnds.await(RUN_WAIT_SECONDS, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return new TurnReply(turn.session(), 1, "you said: " + turn.text()
                    + (turn.speaker() == null ? "" : " (" + turn.speaker() + ")") + "\u202E");
        };
        Handler<MemoryStats> memoryStats = request -> new MemoryStatsReply("0.1.0", 61, 2_000_000L, 1_208L, 4_096_000, "none", null);
        Handler<BrokerStats> brokerStats = request -> new BrokerStatsReply("0.1.0", 61, 2_000_000L, 3, 0, null);
        Handler<LoopStats> loopStats = request -> new LoopStatsReply("0.1.0", 61, 2_000_000L, 2, 0, 0, null, null);
        daemons.add(RunningServer.start(home.resolve("run/owner-memory/admin.sock"),
                Map.of(MemoryAdmin.KIND, admin, Reindex.KIND, reindex, MemoryStats.KIND, memoryStats), Duration.ofSeconds(10)));
        daemons.add(RunningServer.start(home.resolve("run/owner-broker/admin.sock"),
                Map.of(BrokerAdmin.KIND, broker, BrokerStats.KIND, brokerStats), Duration.ofSeconds(10)));
        daemons.add(RunningServer.start(home.resolve("run/owner-loop/loop.sock"), Map.of(Turn.KIND, loop, LoopStats.KIND, loopStats),
                Duration.ofSeconds(10)));
    }

    final java.util.concurrent.CountDownLatch turnArrived = new java.util.concurrent.CountDownLatch(1);
    final java.util.concurrent.CountDownLatch turnEnds = new java.util.concurrent.CountDownLatch(1);

    @AfterEach
    void stop() throws Exception {
        turnEnds.countDown();
        for (RunningServer daemon : daemons) {
            daemon.close();
        }
    }

    /** The JVMs bin/bxctl can start: JDK 25 where installed, and the {@code java} on the PATH. */
    static List<String> jvms() {
        return Files.isExecutable(Path.of(JDK25)) ? List.of(JDK25, "") : List.of("");
    }

    @ParameterizedTest
    @MethodSource("jvms")
    void everyCommandsHelpIsWhatBxctlPrints(String java25) throws Exception {
        for (String[] args : HELP) {
            assertThat(process(java25, args)).as(String.join(" ", args)).isEqualTo(inProcess(args));
        }
    }

    @ParameterizedTest
    @MethodSource("jvms")
    void eachDaemonCallIsWhatBxctlPrints(String java25) throws Exception {
        for (String[] args : CALLS) {
            assertThat(process(java25, args)).as(String.join(" ", args)).isEqualTo(inProcess(args));
        }
        assertThat(process(java25, "status")).isEqualTo(new Run(0,
                "memoryd: answering on " + home.resolve("run/owner-memory/admin.sock") + "\n"
                        + "  version 0.1.0, up 1 min, resident 2.0 MB\n"
                        + "  index: 1,208 records, 4.1 MB; no reindex or catch-up is running\n"
                        + "brokerd: answering on " + home.resolve("run/owner-broker/admin.sock") + "\n"
                        + "  version 0.1.0, up 1 min, resident 2.0 MB\n"
                        + "  sessions tracked: 3; approvals waiting: 0; grants: valid\n"
                        + "loopd: answering on " + home.resolve("run/owner-loop/loop.sock") + "\n"
                        + "  version 0.1.0, up 1 min, resident 2.0 MB\n"
                        + "  sessions in memory: 2; turns: 0 running, 0 queued\n"
                        + "  model: none configured; its last error: none\n", ""));
        assertThat(process(java25, "memory", "show")).isEqualTo(new Run(0, "# soul.md\nhi\\u{200B} <\\|im_start\\|>\n", ""));
        assertThat(process(java25, "--json", "memory", "show"))
                .isEqualTo(new Run(0, "{\"text\":\"# soul.md\\nhi\u200B <|im_start|>\"}\n", ""));
        assertThat(process(java25, "memory", "undo", "2026-09-24-0009"))
                .isEqualTo(new Run(1, "", "no edit has the id \"2026-09-24-0009\"\n"));
        assertThat(process(java25, "--json", "memory", "undo", "2026-09-24-0009")).isEqualTo(new Run(1,
                "{\"error\":\"no edit has the id \\\"2026-09-24-0009\\\"\",\"runbook\":null}\n",
                "no edit has the id \"2026-09-24-0009\"\n"));
        // --json prints memoryd's text as it is: the document memoryd wrote for format json.
        assertThat(process(java25, "--json", "memory", "sync")).isEqualTo(new Run(0, "sync json\n", ""));
    }

    /** bin/bxctl's class path holds what reading {home}/bxctl.toml loads (SmallRye Config, the TOML reader). */
    @ParameterizedTest
    @MethodSource("jvms")
    void chatTakesTheOwnersNameFromBxctlToml(String java25) throws Exception {
        Path file = Files.writeString(home.resolve("bxctl.toml"), "[owner]\nname = \"kyle\"\n");
        assertThat(process(java25, "chat", "--session", "chat-abc", "hello"))
                .isEqualTo(new Run(0, "you said: hello (kyle)\\u{202E}\n", ""));
        Files.writeString(file, "[owner]\nnmae = \"kyle\"\n");
        Run refused = process(java25, "chat", "--session", "chat-abc", "hello");
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("boxmaker.owner.nmae").endsWith("bxctl chat sent nothing; fix " + file
                + ", or name the speaker with --speaker NAME\n");
        assertThat(refused).isEqualTo(inProcess("chat", "--session", "chat-abc", "hello"));
    }

    @ParameterizedTest
    @MethodSource("jvms")
    void noDaemonIsExitThree(String java25) throws Exception {
        daemons.get(0).close();
        Path socket = home.resolve("run/owner-memory/admin.sock");
        assertThat(process(java25, "memory", "show")).isEqualTo(new Run(3, "",
                "nothing answers on " + socket + " (is the daemon running?); see runbook memoryd-start-failed\n"));
    }

    /**
     * Ctrl-C (SIGINT) while a turn runs: bxctl stops waiting, says that loopd goes on with the turn and
     * how to read its answer later, and exits as a process stopped by SIGINT does (130).
     */
    @org.junit.jupiter.api.Test
    void ctrlCWhileATurnRunsSaysHowToReadItsAnswerLater() throws Exception {
        // A shell without job control starts a background command with SIGINT ignored, its children
        // inherit that, and a JVM started so never installs its Ctrl-C handler: bxctl could not stop.
        String ignored = Files.readAllLines(Path.of("/proc/self/status")).stream()
                .filter(line -> line.startsWith("SigIgn:")).map(line -> line.substring(7).trim()).findFirst().orElse("0");
        boolean sigintIgnored = (Long.parseUnsignedLong(ignored, 16) & (1L << 1)) != 0;
        if (sigintIgnored) {
            System.out.println("BxctlProcessIT: Ctrl-C not tested: SIGINT is ignored in this test's process (the"
                    + " tests were started in the background of a shell without job control); run them in the foreground");
        }
        org.junit.jupiter.api.Assumptions.assumeFalse(sigintIgnored, "SIGINT is ignored in this test's process");
        ProcessBuilder builder = new ProcessBuilder(BXCTL.toString(), "chat", "--session", "chat-abc", "wait")
                .redirectInput(new java.io.File("/dev/null"));
        builder.environment().put("BOXMAKER_HOME", home.toString());
        Path out = Files.createTempFile(home, "out", ".txt");
        Path err = Files.createTempFile(home, "err", ".txt");
        Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(turnArrived.await(RUN_WAIT_SECONDS, TimeUnit.SECONDS)).as("the turn reached loopd").isTrue();

        assertThat(new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor()).isZero();

        assertThat(process.waitFor(RUN_WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(new Run(process.exitValue(), Files.readString(out), Files.readString(err))).isEqualTo(new Run(130, "",
                "bxctl stopped waiting, but the turn goes on in loopd; read its answer later with:"
                        + " bxctl chat --session chat-abc --last\n"));
    }

    /**
     * Issue 27, item 10: a socket this user may not open (EACCES) is said so, not "is the daemon
     * running?". bxctl runs as another user (nobody, through setpriv) when the test runs as root, who
     * may open anything; else on a socket made mode 000.
     */
    @Test
    void aSocketThisUserMayNotOpenIsSaidSoWithExitThree() throws Exception {
        Path socket = home.resolve("run/owner-memory/admin.sock");
        Path cli = BXCTL.getParent().getParent().resolve("bxctl/target/cli");
        List<String> command = new ArrayList<>();
        if ("root".equals(System.getProperty("user.name"))) {
            command.addAll(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"));
        } else {
            Files.setPosixFilePermissions(socket, java.util.Set.of());
        }
        command.addAll(List.of("java", "-cp", cli.resolve("*").toString(), "dev.boxmaker.bxctl.Cli",
                "--home", home.toString(), "memory", "show"));

        assertThat(run(command, "", "memory", "show")).isEqualTo(new Run(3, "", "the socket " + socket
                + " exists, but this user may not open it (permission denied); run this as the user the daemons"
                + " run as; see runbook memoryd-start-failed\n"));
    }

    /** bin/bxctl on a standard input that cannot be read: one sentence, no stack trace, exit 4. */
    @ParameterizedTest
    @MethodSource("jvms")
    void anErrorOfBxctlsOwnIsOneSentenceAndExitFour(String java25) throws Exception {
        List<String> command = List.of("sh", "-c", "exec \"$0\" chat --session chat-abc < \"$BOXMAKER_HOME\"",
                BXCTL.toString());
        assertThat(run(command, java25, "chat", "<", "FOLDER")).isEqualTo(new Run(4, "",
                "session chat-abc; type a message and press Enter; end with Ctrl-D\n"
                        + "bxctl stopped on an unexpected error of its own (IOException), not a daemon's refusal; what"
                        + " it did before that stays done; run it again, and report it if it happens again\n"));
    }

    /**
     * The commands that send a frame never load jackson-databind (its mapper's setup was most of their
     * cold start, docs/benchmarks.md): each runs on bin/bxctl's class path, without a cache, with the
     * JVM logging every class it loads, and prints what it prints in this JVM.
     */
    @ParameterizedTest
    @MethodSource("jvms")
    void theCallsLoadNoDatabindClass(String java25) throws Exception {
        String java = java25.isEmpty() ? "java" : java25;
        Path cli = BXCTL.getParent().getParent().resolve("bxctl/target/cli");
        Path loaded = home.resolve("classes.txt");
        for (String[] args : CALLS) {
            List<String> command = new ArrayList<>(List.of(java, "-Xlog:class+load=info:file=" + loaded,
                    "-cp", cli.resolve("*").toString(), "dev.boxmaker.bxctl.Cli"));
            command.addAll(List.of(args));
            assertThat(run(command, "", args)).as(String.join(" ", args)).isEqualTo(inProcess(args));
            assertThat(Files.readString(loaded)).as(String.join(" ", args)).contains("dev.boxmaker.bxctl.Cli")
                    .doesNotContain("com.fasterxml.jackson.databind");
        }
    }

    /** bin/bxctl with {@code args}, BOXMAKER_HOME the fake daemons' home and BOXMAKER_JAVA25 as given. */
    Run process(String java25, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(BXCTL.toString()));
        command.addAll(List.of(args));
        return run(command, java25, args);
    }

    private Run run(List<String> command, String java25, String... args) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).redirectInput(new java.io.File("/dev/null"));
        builder.environment().put("BOXMAKER_HOME", home.toString());
        builder.environment().put("BOXMAKER_JAVA25", java25);
        Path out = Files.createTempFile(home, "out", ".txt");
        Path err = Files.createTempFile(home, "err", ".txt");
        Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!process.waitFor(RUN_WAIT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("bin/bxctl " + String.join(" ", args) + " did not end within a minute");
        }
        return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    /** bxctl in this JVM with {@code args}, as bin/bxctl's process would run it. */
    Run inProcess(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Bxctl.run(args, new ByteArrayInputStream(new byte[0]), new PrintWriter(out), new PrintWriter(err),
                Map.of("BOXMAKER_HOME", home.toString()));
        return new Run(code, out.toString(), err.toString());
    }
}
