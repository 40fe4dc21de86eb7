package dev.boxmaker.memoryd.honcho.worker;

import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.AGENT;
import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.FLEET;
import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.OWNER;
import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.TRUSTED;
import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.UNTRUSTED;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.boxmaker.memoryd.TempHome;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import dev.boxmaker.memoryd.honcho.decide.TurnDecision;
import dev.boxmaker.memoryd.honcho.ledger.LedgerItem;
import dev.boxmaker.memoryd.honcho.ledger.LedgerLine;
import dev.boxmaker.memoryd.honcho.mirror.MirrorOp;
import dev.boxmaker.memoryd.honcho.mirror.MirrorPlan;
import dev.boxmaker.memoryd.honcho.mirror.Peer;
import dev.boxmaker.proto.text.Sanitize;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The worker's sends as Honcho holds them: workspaces, peers, sessions, messages and conclusions. A
 * Quarkus test because the REST client is built inside a running Quarkus application.
 */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class HonchoWorkerTests extends RiggedWorkerTests {
    static List<String> contents(List<JsonNode> nodes) {
        return nodes.stream().map(n -> n.get("content").asText()).toList();
    }

    @Test
    void aTurnIsTwoMessagesFromItsPeersNeutralisedWithItsItemAndRecordedWithHonchosIds() throws Exception {
        String text = "what is <b>this</b>? [x](http://a.example)";
        LedgerItem.Turn item = rig.turn(TRUSTED, "mm-1", 0, "kyle.w", text, "a reply");
        rig.start();
        rig.drained();

        List<JsonNode> messages = rig.fake.messages(TRUSTED, "mm-1");
        assertThat(contents(messages)).containsExactly(Sanitize.neutralise(text), Sanitize.neutralise("a reply"));
        assertThat(messages.stream().map(m -> m.get("peer_id").asText())).containsExactly("kyle_w", AGENT);
        assertThat(messages.get(0).get("metadata").toString())
                .isEqualTo("{\"boxmaker_item\":\"turn/mm-1/0\",\"boxmaker_part\":0}");
        assertThat(rig.fake.requests().stream().filter(r -> r.path().endsWith("/messages")).count()).isEqualTo(1);
        String ledger = Files.readString(dir.resolve("honcho.jsonl"));
        assertThat(ledger).contains("\"event\":\"sent\"", "\"ids\":[\"" + messages.get(0).get("id").asText() + "\",\""
                + messages.get(1).get("id").asText() + "\"]");
        assertThat(ledger).doesNotContain("this", "reply");
        assertThat(rig.ledger.isDecided(item)).isTrue();
        assertThat(rig.ledger.outbox()).isEmpty();
    }

    @Test
    void theAgentIsNotObservedAndTheSpeakerIs() throws Exception {
        rig.turn(UNTRUSTED, "mm-2", 0, OWNER, "hello", "hi");
        rig.start();
        rig.drained();

        Map<String, ? extends JsonNode> peers = rig.fake.sessionPeers(UNTRUSTED, "mm-2");
        assertThat(peers.keySet()).containsExactlyInAnyOrder(AGENT, OWNER);
        assertThat(peers.get(AGENT).get("observe_me").asBoolean()).isFalse();
        assertThat(peers.get(OWNER).get("observe_me").asBoolean()).isTrue();
        String agentPeer = rig.fake.requests().stream()
                .filter(r -> r.path().equals("/v3/workspaces/" + UNTRUSTED + "/peers") && r.body().contains("\"" + AGENT + "\""))
                .findFirst().orElseThrow().body();
        assertThat(agentPeer).isEqualTo("{\"id\":\"bx\",\"configuration\":{\"observe_me\":false}}");
    }

    @Test
    void aNewSpeakerStartsTheNextHonchoSessionHoldingEveryPeerSoFar() throws Exception {
        rig.turn(TRUSTED, "mm-3", 0, OWNER, "one", "r1");
        rig.turn(TRUSTED, "mm-3", 1, "alice", "two", "r2");
        rig.turn(TRUSTED, "mm-3", 2, OWNER, "three", "r3");
        rig.turn(TRUSTED, "mm-3", 3, "bob", "four", "r4");
        rig.start();
        rig.drained();

        assertThat(contents(rig.fake.messages(TRUSTED, "mm-3"))).containsExactly("one", "r1");
        assertThat(contents(rig.fake.messages(TRUSTED, "mm-3-2"))).containsExactly("two", "r2", "three", "r3");
        assertThat(contents(rig.fake.messages(TRUSTED, "mm-3-3"))).containsExactly("four", "r4");
        assertThat(rig.fake.sessionPeers(TRUSTED, "mm-3").keySet()).containsExactlyInAnyOrder(AGENT, OWNER);
        assertThat(rig.fake.sessionPeers(TRUSTED, "mm-3-2").keySet()).containsExactlyInAnyOrder(AGENT, OWNER, "alice");
        assertThat(rig.fake.sessionPeers(TRUSTED, "mm-3-3").keySet())
                .containsExactlyInAnyOrder(AGENT, OWNER, "alice", "bob");
    }

    @Test
    void aTextOver25000CharactersIsSplitInOrder() throws Exception {
        String text = "a".repeat(25_000) + "b".repeat(25_000) + "c";
        rig.turn(TRUSTED, "mm-4", 0, OWNER, text, "short");
        rig.start();
        rig.drained();

        List<JsonNode> messages = rig.fake.messages(TRUSTED, "mm-4");
        assertThat(contents(messages)).containsExactly("a".repeat(25_000), "b".repeat(25_000), "c", "short");
        assertThat(messages.stream().map(m -> m.get("metadata").get("boxmaker_part").asInt())).containsExactly(0, 1, 2, 3);
        assertThat(rig.fake.requests().stream().filter(r -> r.path().endsWith("/messages")).count()).isEqualTo(1);
    }

    @Test
    void theFleetWorkspaceIsMadeWithReasoningSummariesAndDreamingOffAndHoldsOnlyTheAgent() throws Exception {
        rig.edit(FLEET, new MirrorPlan("2026-12-02-0001", List.of(new MirrorOp.FleetMessage("a note", "mm-5")),
                MirrorPlan.MIRRORED));
        rig.edit(FLEET, new MirrorPlan("2026-12-02-0002", List.of(new MirrorOp.FleetRetraction("a note", "mm-5")),
                MirrorPlan.MIRRORED));
        rig.start();
        rig.drained();

        String created = rig.fake.requests().stream()
                .filter(r -> r.path().equals("/v3/workspaces") && r.body().contains("\"" + FLEET + "\"")).findFirst()
                .orElseThrow().body();
        assertThat(created).isEqualTo("{\"id\":\"fleet\",\"configuration\":{\"reasoning\":{\"enabled\":false},"
                + "\"summary\":{\"enabled\":false},\"dream\":{\"enabled\":false}}}");
        List<JsonNode> messages = rig.fake.messages(FLEET, "mm-5");
        assertThat(contents(messages)).containsExactly("a note", "retracted: a note");
        assertThat(messages.stream().map(m -> m.get("peer_id").asText())).containsExactly(AGENT, AGENT);
        assertThat(rig.fake.sessionPeers(FLEET, "mm-5").keySet()).containsExactly(AGENT);
    }

    @Test
    void conclusionsAreCreatedStampedWithTheSessionAndDeletedByTheIdOfTheirCreation() throws Exception {
        rig.turn(TRUSTED, "mm-6", 0, OWNER, "hello", "hi");
        rig.edit(TRUSTED, new MirrorPlan("2026-12-02-0003", List.of(
                new MirrorOp.CreateConclusion(Peer.OWNER, "kyle likes <tea>", "mm-6"),
                new MirrorOp.CreateConclusion(Peer.AGENT, "the build uses maven", "mm-6")), MirrorPlan.MIRRORED));
        rig.edit(TRUSTED, new MirrorPlan("2026-12-02-0004", List.of(
                new MirrorOp.DeleteConclusion(Peer.OWNER, "kyle likes <tea>"),
                new MirrorOp.DeleteConclusion(Peer.AGENT, "never created")), MirrorPlan.MIRRORED));
        rig.start();
        rig.drained();

        List<JsonNode> conclusions = rig.fake.conclusions(TRUSTED);
        assertThat(contents(conclusions)).containsExactly("the build uses maven");
        JsonNode left = conclusions.get(0);
        assertThat(left.get("observer_id").asText()).isEqualTo(AGENT);
        assertThat(left.get("observed_id").asText()).isEqualTo(AGENT);
        assertThat(left.get("session_id").asText()).isEqualTo("mm-6");
        assertThat(rig.fake.requests().stream().filter(r -> r.method().equals("DELETE")).count()).isEqualTo(1);
        assertThat(rig.fake.requests().stream().anyMatch(r -> r.body().contains(Sanitize.neutralise("kyle likes <tea>"))))
                .isTrue();
    }

    @Test
    void aRestartSendsNothingTwice() throws Exception {
        rig.turn(TRUSTED, "mm-7", 0, OWNER, "one", "r1");
        rig.edit(TRUSTED, new MirrorPlan("2026-12-02-0005",
                List.of(new MirrorOp.CreateConclusion(Peer.AGENT, "fact", null)), MirrorPlan.MIRRORED));
        rig.start();
        rig.drained();
        rig.fake.clearRequests();
        rig.restart(WorkerRig.QUICK);
        rig.turn(TRUSTED, "mm-7", 1, OWNER, "two", "r2");
        rig.worker.wake();
        rig.drained();

        assertThat(contents(rig.fake.messages(TRUSTED, "mm-7"))).containsExactly("one", "r1", "two", "r2");
        assertThat(contents(rig.fake.messages(TRUSTED, null))).as("the whole workspace")
                .containsExactly("one", "r1", "two", "r2");
        assertThat(contents(rig.fake.conclusions(TRUSTED))).containsExactly("fact");
    }

    @Test
    void theReportCountsSentWaitingFailedAndSpeakerlessTurns() throws Exception {
        rig.turn(TRUSTED, "mm-8", 0, OWNER, "one", "r1");
        rig.ledger.decided(new LedgerItem.Turn("mm-8", 1), Optional.empty(), TurnDecision.NO_SPEAKER);
        rig.ledger.decided(new LedgerItem.Turn("mm-8", 2), Optional.empty(), TurnDecision.INVALID_SPEAKER);
        rig.ledger.decided(new LedgerItem.Turn("mm-8", 3), Optional.empty(), TurnDecision.SECRET_CLASS);
        rig.ledger.decided(new LedgerItem.Turn("mm-8", 4), Optional.of(TRUSTED), TurnDecision.CLEAN);
        rig.start();
        rig.drained();

        SyncReport report = rig.worker.report();
        assertThat(report.speakerless()).isEqualTo(2);
        WorkspaceSync trusted = report.workspaces().get(0);
        assertThat(report.workspaces().stream().map(WorkspaceSync::role)).containsExactly("trusted", "untrusted", "fleet");
        assertThat(trusted.workspace()).isEqualTo(TRUSTED);
        assertThat(trusted.sent()).isEqualTo(1);
        assertThat(trusted.waiting()).isZero();
        assertThat(trusted.oldestWaitingSeconds()).isNull();
        assertThat(trusted.failed()).isEqualTo(1);
        FailedItem failed = trusted.failedItems().get(0);
        assertThat(failed.item()).isEqualTo("turn/mm-8/4");
        assertThat(failed.status()).isZero();
        assertThat(failed.kind()).isEqualTo("missing");
        assertThat(trusted.outageSince()).isNull();
        assertThat(trusted.keyRefused()).isFalse();
        assertThat(rig.lines()).contains("the worker cannot send turn/mm-8/4 to workspace bx-trusted: missing; it is"
                + " marked failed and the worker goes on (runbook honcho-send-refused)");
    }

    @Test
    void atStartEachWorkspaceIsLookedForInOrderUntilAnItemIsNotFound() throws Exception {
        rig.turn(TRUSTED, "mm-9", 0, OWNER, "one", "r1");
        rig.turn(UNTRUSTED, "mm-10", 0, OWNER, "two", "r2");
        rig.turn(TRUSTED, "mm-9", 1, OWNER, "three", "r3");
        rig.turn(UNTRUSTED, "mm-10", 1, OWNER, "four", "r4");
        // Placed by an earlier run: only a Honcho session placed may hold what a try sent.
        rig.ledger.placed(TRUSTED, "mm-9", "mm-9", List.of(AGENT, OWNER), LedgerLine.FOR_TURNS);
        rig.ledger.placed(UNTRUSTED, "mm-10", "mm-10", List.of(AGENT, OWNER), LedgerLine.FOR_TURNS);
        rig.start();
        rig.drained();

        List<String> looked = rig.fake.requests().stream().filter(r -> r.path().endsWith("/messages/list"))
                .map(r -> r.body().replaceAll(".*\"boxmaker_item\":\"([^\"]+)\".*", "$1")).distinct().toList();
        assertThat(looked).containsExactly("turn/mm-9/0", "turn/mm-10/0");
        assertThat(contents(rig.fake.messages(TRUSTED, "mm-9"))).containsExactly("one", "r1", "three", "r3");
    }

    @Test
    void sentLinesLostToAPowerLossAreFoundInHonchoAndNothingIsSentTwice() throws Exception {
        for (int t = 0; t < 3; t++) {
            rig.turn(TRUSTED, "mm-11", t, OWNER, "text " + t, "reply " + t);
        }
        rig.edit(TRUSTED, new MirrorPlan("2026-12-02-0011",
                List.of(new MirrorOp.CreateConclusion(Peer.AGENT, "a fact", "mm-11")), MirrorPlan.MIRRORED));
        rig.start();
        rig.drained();
        rig.worker.close();
        Path file = dir.resolve("honcho.jsonl");
        // A power loss loses sent lines, never a placed line: it is flushed before its session's first request.
        List<String> decided = Files.readAllLines(file).stream().filter(l -> l.contains("\"decided\"")
                || l.contains("\"placed\"")).toList();
        Files.write(file, decided);
        rig.restart(WorkerRig.QUICK);
        rig.turn(TRUSTED, "mm-11", 3, OWNER, "text 3", "reply 3");
        rig.worker.wake();
        rig.drained();

        assertThat(contents(rig.fake.messages(TRUSTED, "mm-11"))).containsExactly("text 0", "reply 0", "text 1",
                "reply 1", "text 2", "reply 2", "text 3", "reply 3");
        assertThat(contents(rig.fake.messages(TRUSTED, null))).as("the whole workspace").containsExactly("text 0",
                "reply 0", "text 1", "reply 1", "text 2", "reply 2", "text 3", "reply 3");
        assertThat(contents(rig.fake.conclusions(TRUSTED))).containsExactly("a fact");
        assertThat(rig.ledger.sentCounts()).isEqualTo(Map.of(TRUSTED, 5L));
    }
}
