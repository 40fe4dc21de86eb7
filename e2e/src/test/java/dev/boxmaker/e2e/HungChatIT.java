package dev.boxmaker.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.memoryd.honcho.fake.FakeRoute;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A hung Honcho costs the calls that need it, not every other tool (issue 34), with the packaged
 * daemons: memoryd's {@code [honcho]} points at a fake Honcho whose peer chat never answers while the
 * test runs. 40 {@code ask_memory} calls through brokerd's loop socket ask another agent's workspace,
 * one peer chat each; memoryd sends two chats at once and queues the rest, so the fake sees exactly
 * two arrive and none of the 40 is answered. A {@code recall} through brokerd then gets its hit. The
 * asks end at memoryd's limit on a workspace (150 s), within brokerd's wait on memoryd (170 s), each
 * answering that the workspace is unavailable.
 */
class HungChatIT {
    static final int ASKS_WAITING = 40;
    /** memoryd's chats at once (AskMemory.CHATS_AT_ONCE_MAX): the chats the fake sees while the asks wait. */
    static final int CHATS_AT_ONCE = 2;
    static final String READ_AGENT = "boxmaker1";
    static final String READ_WORKSPACE = "boxmaker1-trusted";
    static final String NOTE = "the heron count at the weir is 7";
    /** Longer than brokerd's wait on memoryd for ask_memory (170 s), so every ask gets brokerd's answer. */
    static final Duration ASK_WAIT = Duration.ofMinutes(4);
    private static final Pattern NOTED = Pattern.compile("§ noted (\\d{4}-\\d\\d-\\d\\d)T(\\d\\d:\\d\\d)Z in session chat-n1 · private");

    private FakeHoncho fake;
    private Daemons d;
    private ExecutorService loopd;

    @BeforeEach
    void start() throws Exception {
        fake = FakeHoncho.start();
        d = Daemons.start("auto", "[honcho]\nurl = \"" + fake.url() + "\"\nagent = \"boxmaker0\"\nowner = \"owner\"\n"
                + "trusted = \"boxmaker0-trusted\"\nuntrusted = \"boxmaker0-untrusted\"\nfleet = \"bx-fleet\"\n"
                + "[[honcho.read]]\nagent = \"" + READ_AGENT + "\"\nworkspace = \"" + READ_WORKSPACE + "\"\n"
                + "trust = \"trusted\"\nclass = \"private\"\n");
        loopd = Executors.newFixedThreadPool(ASKS_WAITING);
    }

    @AfterEach
    void stop() throws Exception {
        if (loopd != null) {
            loopd.shutdownNow();
        }
        if (d != null) {
            d.close();
        }
        if (fake != null) {
            fake.close();
        }
    }

    @Test
    void aRecallThroughBrokerdIsAnsweredWhileFortyAskMemoryCallsWaitOnAHungChat() throws Exception {
        // The other agent's peer is in its workspace (memoryd asks a peer's chat only where it exists),
        // as that agent's own memoryd would have made it; then its chat hangs.
        HttpResponse<String> peer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(fake.url() + "/v3/workspaces/" + READ_WORKSPACE + "/peers"))
                .POST(HttpRequest.BodyPublishers.ofString("{\"id\": \"" + READ_AGENT + "\"}"))
                .header("Content-Type", "application/json").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(peer.statusCode()).isEqualTo(201);
        fake.hang(FakeRoute.PEER_CHAT);
        assertThat(call("chat-n1", "n1", "memory", "{\"action\": \"note\", \"text\": \"" + NOTE + "\"}").text())
                .isEqualTo("noted");
        Matcher noted = NOTED.matcher(d.notes().get(0).header().line());
        assertThat(noted.matches()).as(d.notes().get(0).header().line()).isTrue();
        String hit = "[1] memory · note, " + noted.group(1) + " " + noted.group(2) + " UTC, session chat-n1 · private\n"
                + NOTE;
        // memoryd indexes notes.md on its writer thread after the note's answer.
        d.awaitSearch("heron weir", out -> out.contains(NOTE));

        List<CompletableFuture<ToolResponse>> asks = new ArrayList<>();
        for (int i = 0; i < ASKS_WAITING; i++) {
            String session = "chat-a" + i;
            asks.add(CompletableFuture.supplyAsync(() -> ask(session), loopd));
        }
        awaitChats(CHATS_AT_ONCE);

        ToolResponse recall = call("chat-r1", "r1", "recall", "{\"query\": \"heron weir\", \"k\": 5}");

        assertThat(recall).isEqualTo(new ToolResponse("r1", Outcome.OK, hit, DataClass.PRIVATE, false, "builtin-recall"));
        assertThat(asks).noneMatch(CompletableFuture::isDone);
        assertThat(chats()).as("chats that reached Honcho").isEqualTo(CHATS_AT_ONCE);

        // memoryd's limit on the workspace ends every ask, the two whose chats hang and the 38 queued alike.
        for (int i = 0; i < ASKS_WAITING; i++) {
            assertThat(asks.get(i).get(ASK_WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(new ToolResponse("a",
                    Outcome.OK, READ_AGENT + ": unavailable", DataClass.PRIVATE, false, "builtin-ask_memory"));
        }
        assertThat(chats()).isEqualTo(CHATS_AT_ONCE);
    }

    private ToolResponse ask(String session) {
        try {
            return call(session, "a", "ask_memory", "{\"question\": \"where is the launch?\", \"workspaces\": [\""
                    + READ_AGENT + "\"]}", ASK_WAIT);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private ToolResponse call(String session, String id, String tool, String args) throws Exception {
        return call(session, id, tool, args, Daemons.WAIT);
    }

    /** One tool call on brokerd's loop socket, as loopd makes it; brokerd's answer. */
    private ToolResponse call(String session, String id, String tool, String args, Duration wait) throws Exception {
        Path socket = d.home.resolve("run/loop-broker/broker.sock");
        return (ToolResponse) SocketClient.call(socket, new ToolRequest(SessionId.of(session), id, tool,
                (ObjectNode) Json.MAPPER.readTree(args)), Daemons.WAIT, wait, "test");
    }

    /** Peer chats that reached the fake so far. */
    private long chats() {
        String path = "/v3/workspaces/" + READ_WORKSPACE + "/peers/" + READ_AGENT + "/chat";
        return fake.requests().stream().filter(r -> r.path().equals(path)).count();
    }

    private void awaitChats(long count) throws InterruptedException {
        long deadline = System.nanoTime() + Daemons.WAIT.toNanos();
        while (chats() < count && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(chats()).as("chats that reached Honcho; memoryd's log:\n%s", d.log("memoryd")).isEqualTo(count);
    }
}
