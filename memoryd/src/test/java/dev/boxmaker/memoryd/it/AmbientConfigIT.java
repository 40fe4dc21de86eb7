package dev.boxmaker.memoryd.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33, item 14, in the packaged memoryd: configuration around it (environment variables, a
 * {@code .env} file in its working directory, {@code config/application.properties} there) that sets
 * the names the Honcho client's Quarkus REST client answers to ({@code quarkus.rest-client."HonchoApi"}'s
 * override-uri, url and uri, MicroProfile's {@code HonchoApi/mp-rest/url}, a header, a proxy) cannot
 * send Honcho's calls to another server or add a header: memoryd does not start, naming the keys and
 * not their values, and the server they point to gets no connection. Without them, the same home's note
 * reaches the Honcho of memoryd.toml with the client's own headers only.
 */
class AmbientConfigIT {
    static final Duration WAIT = Duration.ofSeconds(30);
    static final String API = "dev.boxmaker.memoryd.honcho.client.HonchoApi";
    /** The header names of every call the client makes without a key (Vert.x's own and the REST client's). */
    static final Set<String> CLIENT_HEADERS = Set.of("accept", "content-length", "content-type", "host", "user-agent");

    @TempDir
    Path home;
    FakeHoncho fake;
    Decoy decoy;
    Path directory;

    @BeforeEach
    void start() throws Exception {
        fake = FakeHoncho.start();
        decoy = Decoy.start();
        directory = Files.createDirectories(home.resolve("work"));
    }

    @AfterEach
    void stop() throws Exception {
        decoy.close();
        fake.close();
    }

    /** The names as application.properties spells them. */
    Map<String, String> dottedNames() {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("quarkus.rest-client.\"" + API + "\".override-uri", decoy.url());
        keys.put("quarkus.rest-client.\"" + API + "\".url", decoy.url());
        keys.put("quarkus.rest-client.\"" + API + "\".uri", decoy.url());
        keys.put(API + "/mp-rest/url", decoy.url());
        keys.put("quarkus.rest-client.headers.X-Injected", "yes");
        keys.put("quarkus.rest-client.proxy-address", decoy.address());
        return keys;
    }

    /** The same names as environment variables (and a {@code .env} file) spell them, as SmallRye maps them. */
    Map<String, String> environmentNames() {
        Map<String, String> keys = new LinkedHashMap<>();
        dottedNames().forEach((name, value) -> keys.put(name.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_"),
                value));
        return keys;
    }

    Path config() throws Exception {
        return MemorydProcess.honchoConfig(home, fake.url());
    }

    static String lines(Map<String, String> keys) {
        return keys.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue() + "\n").collect(Collectors.joining());
    }

    /**
     * memoryd started in {@link #directory} with {@code environment}: what it printed, each line's time
     * taken off (Quarkus's own warning comes first); it exits 1.
     */
    String startFails(Map<String, String> environment) throws Exception {
        try (MemorydProcess memoryd = MemorydProcess.launchIn(home, directory, environment, "serve", "--config",
                config().toString())) {
            assertThat(memoryd.awaitExit()).isEqualTo(1);
            return memoryd.output().replaceAll("(?m)^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ ", "");
        }
    }

    /** Quarkus's warning, printed as its configuration is read, before memoryd's code runs. */
    static final String PROXY_DEPRECATED = "WARN  [config] The \"quarkus.rest-client.proxy-address\" config property"
            + " is deprecated and should not be used anymore.\n";

    static String refused(java.util.Collection<String> keys) {
        return PROXY_DEPRECATED + "memoryd could not start: the Honcho client is not made while " + String.join(", ", new java.util.TreeSet<>(keys))
                + " is set outside"
                + " memoryd.toml (in application.properties, the environment or a .env file), since it could send"
                + " Honcho's calls and keys elsewhere; remove it: [honcho] in memoryd.toml alone says where Honcho is"
                + " (runbook honcho-config-invalid)\n";
    }

    @Test
    void environmentVariablesStopStartUpNamingTheirKeysAndNothingIsSent() throws Exception {
        assertThat(startFails(environmentNames())).isEqualTo(refused(environmentNames().keySet()));
        nothingSentThenANoteReachesHonchoAlone();
    }

    @Test
    void aDotEnvFileInTheWorkingDirectoryStopsStartUpNamingItsKeysAndNothingIsSent() throws Exception {
        Files.writeString(directory.resolve(".env"), lines(environmentNames()));
        assertThat(startFails(Map.of())).isEqualTo(refused(environmentNames().keySet()));
        nothingSentThenANoteReachesHonchoAlone();
    }

    @Test
    void applicationPropertiesInTheWorkingDirectoryStopStartUpNamingTheirKeysAndNothingIsSent() throws Exception {
        Files.createDirectories(directory.resolve("config"));
        Files.writeString(directory.resolve("config/application.properties"), lines(dottedNames()));
        assertThat(startFails(Map.of())).isEqualTo(refused(dottedNames().keySet()));
        nothingSentThenANoteReachesHonchoAlone();
    }

    /**
     * The refused start sent nothing anywhere; then, the ambient settings gone, the same home's note is a
     * conclusion in the Honcho of memoryd.toml, every call with the client's own headers, and still no
     * connection reached the decoy.
     */
    void nothingSentThenANoteReachesHonchoAlone() throws Exception {
        assertThat(decoy.connections()).isZero();
        assertThat(fake.requests()).isEmpty();
        Path clean = Files.createDirectories(home.resolve("clean"));
        try (MemorydProcess memoryd = MemorydProcess.awaitServing(MemorydProcess.launchIn(home, clean, Map.of(),
                "serve", "--config", config().toString()), home)) {
            assertThat(note("saw a heron").outcome()).isEqualTo(Outcome.OK);
            awaitConclusion();
            assertThat(memoryd.terminate()).isEqualTo(MemorydProcess.SIGTERM_EXIT);
        }
        assertThat(fake.conclusions("bx-trusted").stream().map(c -> c.get("content").asText()))
                .containsExactly("saw a heron");
        assertThat(fake.requests()).isNotEmpty().allSatisfy(r -> assertThat(r.headers().keySet())
                .as(r.method() + " " + r.path()).containsExactlyInAnyOrderElementsOf(CLIENT_HEADERS));
        assertThat(decoy.connections()).isZero();
    }

    ToolResponse note(String text) throws Exception {
        return (ToolResponse) SocketClient.call(home.resolve("run/broker-memory/memory.sock"), new MemoryCall(
                new ToolRequest(SessionId.of("mm-it"), "call_1", "memory", (ObjectNode) Json.MAPPER.readTree(
                        "{\"action\": \"note\", \"text\": \"" + text + "\"}")), DataClass.PRIVATE, false),
                WAIT, WAIT, "test");
    }

    void awaitConclusion() throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (fake.conclusions("bx-trusted").isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no conclusion reached Honcho: " + fake.requests());
            }
            Thread.sleep(20);
        }
    }
}
