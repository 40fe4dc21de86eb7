package dev.boxmaker.bxctl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxmaker.proto.owner.OwnerJson;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.BrokerAdminReply;
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

/**
 * {@code --json} as a script reads it, parsed with Jackson: each command asks the daemon for its
 * document ({@code format} json) and prints it as it came, one line; a refusal, a daemon that does not
 * answer and a usage error print {@code {"error", "runbook"}} on standard output with the exit code of the
 * text; {@code memory log --all --json} prints one edit a line, page after page.
 */
class JsonOutputTest {
    static final ObjectMapper READ = new ObjectMapper();

    record Run(int code, String out, String err) {
        JsonNode json() {
            try {
                return READ.readTree(out);
            } catch (Exception e) {
                throw new AssertionError("not JSON: " + out, e);
            }
        }
    }

    @TempDir
    Path home;
    RunningServer memoryd;
    RunningServer brokerd;
    final List<String> received = new CopyOnWriteArrayList<>();

    /** 450 edits, ids e0449 (newest) down to e0000, served by {@link #page}. */
    static final int EDITS = 450;

    @BeforeEach
    void start() throws Exception {
        Handler<MemoryAdmin> memory = request -> {
            received.add(request.command() + " " + request.arg() + " " + request.format());
            return switch (request.command()) {
                case "log" -> new MemoryAdminReply(page(request.arg()));
                case "undo" -> throw new HandlerRefusal("no edit has the id \"x\"", "memory-unavailable");
                default -> new MemoryAdminReply(OwnerJson.outcome("accepted", request.arg(), "2026-12-07-0009",
                        "accepted " + request.arg()));
            };
        };
        Handler<BrokerAdmin> broker = request -> {
            received.add(request.command() + " " + request.arg() + " " + request.format());
            return new BrokerAdminReply(OwnerJson.document(g -> {
                g.writeStartObject();
                g.writeArrayFieldStart("grants");
                g.writeStartObject();
                g.writeStringField("id", "bx-memory");
                g.writeNumberField("timeout_seconds", 30);
                g.writeEndObject();
                g.writeEndArray();
                g.writeEndObject();
            }));
        };
        memoryd = RunningServer.start(home.resolve("run/owner-memory/admin.sock"), Map.of(MemoryAdmin.KIND, memory),
                Duration.ofSeconds(10));
        brokerd = RunningServer.start(home.resolve("run/owner-broker/admin.sock"), Map.of(BrokerAdmin.KIND, broker),
                Duration.ofSeconds(10));
    }

    @AfterEach
    void stop() throws Exception {
        memoryd.close();
        brokerd.close();
    }

    /** A page of {@code log "N before ID"} as memoryd's document: the N edits below ID, newest first. */
    static String page(String arg) {
        String[] parts = arg.split(" ");
        int count = Integer.parseInt(parts[0]);
        int below = parts.length == 3 ? Integer.parseInt(parts[2].substring(1)) : EDITS;
        return OwnerJson.document(g -> {
            g.writeStartObject();
            g.writeArrayFieldStart("edits");
            for (int n = below - 1; n >= Math.max(0, below - count); n--) {
                g.writeStartObject();
                g.writeStringField("id", String.format("e%04d", n));
                OwnerJson.texts(g, "new", List.of("entry " + n + "\n\u0000"));
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeBooleanField("cut", false);
            g.writeEndObject();
        });
    }

    Run bxctl(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Bxctl.run(args, new PrintWriter(out), new PrintWriter(err), Map.of("BOXMAKER_HOME", home.toString()));
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void aCommandAsksForTheDocumentAndPrintsItsFields() {
        Run grants = bxctl("grants", "--json");
        assertThat(grants.code()).isZero();
        assertThat(grants.json().at("/grants/0/id").asText()).isEqualTo("bx-memory");
        assertThat(grants.json().at("/grants/0/timeout_seconds").asLong()).isEqualTo(30);
        Run accept = bxctl("memory", "accept", "2026-12-07-0004", "--json");
        assertThat(accept.code()).isZero();
        assertThat(accept.json().get("outcome").asText()).isEqualTo("accepted");
        assertThat(accept.json().get("id").asText()).isEqualTo("2026-12-07-0004");
        assertThat(accept.json().get("edit").asText()).isEqualTo("2026-12-07-0009");
        assertThat(received).containsExactly("grants  json", "accept 2026-12-07-0004 json");
    }

    @Test
    void aRefusalIsAnErrorObjectOnStandardOutputWithExitOne() {
        Run undo = bxctl("memory", "undo", "x", "--json");
        assertThat(undo.code()).isEqualTo(Exit.REFUSED);
        assertThat(undo.json().get("error").asText()).isEqualTo("no edit has the id \"x\"");
        assertThat(undo.json().get("runbook").asText()).isEqualTo("memory-unavailable");
        assertThat(undo.json().size()).isEqualTo(2);
        assertThat(undo.err()).isEqualTo("no edit has the id \"x\" (runbook memory-unavailable)\n");
    }

    @Test
    void aDaemonThatDoesNotAnswerIsAnErrorObjectWithItsRunbookAndExitThree() throws Exception {
        brokerd.close();
        Run run = bxctl("audit", "--json");
        assertThat(run.code()).isEqualTo(Exit.NO_ANSWER);
        assertThat(run.json().get("runbook").asText()).isEqualTo(BrokerCommands.RUNBOOK);
        assertThat(run.json().get("error").asText()).isEqualTo(run.err().strip());
    }

    @Test
    void aUsageErrorIsAnErrorObjectWithExitTwo() {
        Run run = bxctl("memory", "log", "5", "--all", "--json");
        assertThat(run.code()).isEqualTo(Exit.USAGE);
        assertThat(run.json().get("error").asText()).isEqualTo(BxctlSentences.LOG_ALL_OR_N);
        assertThat(run.json().get("runbook").isNull()).isTrue();
    }

    @Test
    void logAllPrintsOneEditALinePageAfterPage() throws Exception {
        Run run = bxctl("memory", "log", "--all", "--json");
        assertThat(run.code()).isZero();
        String[] lines = run.out().split("\n");
        assertThat(lines).hasSize(EDITS);
        for (int i = 0; i < EDITS; i++) {
            JsonNode edit = READ.readTree(lines[i]);
            int n = EDITS - 1 - i;
            assertThat(edit.get("id").asText()).isEqualTo(String.format("e%04d", n));
            assertThat(edit.get("new").get(0).asText()).isEqualTo("entry " + n + "\n\u0000");
        }
        assertThat(received).containsExactly("log 200 json", "log 200 before e0250 json", "log 200 before e0050 json");
    }
}
