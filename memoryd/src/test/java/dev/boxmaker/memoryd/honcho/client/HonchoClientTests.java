package dev.boxmaker.memoryd.honcho.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.honcho.client.HonchoFailure.Kind;
import dev.boxmaker.memoryd.honcho.client.HonchoWire.ConclusionCreate;
import dev.boxmaker.memoryd.honcho.client.HonchoWire.Message;
import dev.boxmaker.memoryd.honcho.client.HonchoWire.MessageCreate;
import dev.boxmaker.memoryd.honcho.client.HonchoWire.SessionPeer;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.memoryd.honcho.fake.FakeRoute;
import dev.boxmaker.proto.secrets.Secret;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Honcho client against the fake server: statuses, keys, and every bad answer a typed failure. */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class HonchoClientTests {
    /** Timeouts no loaded machine reaches on loopback (a retry's delay short): a test that waits for one sets its own. */
    static final HonchoTimeouts SHORT = new HonchoTimeouts(Duration.ofSeconds(10), Duration.ofSeconds(30),
            Duration.ofSeconds(30), 2, Duration.ofMillis(50));
    /** A write timeout a test waits for. */
    static final Duration WRITE_TIMEOUT = Duration.ofSeconds(3);
    static final String KEY = "hk-test-4b5c6d7e8f";
    /** How much earlier than its timeout a call may be given up (a timer's granularity). */
    static final Duration TIMER_EARLY_MAX = Duration.ofMillis(100);
    /** How much later than its timeout a call may be given up on a loaded machine; the slow fake answers after 60 s. */
    static final Duration TIMEOUT_LATE_MAX = Duration.ofSeconds(3);
    /** What the kernel's socket buffers can hold between the fake and the client: the largest receive and send buffers. */
    static long socketBuffersBytesMax() throws java.io.IOException {
        long total = 0;
        for (String file : List.of("/proc/sys/net/ipv4/tcp_rmem", "/proc/sys/net/ipv4/tcp_wmem")) {
            String[] fields = java.nio.file.Files.readAllLines(java.nio.file.Path.of(file)).get(0).trim().split("\\s+");
            total += Long.parseLong(fields[2]);
        }
        return total;
    }

    FakeHoncho fake;
    HonchoClient trusted;

    @BeforeEach
    void start() throws Exception {
        fake = FakeHoncho.start();
        trusted = HonchoClient.create(fake.url(), "bx-trusted", Optional.empty(), SHORT);
        trusted.createWorkspace(null, null);
        trusted.createSession("s1", Map.of("kyle", new SessionPeer(true, null), "bx", new SessionPeer(false, null)));
        fake.clearRequests();
    }

    @AfterEach
    void stop() {
        trusted.close();
        fake.close();
    }

    static MessageCreate message(String peer, String content, String item) {
        return new MessageCreate(peer, content, Map.of("boxmaker_item", item), null);
    }

    HonchoFailure failure(HonchoCall call) {
        try {
            call.run();
        } catch (HonchoFailure f) {
            return f;
        }
        throw new AssertionError("the call succeeded");
    }

    interface HonchoCall {
        void run() throws HonchoFailure;
    }

    @Test
    void aMemorydWithoutHonchoHasNoLedger() {
        assertThat(TempHome.home.resolve("memory")).isDirectory();
        assertThat(TempHome.home.resolve("memory/honcho.jsonl")).doesNotExist();
        assertThat(TempHome.home.resolve("memory/honcho.checkpoint.json")).doesNotExist();
    }

    @Test
    void getOrCreateSucceedsOnCreatedExistedAndConflict() throws Exception {
        trusted.createWorkspace(null, HonchoWire.WorkspaceConfiguration.ALL_OFF);
        trusted.createPeer("bx", Map.of("observe_me", false));
        trusted.createPeer("bx", Map.of("observe_me", false));
        fake.answer(FakeRoute.SESSION, 409);
        trusted.createSession("s1", Map.of());
        assertThat(fake.requests()).extracting(FakeHoncho.Recorded::path).containsExactly(
                "/v3/workspaces", "/v3/workspaces/bx-trusted/peers", "/v3/workspaces/bx-trusted/peers",
                "/v3/workspaces/bx-trusted/sessions");
        assertThat(fake.requests().get(1).body()).isEqualTo("{\"id\":\"bx\",\"configuration\":{\"observe_me\":false}}");
    }

    @Test
    void messagesAreAddedInOrderWithHonchosIdsAndFoundByTheirMetadata() throws Exception {
        List<Message> added = trusted.addMessages("s1", List.of(message("kyle", "the launch moved", "turn/s1/3"),
                message("bx", "Noted: Thursday.", "turn/s1/3")));
        assertThat(added).extracting(Message::content).containsExactly("the launch moved", "Noted: Thursday.");
        assertThat(added).allSatisfy(m -> assertThat(m.id()).hasSize(21));
        trusted.addMessages("s1", List.of(message("kyle", "other", "turn/s1/4")));
        assertThat(trusted.listMessages("s1", Map.of("metadata", Map.of("boxmaker_item", "turn/s1/3"))).items())
                .extracting(Message::id).containsExactly(added.get(0).id(), added.get(1).id());
        assertThat(trusted.search("launch", 10, null)).extracting(Message::content).containsExactly("the launch moved");
    }

    @Test
    void conclusionsAreCreatedQueriedAndDeletedAndAGoneOneIsDone() throws Exception {
        trusted.createPeer("kyle", null);
        List<HonchoWire.Conclusion> made = trusted.createConclusions(List.of(
                new ConclusionCreate("kyle prefers Thursday launches", "kyle", "kyle", "s1")));
        assertThat(trusted.queryConclusions("Thursday", 5, "kyle", "kyle")).extracting(HonchoWire.Conclusion::id)
                .containsExactly(made.get(0).id());
        trusted.deleteConclusion(made.get(0).id());
        trusted.deleteConclusion(made.get(0).id());
        assertThat(fake.conclusions("bx-trusted")).isEmpty();
    }

    @Test
    void aKeyGoesToItsWorkspaceOnlyAndNoHeaderWhereNoneIsConfigured() throws Exception {
        HonchoClient keyed = HonchoClient.create(fake.url(), "bx-untrusted", Optional.of(Secret.of("honcho_untrusted", KEY)), SHORT);
        keyed.createWorkspace(null, null);
        trusted.createWorkspace(null, null);
        assertThat(fake.requests()).hasSize(2);
        assertThat(fake.requests().get(0).authorization()).isEqualTo("Bearer " + KEY);
        assertThat(fake.requests().get(1).authorization()).isNull();
        assertThat(keyed.toString()).doesNotContain(KEY);
    }

    @Test
    void eachWorkspaceOfTheSettingsHasItsClientWithItsOwnKey() throws Exception {
        dev.boxmaker.memoryd.config.HonchoSettings settings = new dev.boxmaker.memoryd.config.HonchoSettings(
                fake.url(), "bx", "kyle", "bx-trusted", "bx-untrusted", "fleet",
                List.of(new dev.boxmaker.memoryd.config.HonchoSettings.ReadWorkspace("b1", "b1-trusted", false,
                        dev.boxmaker.proto.DataClass.PRIVATE)),
                Map.of("honcho_fleet", Secret.of("honcho_fleet", KEY), "honcho_read_b1", Secret.of("r", KEY + "r")));
        Map<String, HonchoClient> clients = HonchoClients.of(settings, SHORT);
        assertThat(clients.keySet()).containsExactlyInAnyOrder("bx-trusted", "bx-untrusted", "fleet", "b1-trusted");
        for (HonchoClient client : clients.values()) {
            client.createWorkspace(null, null);
        }
        assertThat(fake.requests()).extracting(r -> r.body() + " " + r.authorization()).containsExactlyInAnyOrder(
                "{\"id\":\"bx-trusted\"} null", "{\"id\":\"bx-untrusted\"} null",
                "{\"id\":\"fleet\"} Bearer " + KEY, "{\"id\":\"b1-trusted\"} Bearer " + KEY + "r");
    }

    @Test
    void aRefusedKeyIsKeyRefused() {
        fake.refuseKey(KEY);
        HonchoClient keyed = HonchoClient.create(fake.url(), "bx-untrusted", Optional.of(Secret.of("k", KEY)), SHORT);
        HonchoFailure f = failure(() -> keyed.createWorkspace(null, null));
        assertThat(f.kind()).isEqualTo(Kind.KEY_REFUSED);
        assertThat(f.getMessage()).isEqualTo("honcho bx-untrusted workspace: key-refused 401");
        assertThat(fake.requests()).hasSize(1);
    }

    @Test
    void aForbiddenKeyIsKeyRefused() {
        fake.answer(FakeRoute.WORKSPACE, 403);
        HonchoClient keyed = HonchoClient.create(fake.url(), "bx-untrusted", Optional.of(Secret.of("k", KEY)), SHORT);
        HonchoFailure f = failure(() -> keyed.createWorkspace(null, null));
        assertThat(f.kind()).isEqualTo(Kind.KEY_REFUSED);
        assertThat(f.getMessage()).isEqualTo("honcho bx-untrusted workspace: key-refused 403");
        assertThat(fake.requests()).hasSize(1);
    }

    @Test
    void aServerDownIsUnreachableAfterTheRetriesOfAnIdempotentCall() throws Exception {
        fake.down();
        HonchoFailure f = failure(() -> trusted.createPeer("kyle", null));
        assertThat(f.kind()).isEqualTo(Kind.UNREACHABLE);
        assertThat(f.getMessage()).isEqualTo("honcho bx-trusted peer: unreachable");
        fake.up();
        // The tries counted where a server takes each connection and closes it at once, answering nothing.
        try (ServerSocket dropper = new ServerSocket(0, 16, InetAddress.getLoopbackAddress())) {
            AtomicInteger connections = new AtomicInteger();
            Thread acceptor = new Thread(() -> {
                while (!dropper.isClosed()) {
                    try (Socket s = dropper.accept()) {
                        connections.incrementAndGet();
                    } catch (java.io.IOException e) {
                        return;
                    }
                }
            });
            acceptor.start();
            try (HonchoClient dropped = HonchoClient.create(URI.create("http://127.0.0.1:" + dropper.getLocalPort()),
                    "bx-trusted", Optional.empty(), SHORT)) {
                assertThat(failure(() -> dropped.createPeer("kyle", null)).getMessage())
                        .isEqualTo("honcho bx-trusted peer: unreachable");
            }
            assertThat(connections.get()).as("the first try and its retries").isEqualTo(1 + SHORT.retries());
        }
    }

    @Test
    void aFiveHundredIsUnreachableAndAFourHundredRefusedWithItsStatus() {
        fake.answer(FakeRoute.MESSAGES, 503);
        HonchoFailure down = failure(() -> trusted.addMessages("s1", List.of(message("kyle", "x", "i"))));
        assertThat(down.kind()).isEqualTo(Kind.UNREACHABLE);
        assertThat(down.status()).isEqualTo(503);
        assertThat(fake.requests()).hasSize(1);
        fake.clearAnswers();
        HonchoFailure refused = failure(() -> trusted.addMessages("s1", List.of(message("kyle", "x".repeat(25_001), "i"))));
        assertThat(refused.kind()).isEqualTo(Kind.REFUSED);
        assertThat(refused.status()).isEqualTo(422);
    }

    @Test
    void aCommittedWriteWhoseAnswerIsLostIsUnreachableAndNotSentAgain() {
        fake.commitThenDrop(FakeRoute.MESSAGES, 1);
        HonchoFailure f = failure(() -> trusted.addMessages("s1", List.of(message("kyle", "once", "turn/s1/1"))));
        assertThat(f.kind()).isEqualTo(Kind.UNREACHABLE);
        assertThat(fake.messages("bx-trusted", "s1")).hasSize(1);
        assertThat(fake.requests()).hasSize(1);
    }

    @Test
    void aGetOrCreateWhoseAnswerIsLostIsTriedAgain() throws Exception {
        fake.commitThenDrop(FakeRoute.PEER, 1);
        trusted.createPeer("kyle", null);
        assertThat(fake.requests()).hasSize(2);
    }

    @Test
    void aSlowServerIsUnreachableAtTheTimeout() throws Exception {
        HonchoClient quick = HonchoClient.create(fake.url(), "bx-trusted", Optional.empty(), new HonchoTimeouts(
                SHORT.connect(), WRITE_TIMEOUT, SHORT.chat(), SHORT.retries(), SHORT.retryDelay()));
        quick.createPeer("kyle", null);
        fake.clearRequests();
        fake.slow(Duration.ofSeconds(60));
        long started = System.nanoTime();
        HonchoFailure f = failure(() -> quick.addMessages("s1", List.of(message("kyle", "x", "i"))));
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        quick.close();
        assertThat(f.kind()).isEqualTo(Kind.UNREACHABLE);
        assertThat(took).as("the write timeout").isBetween(WRITE_TIMEOUT.minus(TIMER_EARLY_MAX),
                WRITE_TIMEOUT.plus(TIMEOUT_LATE_MAX));
        assertThat(fake.requests()).as("a write is not tried again").hasSize(1);
    }

    @Test
    void badAnswersAreBadAnswersAndNeverQuoteTheBody() {
        String text = "memory text the log must not see";
        List<FakeHoncho.Canned> answers = List.of(
                FakeHoncho.Canned.json(201, "{not json " + text),
                new FakeHoncho.Canned(201, "text/html", ("<html><body>" + text + "</body></html>").getBytes()),
                FakeHoncho.Canned.json(201, "{\"detail\":\"" + text + "\"}"),
                FakeHoncho.Canned.json(201, "[{\"content\":\"" + text + "\"}]"),
                FakeHoncho.Canned.json(201, "[" + String.join(",", java.util.Collections.nCopies(2100,
                        "{\"id\":\"a\",\"content\":\"" + "x".repeat(1000) + "\",\"peer_id\":\"p\"}")) + "]"));
        for (FakeHoncho.Canned answer : answers) {
            fake.answer(FakeRoute.MESSAGES, answer);
            HonchoFailure f = failure(() -> trusted.addMessages("s1", List.of(message("kyle", "x", "i"))));
            assertThat(f.kind()).as(new String(answer.body(), 0, 20)).isEqualTo(Kind.BAD_ANSWER);
            assertThat(f.getMessage()).isEqualTo("honcho bx-trusted messages: bad-answer 201");
        }
    }

    @Test
    void anAnswerUnderTheCapIsRead() throws Exception {
        fake.answer(FakeRoute.MESSAGES, FakeHoncho.Canned.json(201, "[" + String.join(",", java.util.Collections.nCopies(
                900, "{\"id\":\"a\",\"content\":\"" + "x".repeat(1000) + "\",\"peer_id\":\"p\"}")) + "]"));
        assertThat(trusted.addMessages("s1", List.of(message("kyle", "x", "i")))).hasSize(900);
    }

    /**
     * An answer that never ends is read up to the cap and no further: the client closes the connection,
     * so what the fake could hand to the socket is the cap and what the socket buffers hold, not the
     * endless rest; the next call goes on a new connection.
     */
    @Test
    void anEndlessAnswerIsReadUpToTheCapThenItsConnectionIsClosedAndTheClientGoesOn() throws Exception {
        fake.answerEndless(FakeRoute.MESSAGES);
        HonchoFailure f = failure(() -> trusted.addMessages("s1", List.of(message("kyle", "x", "i"))));
        assertThat(f.getMessage()).isEqualTo("honcho bx-trusted messages: bad-answer 201");
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (fake.endlessClosed() < 1) {
            assertThat(System.nanoTime()).as("the endless answer's connection closed").isLessThan(until);
            Thread.sleep(10);
        }
        assertThat(fake.endlessBytesWritten()).isLessThan(BodyCap.RESPONSE_BYTES_MAX + socketBuffersBytesMax());
        fake.clearAnswers();
        assertThat(trusted.addMessages("s1", List.of(message("kyle", "after", "i2")))).hasSize(1);
    }

    @Test
    void anHtmlErrorPageIsItsStatus() {
        fake.answer(FakeRoute.SEARCH, new FakeHoncho.Canned(502, "text/html", "<html>Bad Gateway</html>".getBytes()));
        HonchoFailure f = failure(() -> trusted.search("x", 10, null));
        assertThat(f.kind()).isEqualTo(Kind.UNREACHABLE);
        assertThat(f.status()).isEqualTo(502);
    }

    /** Peer chat asks as its peer about its target; whether a peer exists is a read, and makes none. */
    @Test
    void peerChatCarriesItsTargetAndAPeerIsLookedUpByARead() throws Exception {
        trusted.addMessages("s1", List.of(message("kyle", "the launch moved", "i")));
        fake.clearRequests();

        assertThat(trusted.hasPeer("kyle")).isTrue();
        assertThat(trusted.hasPeer("nobody")).isFalse();
        assertThat(trusted.hasPeers()).isTrue();
        assertThat(trusted.peerChat("kyle", null, "launch", "low")).contains("the launch moved");
        assertThat(trusted.peerChat("bx", "kyle", "nothing", "minimal")).isEmpty();
        assertThat(fake.requests()).extracting(r -> r.path() + " " + r.body()).containsExactly(
                "/v3/workspaces/bx-trusted/peers/list {\"filters\":{\"id\":\"kyle\"}}",
                "/v3/workspaces/bx-trusted/peers/list {\"filters\":{\"id\":\"nobody\"}}",
                "/v3/workspaces/bx-trusted/peers/list {}",
                "/v3/workspaces/bx-trusted/peers/kyle/chat {\"query\":\"launch\",\"reasoning_level\":\"low\",\"stream\":false}",
                "/v3/workspaces/bx-trusted/peers/bx/chat"
                        + " {\"query\":\"nothing\",\"reasoning_level\":\"minimal\",\"stream\":false,\"target\":\"kyle\"}");
        assertThat(fake.entities()).doesNotContain("bx-trusted/peer nobody");
        HonchoFailure none = failure(() -> trusted.workspaceChat("launch", "low"));
        assertThat(none.getMessage()).isEqualTo("honcho bx-trusted chat: refused 404");
    }
}
