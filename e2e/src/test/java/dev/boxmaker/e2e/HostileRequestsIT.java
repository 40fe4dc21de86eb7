package dev.boxmaker.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.testing.RawSocket;
import dev.boxmaker.proto.testing.RawSocket.Received;
import dev.boxmaker.proto.wire.Kinds;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.BrokerAdminReply;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import dev.boxmaker.proto.wire.msg.MemoryBlockReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionStateReply;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Hostile requests of every kind to every socket of every daemon, the three packaged daemons
 * running (issue 27's fuzz test). Each request is a whole frame whose JSON is built from the real
 * message records and broken so that its kind's rules must refuse it ({@link HostileRequests}); on a
 * socket that does not serve the kind, the kind's valid request. Every answer must be an error (an
 * {@code error} frame, or a {@code tool_response} that is not {@code ok}), no file under the home may
 * change, and afterwards each socket answers a correct request. Seeded: the seed is printed, and
 * {@code -Dfuzz.seed=N} runs one again.
 */
class HostileRequestsIT {
    static final int REQUESTS_PER_KIND = 30;
    static final int UNSERVED_PER_SOCKET = 4;
    /** The whole run's bound; past it the requests left are not sent (the count sent is printed). */
    static final long RUN_SECONDS_MAX = 240;
    static final Duration ANSWER_WAIT = Duration.ofSeconds(30);

    /** wire.md's sockets and the kinds each serves. */
    static final Map<String, List<String>> SOCKETS = Map.of(
            "run/loop-memory/memory.sock", List.of("memory_block", "session_updated"),
            "run/broker-memory/memory.sock", List.of("memory_call"),
            "run/owner-memory/admin.sock", List.of("reindex", "memory_admin"),
            "run/loop-broker/broker.sock", List.of("tool_request"),
            "run/owner-broker/admin.sock", List.of("broker_admin"),
            "run/memory-broker/state.sock", List.of("session_state"),
            "run/owner-loop/loop.sock", List.of("turn", "loop_admin"));

    @Test
    void hostileRequestsOfEveryKindAreRefusedChangeNothingAndLeaveEverySocketAnswering() throws Exception {
        long seed = Long.getLong("fuzz.seed", System.nanoTime());
        System.out.println("HostileRequestsIT seed: " + seed + " (run again with -Dfuzz.seed=" + seed + ")");
        assertThat(HostileRequests.VALID.keySet()).as("every kind a client sends")
                .containsExactlyInAnyOrderElementsOf(SOCKETS.values().stream().flatMap(List::stream).toList());
        assertThat(Kinds.names()).containsAll(HostileRequests.VALID.keySet());
        Random random = new Random(seed);
        HostileRequests hostile = new HostileRequests(random);
        try (Daemons d = Daemons.start()) {
            d.model.add(dev.boxmaker.loopd.testing.ScriptedModel.Reply.text("noted"));
            d.turn("chat-real", "a turn before the attack");
            // Indexed before the files are taken: memoryd indexes after loopd's session_updated.
            d.awaitSearch("attack", out -> out.contains("attack"));
            Map<String, String> before = files(d.home);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(RUN_SECONDS_MAX);
            int sent = 0;
            for (String path : new java.util.TreeSet<>(SOCKETS.keySet())) {
                Path socket = d.home.resolve(path);
                for (String kind : SOCKETS.get(path)) {
                    for (int i = 0; i < REQUESTS_PER_KIND && System.nanoTime() < deadline; i++, sent++) {
                        byte[] payload = hostile.payload(kind);
                        assertRefused(d, socket, payload, "seed " + seed + ", " + kind + " on " + path);
                    }
                }
                List<String> others = HostileRequests.VALID.keySet().stream()
                        .filter(k -> !SOCKETS.get(path).contains(k)).sorted().toList();
                for (int i = 0; i < UNSERVED_PER_SOCKET && System.nanoTime() < deadline; i++, sent++) {
                    String kind = others.get(random.nextInt(others.size()));
                    assertRefused(d, socket, HostileRequests.valid(kind), "seed " + seed + ", unserved " + kind + " on " + path);
                }
            }
            System.out.println("HostileRequestsIT: " + sent + " hostile requests sent");
            int planned = SOCKETS.values().stream().mapToInt(k -> k.size() * REQUESTS_PER_KIND + UNSERVED_PER_SOCKET)
                    .sum();
            assertThat(sent).as("hostile requests sent within %d s, of the %d planned (seed %d)", RUN_SECONDS_MAX,
                    planned, seed).isEqualTo(planned);

            assertThat(files(d.home)).as("the home's files after the attack (seed %d)", seed).isEqualTo(before);
            everySocketAnswers(d);
        }
    }

    /** One request on its own connection: an error answer, then the close. */
    private static void assertRefused(Daemons d, Path socket, byte[] payload, String what) throws IOException {
        Received received;
        try (RawSocket raw = RawSocket.open(socket)) {
            raw.write(RawSocket.frame(payload));
            received = raw.receive(ANSWER_WAIT);
        }
        assertThat(received.closed()).as(what + ": the connection closed").isTrue();
        Message reply = received.message();
        if (reply instanceof ToolResponse response) {
            assertThat(response.outcome()).as(what + ": " + response).isNotEqualTo(Outcome.OK);
        } else {
            assertThat(reply).as(what + "; logs:\n" + d.log("memoryd") + d.log("brokerd") + d.log("loopd"))
                    .isInstanceOf(ErrorReply.class);
        }
    }

    /** A correct request on each socket that changes nothing, answered as its kind is. */
    private static void everySocketAnswers(Daemons d) throws Exception {
        Map<String, Message> probes = Map.of(
                "run/loop-memory/memory.sock", new MemoryBlock(),
                "run/owner-memory/admin.sock", new MemoryAdmin("show", ""),
                "run/owner-broker/admin.sock", new BrokerAdmin("grants", ""),
                "run/memory-broker/state.sock", new SessionState(dev.boxmaker.proto.SessionId.of("chat-real")),
                "run/owner-loop/loop.sock", new LoopAdmin("sessions", ""));
        Map<String, Class<?>> answers = Map.of(
                "run/loop-memory/memory.sock", MemoryBlockReply.class,
                "run/owner-memory/admin.sock", MemoryAdminReply.class,
                "run/owner-broker/admin.sock", BrokerAdminReply.class,
                "run/memory-broker/state.sock", SessionStateReply.class,
                "run/owner-loop/loop.sock", LoopAdminReply.class);
        for (Map.Entry<String, Message> probe : probes.entrySet()) {
            Message reply = SocketClient.call(d.home.resolve(probe.getKey()), probe.getValue(), Daemons.WAIT,
                    Daemons.WAIT, "test");
            assertThat(reply).as(probe.getKey()).isInstanceOf(answers.get(probe.getKey()));
        }
        // The two sockets whose correct requests write (a recall log line, an audit line): a whole turn
        // goes through loopd, brokerd and memoryd's broker socket.
        d.model.add(dev.boxmaker.loopd.testing.ScriptedModel.Reply.toolCall("c1", "recall", "{\"query\":\"turn\"}"),
                dev.boxmaker.loopd.testing.ScriptedModel.Reply.text("still here"));
        assertThat(d.turn("chat-real", "and after it")).isEqualTo("still here");
        assertThat(d.toolResult("c1")).isNotEmpty();
    }

    /**
     * Every file under the home with its mode and the SHA-256 of its bytes, but the daemons' own
     * output (the {@code *.log} files this test writes at the top) and {@code run/} (sockets, locks).
     */
    static Map<String, String> files(Path home) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(home)) {
            for (Path p : all.toList()) {
                String rel = home.relativize(p).toString();
                if (rel.startsWith("run/") || (p.getParent().equals(home) && rel.endsWith(".log"))
                        || !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                String mode = java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
                out.put(rel, mode + " " + HexFormat.of().formatHex(sha256(Files.readAllBytes(p))));
            }
        }
        return out;
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
