package dev.boxmaker.brokerd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.brokerd.audit.AuditLog;
import dev.boxmaker.brokerd.audit.AuditRecord;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.ClientException;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.testing.HeldLock;
import dev.boxmaker.proto.testing.Refusals;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionStateReply;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged brokerd as a process: a session's taint survives a SIGKILL and a restart; a second
 * brokerd on a running home, or on one whose lock another process holds, is refused with one line.
 */
class BrokerdProcessIT {
    static final Path JAR = Path.of("target/quarkus-app/quarkus-run.jar").toAbsolutePath();
    static final Duration WAIT = Duration.ofSeconds(10);
    static final long START_WAIT_SECONDS = 60;

    @TempDir
    Path home;
    private Path config;
    private Process brokerd;

    @BeforeEach
    void prepare() throws Exception {
        config = home.resolve("brokerd.toml");
        Files.writeString(config, "[paths]\nhome = \"" + home + "\"\n[runtime]\nkind = \"exec\"\n"
                + "[runtime.exec.fetch]\ncommand = [\"/bin/cat\"]\n");
        Files.createDirectories(home.resolve("grants"));
        Files.writeString(home.resolve("grants/fetch.toml"),
                "tool = \"fetch\"\nmode = \"auto\"\nmax_taint = \"secret\"\nresult_class = \"secret\"\nuntrusted = true\n");
    }

    @AfterEach
    void cleanUp() throws Exception {
        if (brokerd != null) {
            brokerd.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aTaintedSessionStaysTaintedAfterSigkillAndRestart() throws Exception {
        start();
        assertThat(state("chat-1")).isEqualTo(new SessionStateReply(DataClass.PRIVATE, false));
        Message reply = SocketClient.call(home.resolve("run/loop-broker/broker.sock"),
                TestHome.request("chat-1", "c1", "fetch", "{\"url\": \"https://example.org/\"}"), WAIT, WAIT, "test");
        assertThat(((ToolResponse) reply).outcome()).isEqualTo(Outcome.OK);
        assertThat(state("chat-1")).isEqualTo(new SessionStateReply(DataClass.SECRET, true));

        // destroyForcibly is SIGKILL on Linux: no shutdown hook runs.
        brokerd.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        assertThat(brokerd.exitValue()).isEqualTo(137);
        start();

        assertThat(state("chat-1")).isEqualTo(new SessionStateReply(DataClass.SECRET, true));
        assertThat(state("chat-2")).isEqualTo(new SessionStateReply(DataClass.PRIVATE, false));
    }

    @Test
    void aSecondBrokerdOnARunningHomeRefusesWithOneLineAndTheFirstKeepsServing() throws Exception {
        start();
        Path log = home.resolve("second.log");
        assertThat(Refusals.awaitRefusal(launch(log), log, START_WAIT_SECONDS))
                .isEqualTo("brokerd could not start: another process is answering on "
                        + home.resolve("run/loop-broker/broker.sock") + "; stop it or give this daemon another socket path"
                        + " (runbook brokerd-start-failed)\n");
        assertThat(state("chat-1")).isEqualTo(new SessionStateReply(DataClass.PRIVATE, false));
    }

    /**
     * A brokerd started while another process holds the home's lock (another brokerd started in the
     * same moment, before either answers) stops with one line and touches nothing: the audit log's
     * last line, still being written by the other, is not cut as a crash's torn line. Once the lock is
     * let go, brokerd starts, and only then is that line, now truly left by a crash, cut.
     */
    @Test
    void aBrokerdStartedWhileTheHomeIsLockedRefusesWithOneLineAndLeavesTheAuditLogAlone() throws Exception {
        Path audit = home.resolve("audit");
        new AuditLog(audit).append(new AuditRecord("2026-11-01T00:00:00Z", "chat-1", "c1", "fetch", "00", "fetch", "11",
                AuditRecord.AUTO, Outcome.OK, DataClass.SECRET, true));
        Path month = audit.resolve("2026-11.jsonl");
        String whole = Files.readString(month);
        Files.writeString(month, whole + "{\"time\":\"2026-11-01T00:00:01Z\",\"session\":\"chat-2\"");
        byte[] written = Files.readAllBytes(month);
        Path lock = audit.resolve("brokerd.lock");
        try (HeldLock held = HeldLock.on(lock)) {
            Path log = home.resolve("second.log");
            assertThat(Refusals.awaitRefusal(launch(log), log, START_WAIT_SECONDS))
                    .isEqualTo("brokerd could not start: another brokerd is running on this home"
                            + " (it holds " + lock + "); stop it first (runbook brokerd-start-failed)\n");
            assertThat(Files.readAllBytes(month)).isEqualTo(written);
            assertThat(home.resolve("run")).doesNotExist();
        }
        start();
        assertThat(state("chat-1")).isEqualTo(new SessionStateReply(DataClass.SECRET, true));
        assertThat(Files.readString(month)).isEqualTo(whole);
    }

    /** An audit log with a line that is not a record stops the start with its one line, and nothing is served. */
    @Test
    void aDamagedAuditLogStopsTheStartWithOneLine() throws Exception {
        Files.createDirectories(home.resolve("audit"));
        Files.writeString(home.resolve("audit/2026-11.jsonl"), "not json\n");
        Path log = home.resolve("brokerd.log");
        assertThat(Refusals.awaitRefusal(launch(log), log, START_WAIT_SECONDS))
                .isEqualTo("brokerd could not start: audit/2026-11.jsonl line 1 is not an audit record; brokerd will not"
                        + " guess the sessions' taint (runbook brokerd-audit-damaged)\n");
        assertThat(home.resolve("run")).doesNotExist();
        assertThat(Files.readString(home.resolve("audit/2026-11.jsonl"))).isEqualTo("not json\n");
    }

    /** Starts {@code brokerd serve} on the test's configuration, its output in {@code log}; does not wait. */
    private Process launch(Path log) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        return new ProcessBuilder(java, "-jar", JAR.toString(), "serve", "--config", config.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private void start() throws Exception {
        brokerd = launch(home.resolve("brokerd.log"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_WAIT_SECONDS);
        while (true) {
            try {
                state("chat-0");
                return;
            } catch (ClientException e) {
                if (System.nanoTime() > deadline || !brokerd.isAlive()) {
                    throw new AssertionError("brokerd did not start: " + Files.readString(home.resolve("brokerd.log")), e);
                }
                Thread.sleep(100);
            }
        }
    }

    private SessionStateReply state(String session) throws ClientException {
        return (SessionStateReply) SocketClient.call(home.resolve("run/memory-broker/state.sock"),
                new SessionState(SessionId.of(session)), WAIT, WAIT, "test");
    }
}
