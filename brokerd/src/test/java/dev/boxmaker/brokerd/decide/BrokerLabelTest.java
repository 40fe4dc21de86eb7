package dev.boxmaker.brokerd.decide;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.boxmaker.brokerd.TestHome;
import dev.boxmaker.brokerd.approvals.Approvals;
import dev.boxmaker.brokerd.audit.AuditLog;
import dev.boxmaker.brokerd.grants.GrantWatcher;
import dev.boxmaker.brokerd.runtime.Runtime;
import dev.boxmaker.brokerd.taint.Taints;
import dev.boxmaker.brokerd.threads.BrokerdThreads;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Labels only get stricter: the answer's label is the stricter of the grant's and the runtime's, each part. */
class BrokerLabelTest {
    @TempDir
    Path dir;

    private final AtomicReference<Optional<Label>> runtimeLabel = new AtomicReference<>(Optional.empty());
    private final AtomicReference<Runtime.RunSpec> lastSpec = new AtomicReference<>();

    private Broker broker(String grant) throws Exception {
        Files.createDirectories(dir.resolve("grants"));
        Files.writeString(dir.resolve("grants/echo.toml"), grant);
        Runtime runtime = new Runtime() {
            @Override
            public Output run(RunSpec spec) {
                return new Output(Outcome.OK, "echoed");
            }

            @Override
            public Labelled runLabelled(RunSpec spec) {
                lastSpec.set(spec);
                return new Labelled(run(spec), runtimeLabel.get());
            }
        };
        BrokerdThreads threads = BrokerdThreads.start();
        return new Broker(new GrantWatcher(dir.resolve("grants"), threads.timers()), runtime, new Taints(Map.of()),
                new AuditLog(dir.resolve("audit")), new Approvals(Duration.ofMinutes(1), Clock.systemUTC(), threads.timers()),
                Clock.systemUTC(), threads);
    }

    private static ToolResponse call(Broker broker, String session) throws Exception {
        return broker.handle(TestHome.request(session, "c1", "echo", "{\"text\": \"hunter2\"}")).toCompletableFuture().get();
    }

    @Test
    void aStricterRuntimeLabelWins() throws Exception {
        try (Broker broker = broker("tool = \"echo\"\nmode = \"auto\"\nmax_taint = \"secret\"\nresult_class = \"public\"\nuntrusted = false\n")) {
            runtimeLabel.set(Optional.of(new Label(DataClass.SECRET, true)));

            ToolResponse response = call(broker, "chat-1");

            assertThat(response).isEqualTo(new ToolResponse("c1", Outcome.OK, "echoed", DataClass.SECRET, true, "echo"));
            assertThat(broker.taints().of("chat-1")).isEqualTo(new Label(DataClass.SECRET, true));
        }
    }

    @Test
    void aLaxerRuntimeLabelLosesToTheGrants() throws Exception {
        try (Broker broker = broker("tool = \"echo\"\nmode = \"auto\"\nmax_taint = \"secret\"\nresult_class = \"secret\"\nuntrusted = true\n")) {
            runtimeLabel.set(Optional.of(new Label(DataClass.PUBLIC, false)));

            ToolResponse response = call(broker, "chat-1");

            assertThat(response.dataClass()).isEqualTo(DataClass.SECRET);
            assertThat(response.untrusted()).isTrue();
        }
    }

    @Test
    void eachPartIsTakenOnItsOwn() throws Exception {
        try (Broker broker = broker("tool = \"echo\"\nmode = \"auto\"\nmax_taint = \"secret\"\nresult_class = \"secret\"\nuntrusted = false\n")) {
            runtimeLabel.set(Optional.of(new Label(DataClass.PUBLIC, true)));

            ToolResponse response = call(broker, "chat-1");

            assertThat(response.dataClass()).isEqualTo(DataClass.SECRET);
            assertThat(response.untrusted()).isTrue();
        }
    }

    @Test
    void noRuntimeLabelMeansTheGrantsAndTheTaintOnlyRises() throws Exception {
        try (Broker broker = broker("tool = \"echo\"\nmode = \"auto\"\nmax_taint = \"secret\"\nresult_class = \"public\"\nuntrusted = true\n")) {
            ToolResponse response = call(broker, "chat-1");

            assertThat(response.dataClass()).isEqualTo(DataClass.PUBLIC);
            // The session started at (private, false); a public result does not lower it.
            assertThat(broker.taints().of("chat-1")).isEqualTo(new Label(DataClass.PRIVATE, true));
            call(broker, "chat-1");
            assertThat(lastSpec.get().taint()).isEqualTo(new Label(DataClass.PRIVATE, true));
            assertThat(lastSpec.get().timeout()).isEqualTo(Duration.ofSeconds(30));
        }
    }

    @Test
    void theAuditLineHoldsTheArgumentsHashNeverTheArguments() throws Exception {
        try (Broker broker = broker("tool = \"echo\"\nmode = \"auto\"\nmax_taint = \"secret\"\n")) {
            call(broker, "chat-1");
            call(broker, "chat-1").text();
        }
        Path file;
        try (var files = Files.list(dir.resolve("audit"))) {
            file = files.findFirst().orElseThrow();
        }
        String text = Files.readString(file);
        assertThat(text).doesNotContain("hunter2").endsWith("\n");
        JsonNode line = Json.MAPPER.readTree(text.lines().findFirst().orElseThrow());
        assertThat(line.properties().stream().map(Map.Entry::getKey).toList()).containsExactly("time", "session", "call", "tool",
                "args_sha256", "grant", "grant_sha256", "decision", "outcome", "class", "untrusted");
        assertThat(line.get("args_sha256").asText()).isEqualTo(
                dev.boxmaker.brokerd.grants.BuiltinGrants.sha256("{\"text\":\"hunter2\"}".getBytes()));
        assertThat(line.get("decision").asText()).isEqualTo("auto");
        assertThat(line.get("grant").asText()).isEqualTo("echo");
        assertThat(line.get("class").asText()).isEqualTo("private");
        assertThat(line.get("untrusted").asBoolean()).isTrue();
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(file.getFileName().toString()).matches("\\d{4}-\\d{2}\\.jsonl");
    }

    @Test
    void aToolWithNoGrantIsDeniedAndLogged() throws Exception {
        try (Broker broker = broker("tool = \"echo\"\nmode = \"auto\"\n")) {
            ToolResponse response = broker.handle(TestHome.request("chat-1", "c9", "shell", "{}")).toCompletableFuture().get();

            assertThat(response).isEqualTo(new ToolResponse("c9", Outcome.DENIED,
                    "no grant allows shell for this session (its class is private; no grant names it)", DataClass.PRIVATE, false, null));
        }
    }
}
