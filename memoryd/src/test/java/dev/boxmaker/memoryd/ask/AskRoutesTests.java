package dev.boxmaker.memoryd.ask;

import static dev.boxmaker.memoryd.ask.AskRig.args;
import static dev.boxmaker.memoryd.ask.AskRig.ask;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.memoryd.honcho.client.HonchoWire.ConclusionCreate;
import dev.boxmaker.memoryd.honcho.fake.FakeRoute;
import dev.boxmaker.memoryd.sentences.AskSentences;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.memoryd.tool.Answer;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Label;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How ask_memory asks each workspace (docs/decisions.md, "ask_memory", "How each workspace is asked"): on
 * Honcho 3.0.12, peer chat as the peers that belong there and a search of the fleet; on a server with
 * workspace chat, recognised once, that chat; and on either, a read that makes nothing anywhere.
 */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class AskRoutesTests {
    static final Label TRUSTED = new Label(DataClass.PRIVATE, false);
    static final Label UNTRUSTED = new Label(DataClass.PRIVATE, true);
    /** A request that makes a workspace, a peer, a session, a message or a conclusion. */
    static final Pattern CREATE = Pattern.compile(
            "POST /v3/workspaces(/[^/]+/(peers|sessions|conclusions|sessions/[^/]+/messages))?");

    AskRig rig;
    AskMemory ask;

    @BeforeEach
    void start() {
        rig = new AskRig();
        ask = AskMemory.of(rig.settings, rig.clients, Duration.ofSeconds(5), MemorydThreads.start().ask());
    }

    @AfterEach
    void stop() {
        ask.close();
        rig.close();
    }

    void conclusion(String workspace, String peer, String content) throws Exception {
        HonchoClient client = rig.clients.client(workspace).orElseThrow();
        client.createPeer(peer, null);
        client.createConclusions(List.of(new ConclusionCreate(content, peer, peer, null)));
    }

    @Test
    void withoutWorkspaceChatItsOwnWorkspaceIsAskedAsTheOwnerThenAsTheAgent() throws Exception {
        rig.seed("bx-trusted", "own: the launch moved to Friday", "bx");
        conclusion("bx-trusted", "kyle", "kyle wants the launch on a Friday");
        conclusion("bx-trusted", "bx", "bx drafted the launch checklist");
        rig.fake.clearRequests();

        assertThat(ask(ask, args("launch", "own"))).isEqualTo(Answer.ok("""
                [1] memory · own · private
                kyle wants the launch on a Friday
                own: the launch moved to Friday

                bx drafted the launch checklist
                own: the launch moved to Friday""", TRUSTED));
        assertThat(rig.requests()).filteredOn(r -> r.endsWith("/chat")).containsExactlyInAnyOrder(
                "POST /v3/workspaces/bx-trusted/peers/kyle/chat", "POST /v3/workspaces/bx-trusted/peers/bx/chat");
        assertThat(rig.logLines()).containsExactly(AskSentences.WORKSPACE_CHAT_MISSING);
    }

    @Test
    void anotherAgentsWorkspaceIsAskedAsThatAgentsPeer() throws Exception {
        rig.seedAll();

        assertThat(ask(ask, args("launch", "b1"))).isEqualTo(
                Answer.ok("[1] memory · b1 · private\nb1: the launch needs the owner's sign-off", TRUSTED));
        assertThat(rig.requests()).containsExactly("GET /openapi.json", "POST /v3/workspaces/b1-trusted/peers/list",
                "POST /v3/workspaces/b1-trusted/peers/b1/chat");
    }

    @Test
    void theFleetIsSearchedForEveryPeersNotesEachTaggedAsRecallTagsIt() throws Exception {
        rig.note("b2", "b2 noted the launch room is 4B", AskRig.NOTE_AT);
        rig.note("bx", "the launch slides a week", "2026-12-03T08:00:00Z");
        rig.note("kyle", "launch party at six", "2026-12-04T18:30:00+02:00");
        rig.fake.clearRequests();

        assertThat(ask(ask, args("launch", "fleet"))).isEqualTo(Answer.ok("""
                [1] memory-tainted · fleet, b2 noted, 2026-12-02 10:40 UTC · private
                b2 noted the launch room is 4B

                [2] memory-tainted · fleet, bx noted, 2026-12-03 08:00 UTC · private
                the launch slides a week

                [3] memory-tainted · fleet, the owner noted, 2026-12-04 16:30 UTC · private
                launch party at six""", UNTRUSTED));
        assertThat(rig.fake.requests()).extracting(r -> r.method() + " " + r.path() + " " + r.body())
                .containsExactly("POST /v3/workspaces/fleet/search {\"query\":\"launch\",\"limit\":5}");
        assertThat(ask(ask, args("weather", "fleet"))).isEqualTo(Answer.ok("fleet: no answer", Label.SESSION_START));
    }

    /** Recognised once, from the document; one workspace's 404 then is that workspace unavailable, nothing more. */
    @Test
    void aServerWithWorkspaceChatIsRecognisedOnceAndKeptThroughAWorkspaces404() throws Exception {
        rig.seedAll();
        rig.fake.workspaceChat(true);

        Answer first = ask(ask, args("launch", "own", "b1"));
        rig.fake.answer(FakeRoute.WORKSPACE_CHAT, 404);
        Answer refused = ask(ask, args("launch", "own"));
        rig.fake.clearAnswers();
        Answer again = ask(ask, args("launch", "own", "b1"));

        assertThat(first).isEqualTo(again).isEqualTo(Answer.ok("""
                [1] memory · own · private
                own: the launch moved to Friday

                [2] memory · b1 · private
                b1: the launch needs the owner's sign-off""", TRUSTED));
        assertThat(refused.text()).isEqualTo("own: unavailable");
        assertThat(rig.requests()).filteredOn(r -> r.contains("openapi")).containsExactly("GET /openapi.json");
        assertThat(rig.requests()).filteredOn(r -> r.endsWith("/chat")).containsExactlyInAnyOrder(
                "POST /v3/workspaces/bx-trusted/chat", "POST /v3/workspaces/b1-trusted/chat",
                "POST /v3/workspaces/bx-trusted/chat", "POST /v3/workspaces/bx-trusted/chat",
                "POST /v3/workspaces/b1-trusted/chat");
        assertThat(rig.logLines()).containsExactly(AskSentences.WORKSPACE_CHAT_SERVED);
    }

    /** Issue 33 item 7: where workspaces and peers are missing, asking every workspace makes none of them. */
    @Test
    void askingEveryWorkspaceMakesNoWorkspacePeerOrSessionOnEitherServer() throws Exception {
        rig.seed("bx-trusted", "own: the launch moved to Friday");
        List<String> before = rig.fake.entities();
        rig.fake.clearRequests();

        Answer old = ask(ask, args("launch", "own", "untrusted", "fleet", "b1"));
        Answer oldB2 = ask(ask, args("launch", "b2"));
        rig.fake.workspaceChat(true);
        try (AskMemory newer = AskMemory.of(rig.settings, rig.clients, Duration.ofSeconds(5), MemorydThreads.start().ask())) {
            assertThat(ask(newer, args("launch", "own", "untrusted", "fleet", "b1"))).isEqualTo(old);
            assertThat(ask(newer, args("launch", "b2"))).isEqualTo(oldB2);
        }

        assertThat(old.text()).isEqualTo("""
                [1] memory · own · private
                own: the launch moved to Friday

                untrusted: no answer
                fleet: no answer
                b1: no answer""");
        assertThat(oldB2.text()).isEqualTo("b2: no answer");
        assertThat(rig.fake.entities()).isEqualTo(before);
        assertThat(rig.requests()).noneMatch(r -> CREATE.matcher(r).matches());
        assertThat(rig.requests()).filteredOn(r -> r.endsWith("/chat")).containsExactly(
                "POST /v3/workspaces/bx-trusted/peers/kyle/chat", "POST /v3/workspaces/bx-trusted/chat");
    }
}
