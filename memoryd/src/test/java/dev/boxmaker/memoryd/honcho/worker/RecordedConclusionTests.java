package dev.boxmaker.memoryd.honcho.worker;

import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.AGENT;
import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.OWNER;
import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.TRUSTED;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.honcho.mirror.MirrorOp;
import dev.boxmaker.memoryd.honcho.mirror.MirrorPlan;
import dev.boxmaker.memoryd.honcho.mirror.Peer;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 33 item 12: a conclusion is deleted by the id the {@code sent} line of the edit that created it
 * recorded, across a restart, never by a look-alike with the same text that Honcho's deriver made.
 */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class RecordedConclusionTests extends RiggedWorkerTests {
    @Test
    void aDeletionAfterARestartDeletesTheRecordedConclusionAndLeavesTheDerivedOne() throws Exception {
        String recorded = createThenRestart(Peer.OWNER, OWNER, "kyle likes tea", false);
        String derived = derivedId();

        deleteAndAssert(Peer.OWNER, "kyle likes tea", recorded, derived);
    }

    @Test
    void aDeletionAfterARestartFromTheCheckpointDeletesTheRecordedConclusion() throws Exception {
        String recorded = createThenRestart(Peer.AGENT, AGENT, "the build uses maven", true);
        String derived = derivedId();

        deleteAndAssert(Peer.AGENT, "the build uses maven", recorded, derived);
    }

    @Test
    void theSentLineOfAnEditRecordsEachConclusionItCreatedByItsKeyNeverItsText() throws Exception {
        String recorded = createThenRestart(Peer.OWNER, OWNER, "kyle likes tea", false);

        String ledger = Files.readString(dir.resolve(HonchoLedger.FILE_NAME), StandardCharsets.UTF_8);
        assertThat(ledger).contains("\"ids\":[\"" + recorded + "\"],\"conclusions\":{\""
                + HonchoLedger.conclusionKey(OWNER, "kyle likes tea") + "\":\"" + recorded + "\"}}\n");
        assertThat(ledger).doesNotContain("tea");
    }

    @Test
    void whereNoSentLineRecordsTheConclusionItIsFoundByItsExactContent() throws Exception {
        String derived = rig.fake.derive(TRUSTED, OWNER, "kyle likes tea");
        rig.edit(TRUSTED, new MirrorPlan("2026-12-02-0002",
                List.of(new MirrorOp.DeleteConclusion(Peer.OWNER, "kyle likes tea")), MirrorPlan.MIRRORED));
        rig.start();
        rig.drained();

        assertThat(rig.fake.conclusions(TRUSTED)).isEmpty();
        assertThat(deletes()).containsExactly("/v3/workspaces/" + TRUSTED + "/conclusions/" + derived);
    }

    /**
     * Creates the conclusion by an edit while the worker runs, after Honcho derived the same text (so
     * the derived one comes first in a query: the fake answers in the order made), then stops the
     * worker and reads the ledger again; the created one's id.
     */
    private String createThenRestart(Peer peer, String name, String content, boolean checkpoint) throws Exception {
        rig.start();
        rig.fake.derive(TRUSTED, name, content);
        rig.edit(TRUSTED, new MirrorPlan("2026-12-02-0001", List.of(new MirrorOp.CreateConclusion(peer, content, null)),
                MirrorPlan.MIRRORED));
        rig.worker.wake();
        rig.drained();
        rig.ledger.flush();
        if (checkpoint) {
            rig.ledger.checkpoint();
        }
        List<JsonNode> all = rig.fake.conclusions(TRUSTED);
        assertThat(all).hasSize(2);
        rig.restart(WorkerRig.QUICK);
        rig.fake.clearRequests();
        return all.get(1).get("id").asText();
    }

    private String derivedId() {
        return rig.fake.conclusions(TRUSTED).get(0).get("id").asText();
    }

    private void deleteAndAssert(Peer peer, String content, String recorded, String derived) throws Exception {
        rig.edit(TRUSTED, new MirrorPlan("2026-12-02-0002", List.of(new MirrorOp.DeleteConclusion(peer, content)),
                MirrorPlan.MIRRORED));
        rig.worker.wake();
        rig.drained();

        assertThat(rig.fake.conclusions(TRUSTED).stream().map(c -> c.get("id").asText())).containsExactly(derived);
        assertThat(deletes()).containsExactly("/v3/workspaces/" + TRUSTED + "/conclusions/" + recorded);
        assertThat(rig.fake.requests().stream().filter(r -> r.path().endsWith("/conclusions/query"))).isEmpty();
    }

    private List<String> deletes() {
        return rig.fake.requests().stream().filter(r -> r.method().equals("DELETE")).map(r -> r.path()).toList();
    }
}
