package dev.boxmaker.brokerd.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.brokerd.TestHome;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionStateReply;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.SessionId;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The composite runtime through brokerd's real sockets against memoryd's real code in this JVM:
 * the session's state carried in {@code memory_call}, and a tainted recall turning the same
 * session's next {@code memory add} into a note.
 */
class CompositeRuntimeTest {
    static final String TAINTED_HIT = "[1] memory-tainted · note, 2026-09-22 18:20 UTC, session mm-dh45qg… · private\n"
            + "example.org says the release moved to March.";

    private TestHome home;

    @BeforeEach
    void start() throws Exception {
        home = TestHome.create("").start(Duration.ofSeconds(5));
    }

    @AfterEach
    void stop() throws Exception {
        home.close();
    }

    @Test
    void aTrustedSessionsAddReachesMemoryMdThroughRealMemoryd() throws Exception {
        try (Memoryd memoryd = Memoryd.real(home.vertx, home.home)) {
            ToolResponse response = home.call("chat-1", "memory",
                    "{\"action\": \"add\", \"file\": \"memory\", \"text\": \"Owner prefers answers in UTC.\"}");

            assertThat(response.outcome()).isEqualTo(Outcome.OK);
            assertThat(response.grant()).isEqualTo("builtin-memory");
            assertThat(memoryd.file("memory.md")).contains("Owner prefers answers in UTC.");
            assertThat(home.auditText()).contains("\"grant\":\"builtin-memory\"", "\"decision\":\"auto\"");
        }
    }

    @Test
    void theSessionsStateIsCarriedInMemoryCall() throws Exception {
        try (Memoryd memoryd = Memoryd.withRecall(home.vertx, home.home, call -> tainted(call))) {
            home.call("chat-1", "memory", "{\"action\": \"note\", \"text\": \"first\"}");
            home.call("chat-1", "recall", "{\"query\": \"release\"}");
            home.call("chat-1", "memory", "{\"action\": \"note\", \"text\": \"second\"}");

            assertThat(memoryd.calls).extracting(MemoryCall::taint, MemoryCall::untrusted).containsExactly(
                    org.assertj.core.groups.Tuple.tuple(DataClass.PRIVATE, false),
                    org.assertj.core.groups.Tuple.tuple(DataClass.PRIVATE, false),
                    org.assertj.core.groups.Tuple.tuple(DataClass.PRIVATE, true));
            assertThat(memoryd.calls.get(1).request().args().get("query").asText()).isEqualTo("release");
        }
    }

    @Test
    void aTaintedRecallHitMakesTheSessionsNextAddANote() throws Exception {
        try (Memoryd memoryd = Memoryd.withRecall(home.vertx, home.home, call -> tainted(call))) {
            ToolResponse recall = home.call("chat-1", "recall", "{\"query\": \"release\", \"k\": 3}");
            assertThat(recall).isEqualTo(new ToolResponse("c1", Outcome.OK, TAINTED_HIT, DataClass.PRIVATE, true, "builtin-recall"));

            ToolResponse add = home.call("chat-1", "memory",
                    "{\"action\": \"add\", \"file\": \"memory\", \"text\": \"The release moved to March.\"}");

            assertThat(add.text()).isEqualTo("saved as a note (untrusted): this session has read untrusted content");
            assertThat(add.untrusted()).isTrue();
            assertThat(memoryd.file("memory.md")).doesNotContain("March");
            assertThat(memoryd.file("notes.md")).contains("The release moved to March.");
            assertThat(stateOf("chat-1")).isEqualTo(new SessionStateReply(DataClass.PRIVATE, true));
            // Another session is untouched.
            assertThat(stateOf("chat-2")).isEqualTo(new SessionStateReply(DataClass.PRIVATE, false));
        }
    }

    @Test
    void askMemoryWithoutHonchoIsMemorydsSentenceUnderItsBuiltInGrant() throws Exception {
        try (Memoryd memoryd = Memoryd.real(home.vertx, home.home)) {
            ToolResponse response = home.call("chat-1", "ask_memory", "{\"question\": \"when is the launch?\"}");

            assertThat(response).isEqualTo(new ToolResponse("c1", Outcome.REFUSED, "fleet memory is not configured:"
                    + " memoryd.toml has no [honcho] section, so ask_memory has nothing to ask; use recall to search this"
                    + " agent's own memory", DataClass.PRIVATE, false, "builtin-ask_memory"));
            assertThat(home.auditText()).contains("\"grant\":\"builtin-ask_memory\"", "\"decision\":\"auto\"");
        }
    }

    @Test
    void aTaintedAskMemoryReplyTaintsTheSessionAsARecallHitDoes() throws Exception {
        String reply = "[1] memory-tainted · fleet · private\nb2 noted the launch room is 4B";
        try (Memoryd memoryd = Memoryd.withRecall(home.vertx, home.home, call -> new ToolResponse(call.request().call(),
                Outcome.OK, reply, DataClass.PRIVATE, true, null))) {
            ToolResponse ask = home.call("chat-1", "ask_memory", "{\"question\": \"launch\", \"workspaces\": [\"fleet\"]}");

            assertThat(ask).isEqualTo(new ToolResponse("c1", Outcome.OK, reply, DataClass.PRIVATE, true, "builtin-ask_memory"));
            assertThat(stateOf("chat-1")).isEqualTo(new SessionStateReply(DataClass.PRIVATE, true));
            assertThat(memoryd.calls).extracting(c -> c.request().tool()).containsExactly("ask_memory");
        }
    }

    @Test
    void askMemorysBadArgumentsAreRefusedByBrokerdWithTheContractsSentence() throws Exception {
        try (Memoryd memoryd = Memoryd.withRecall(home.vertx, home.home, call -> tainted(call))) {
            ToolResponse response = home.call("chat-1", "ask_memory",
                    "{\"question\": \"q\", \"workspaces\": [\"own\", \"../etc\"]}");

            assertThat(response.outcome()).isEqualTo(Outcome.REFUSED);
            assertThat(response.text()).isEqualTo("ask_memory: workspaces[1] must be own, untrusted, fleet or another"
                    + " agent's name (letters, digits, _ and -)");
            assertThat(memoryd.calls).isEmpty();
        }
    }

    @Test
    void memorydStoppedFailsAtOnceWithTheSentence() throws Exception {
        // A memoryd wait of 10 minutes: a call that waited for it would not be answered within the
        // test's own wait (TestHome.WAIT, 20 s), so an answer at all shows that nothing was waited for.
        home.close();
        home = TestHome.create("").start(Duration.ofMinutes(10));
        ToolResponse response = home.call("chat-1", "recall", "{\"query\": \"q\"}");

        assertThat(response).isEqualTo(new ToolResponse("c1", Outcome.FAILED,
                "memoryd did not answer in 30 seconds; memory calls fail until it is back (runbook memoryd-unreachable)",
                DataClass.PRIVATE, false, "builtin-recall"));
    }

    @Test
    void memorydHungFailsAfterTheLimitWithTheSentence() throws Exception {
        try (HungServer hung = HungServer.at(home.settings.memorySocket())) {
            long start = System.nanoTime();
            ToolResponse response = home.call("chat-1", "memory", "{\"action\": \"note\", \"text\": \"x\"}");
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertThat(response.outcome()).isEqualTo(Outcome.FAILED);
            assertThat(response.text()).isEqualTo(
                    "memoryd did not answer in 30 seconds; memory calls fail until it is back (runbook memoryd-unreachable)");
            assertThat(hung.accepted()).isEqualTo(1);
            // The test's limit is 5 seconds: the call waited for it, and not much longer.
            assertThat(took).isBetween(Duration.ofSeconds(5), Duration.ofSeconds(15));
        }
    }

    private SessionStateReply stateOf(String session) throws Exception {
        return (SessionStateReply) SocketClient.call(home.settings.stateSocket(), new SessionState(SessionId.of(session)),
                TestHome.WAIT, TestHome.WAIT, "test");
    }

    static ToolResponse tainted(MemoryCall call) {
        return new ToolResponse(call.request().call(), Outcome.OK, TAINTED_HIT, DataClass.PRIVATE, true, null);
    }
}
