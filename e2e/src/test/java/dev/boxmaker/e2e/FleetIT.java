package dev.boxmaker.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.testing.TempHomes;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionStateReply;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The M5c spec's M5c-2 check, end to end: the three daemons of agent boxmaker0 with {@code [honcho]},
 * and a second memoryd, agent boxmaker1, on its own home, both against one fake Honcho. A note
 * boxmaker1 wrote from a session that read untrusted content reaches the fleet; boxmaker0's recall
 * finds it, tagged memory-tainted with boxmaker1's name, and brokerd's session state says the reading
 * session is untrusted.
 */
class FleetIT {
    static final String FLEET = "bx-fleet";
    static final String NOTE = "the heron count at the weir is 7";

    static FakeHoncho fake;
    static Daemons d;
    static Path secondHome;
    static Process second;

    static String honcho(String agent) {
        return "[honcho]\nurl = \"" + fake.url() + "\"\nagent = \"" + agent + "\"\nowner = \"owner\"\n"
                + "trusted = \"" + agent + "-trusted\"\nuntrusted = \"" + agent + "-untrusted\"\nfleet = \"" + FLEET
                + "\"\n";
    }

    @BeforeAll
    static void start() throws Exception {
        fake = FakeHoncho.start();
        d = Daemons.start("auto", honcho("boxmaker0"));
        secondHome = TempHomes.create("bxf");
        Path config = secondHome.resolve("memoryd.toml");
        Files.writeString(config, "[paths]\nhome = \"" + secondHome + "\"\n" + honcho("boxmaker1"));
        second = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-XX:+UseSerialGC",
                "-jar", Daemons.ROOT.resolve("memoryd/target/quarkus-app/quarkus-run.jar").toString(), "serve",
                "--config", config.toString()).redirectErrorStream(true)
                .redirectOutput(secondHome.resolve("memoryd.log").toFile()).start();
        Path socket = secondHome.resolve("run/broker-memory/memory.sock");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Daemons.START_WAIT_SECONDS);
        while (!answers(socket)) {
            assertThat(second.isAlive() && System.nanoTime() < deadline).as("the second memoryd answers; its log:\n%s",
                    Files.readString(secondHome.resolve("memoryd.log"))).isTrue();
            Thread.sleep(50);
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (second != null) {
            second.destroy();
            second.waitFor(20, TimeUnit.SECONDS);
        }
        if (d != null) {
            d.close();
        }
        if (secondHome != null) {
            TempHomes.delete(secondHome);
        }
        if (fake != null) {
            fake.close();
        }
    }

    private static boolean answers(Path socket) {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            return channel.connect(UnixDomainSocketAddress.of(socket));
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** The fleet message {@code text} once Honcho holds it. */
    static Optional<JsonNode> inFleet(String text) {
        return fake.requests().stream()
                .filter(r -> r.path().startsWith("/v3/workspaces/" + FLEET + "/sessions/") && r.path().endsWith("/messages"))
                .map(r -> r.path().split("/")[5]).distinct()
                .flatMap(s -> fake.messages(FLEET, s).stream())
                .filter(m -> m.path("content").asText().equals(text)).findFirst();
    }

    @Test
    void aFleetNoteTheSecondAgentWroteAfterAPageIsFoundTaintedWithItsNameAndTaintsTheReader() throws Exception {
        // boxmaker1's session read a page, so brokerd sends its memory call marked untrusted.
        ToolResponse noted = (ToolResponse) SocketClient.call(secondHome.resolve("run/broker-memory/memory.sock"),
                new MemoryCall(new ToolRequest(SessionId.of("chat-b1page"), "call_1", "memory",
                        (ObjectNode) Json.MAPPER.createObjectNode().put("action", "note").put("text", NOTE)),
                        DataClass.PRIVATE, true), Daemons.WAIT, Daemons.WAIT, "test");
        assertThat(noted.text()).isEqualTo("noted (untrusted)");
        long deadline = System.nanoTime() + Daemons.WAIT.toNanos();
        while (inFleet(NOTE).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        JsonNode message = inFleet(NOTE).orElseThrow(() -> new AssertionError("the note never reached the fleet"));
        assertThat(message.path("peer_id").asText()).isEqualTo("boxmaker1");
        String minute = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm 'UTC'").format(
                OffsetDateTime.parse(message.path("created_at").asText()).withOffsetSameInstant(ZoneOffset.UTC));

        d.model.add(Reply.toolCall("f1", "recall", "{\"query\":\"heron weir\",\"k\":5}"), Reply.text("Seven."));
        assertThat(d.turn("chat-f1read", "How many birds are there?")).isEqualTo("Seven.");

        assertThat(d.toolResult("f1")).isEqualTo("[1] memory-tainted · fleet, boxmaker1 noted, " + minute
                + " · private\n" + NOTE);
        assertThat(d.records("chat-f1read")).filteredOn(r -> r.path("call").asText().equals("f1")).singleElement()
                .satisfies(r -> assertThat(r.path("untrusted").asBoolean()).as("the recall result's label").isTrue());
        SessionStateReply state = (SessionStateReply) SocketClient.call(d.home.resolve("run/memory-broker/state.sock"),
                new SessionState(SessionId.of("chat-f1read")), Daemons.WAIT, Daemons.WAIT, "test");
        assertThat(state).isEqualTo(new SessionStateReply(DataClass.PRIVATE, true));

        // Never in any baseline, a new session's included.
        d.model.add(Reply.text("Hello."));
        d.turn("chat-f1new", "Hello.");
        assertThat(d.baseline("chat-f1new").path("system").asText()).doesNotContain("heron");
        d.assertFilesParseAndNothingUntrustedInAnyBaseline();
        assertThat(List.of(d.memoryFile("memory.md"), d.memoryFile("user.md"), d.memoryFile("notes.md")))
                .noneMatch(f -> f.contains("heron"));
    }
}
