package dev.boxmaker.memoryd.honcho.worker;

import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.FLEET;
import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.OWNER;
import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.TRUSTED;
import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.UNTRUSTED;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.memoryd.honcho.fake.FakeRoute;
import dev.boxmaker.memoryd.honcho.ledger.LedgerItem;
import dev.boxmaker.memoryd.honcho.mirror.MirrorOp;
import dev.boxmaker.memoryd.honcho.mirror.MirrorPlan;
import dev.boxmaker.memoryd.honcho.mirror.Peer;
import dev.boxmaker.proto.secrets.Secret;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the worker does when Honcho drops, refuses, refuses a key or answers nonsense. */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class WorkerFaultsTests {
    static final String TRUSTED_KEY = "hk-trusted-9f8e7d6c5b4a";
    static final String UNTRUSTED_KEY = "hk-untrusted-1a2b3c4d5e6f";
    static final String UNREACHABLE_LINE = "Honcho is unreachable; the outbox waits and the worker tries again,"
            + " waiting longer each time up to 0 s (runbook honcho-unreachable)";

    @TempDir
    Path dir;
    WorkerRig rig;

    @AfterEach
    void close() {
        rig.close();
    }

    @Test
    void aBatchCommittedThenDroppedIsFoundAndHeldOnce() throws Exception {
        rig = new WorkerRig(dir);
        rig.fake.commitThenDrop(FakeRoute.MESSAGES, 1);
        rig.turn(TRUSTED, "mm-1", 0, OWNER, "one", "r1");
        rig.turn(TRUSTED, "mm-1", 1, OWNER, "two", "r2");
        rig.start();
        rig.drained();

        assertThat(HonchoWorkerTests.contents(rig.fake.messages(TRUSTED, "mm-1"))).containsExactly("one", "r1", "two", "r2");
        assertThat(HonchoWorkerTests.contents(rig.fake.messages(TRUSTED, null))).as("the whole workspace")
                .containsExactly("one", "r1", "two", "r2");
        // Both turns went in the one batch that was dropped; each is found by its item, not sent again: one add in all.
        assertThat(rig.fake.requests().stream().filter(r -> r.path().endsWith("/messages")).count()).isEqualTo(1);
        assertThat(rig.ledger.sentCounts()).isEqualTo(Map.of(TRUSTED, 2L));
        assertThat(rig.lines()).filteredOn(l -> l.contains("runbook honcho-unreachable")).hasSize(2);
    }

    @Test
    void anEditWhoseFirstOpCommittedBeforeACrashIsNotSentTwice() throws Exception {
        rig = new WorkerRig(dir);
        rig.fake.commitThenDrop(FakeRoute.CONCLUSIONS, 1);
        rig.edit(TRUSTED, new MirrorPlan("2026-12-02-0001", List.of(
                new MirrorOp.CreateConclusion(Peer.OWNER, "kyle drinks tea", null),
                new MirrorOp.CreateConclusion(Peer.AGENT, "the repo uses maven", null)), MirrorPlan.MIRRORED));
        rig.start(new Backoff(Duration.ofMinutes(10), Duration.ofMinutes(10)));
        WorkerRig.waitFor(() -> rig.fake.conclusions(TRUSTED).size() == 1, "the first conclusion");
        WorkerRig.waitFor(() -> rig.worker.report().workspaces().get(0).outageSince() != null, "the dropped answer");
        rig.restart(WorkerRig.QUICK);
        rig.drained();

        assertThat(HonchoWorkerTests.contents(rig.fake.conclusions(TRUSTED)))
                .containsExactly("kyle drinks tea", "the repo uses maven");
        List<String> ids = rig.fake.conclusions(TRUSTED).stream().map(c -> c.get("id").asText()).toList();
        assertThat(Files.readString(dir.resolve("honcho.jsonl")))
                .contains("\"ids\":[\"" + ids.get(0) + "\",\"" + ids.get(1) + "\"]");
    }

    @Test
    void aRefusedItemIsMarkedFailedLoggedWithoutItsTextAndTheNextGoes() throws Exception {
        rig = new WorkerRig(dir);
        rig.fake.answer(FakeRoute.MESSAGES, 422);
        rig.turn(TRUSTED, "mm-2", 0, OWNER, "a private text", "a private reply");
        rig.edit(TRUSTED, new MirrorPlan("2026-12-02-0002",
                List.of(new MirrorOp.CreateConclusion(Peer.AGENT, "a fact", null)), MirrorPlan.MIRRORED));
        rig.start();
        rig.drained();

        assertThat(HonchoWorkerTests.contents(rig.fake.conclusions(TRUSTED))).containsExactly("a fact");
        assertThat(rig.ledger.failures()).hasSize(1);
        assertThat(rig.ledger.failures().get(0).status()).isEqualTo(422);
        assertThat(rig.ledger.failures().get(0).kind()).isEqualTo("refused");
        assertThat(rig.lines()).containsExactly("Honcho refused turn/mm-2/0 for workspace bx-trusted: refused 422;"
                + " it is marked failed and the worker goes on (runbook honcho-send-refused)");
        assertThat(String.join("\n", rig.allText())).doesNotContain("private");
    }

    @Test
    void aRefusedKeyStopsItsWorkspaceOnlyLoggedOnceAndNoKeyIsEverLoggedOrSentElsewhere() throws Exception {
        rig = new WorkerRig(dir, Map.of(HonchoSettings.TRUSTED_KEY, Secret.of(HonchoSettings.TRUSTED_KEY, TRUSTED_KEY),
                HonchoSettings.UNTRUSTED_KEY, Secret.of(HonchoSettings.UNTRUSTED_KEY, UNTRUSTED_KEY)));
        rig.captureEverything();
        rig.fake.refuseKey(TRUSTED_KEY);
        rig.turn(TRUSTED, "mm-3", 0, OWNER, "one", "r1");
        rig.turn(UNTRUSTED, "mm-4", 0, OWNER, "two", "r2");
        rig.turn(TRUSTED, "mm-3", 1, OWNER, "three", "r3");
        rig.edit(FLEET, new MirrorPlan("2026-12-02-0003", List.of(new MirrorOp.FleetMessage("note", "mm-4")),
                MirrorPlan.MIRRORED));
        rig.start();
        WorkerRig.waitFor(() -> rig.ledger.outbox().size() == 2, "the untrusted and fleet items");
        rig.turn(TRUSTED, "mm-3", 2, OWNER, "four", "r4");
        rig.worker.wake();
        rig.turn(UNTRUSTED, "mm-4", 1, OWNER, "five", "r5");
        rig.worker.wake();
        WorkerRig.waitFor(() -> rig.ledger.sentCounts().getOrDefault(UNTRUSTED, 0L) == 2, "the second untrusted turn");

        assertThat(rig.ledger.outbox().stream().map(w -> w.item().key()))
                .containsExactly("turn/mm-3/0", "turn/mm-3/1", "turn/mm-3/2");
        assertThat(HonchoWorkerTests.contents(rig.fake.messages(UNTRUSTED, "mm-4"))).containsExactly("two", "r2", "five", "r5");
        assertThat(HonchoWorkerTests.contents(rig.fake.messages(UNTRUSTED, null))).as("the whole workspace")
                .containsExactly("two", "r2", "five", "r5");
        assertThat(rig.lines()).containsExactly("Honcho refused the key of workspace bx-trusted (401); its sends stop"
                + " until memoryd restarts with a key Honcho accepts, and the other workspaces go on"
                + " (runbook honcho-key-refused)");
        WorkspaceSync trusted = rig.worker.report().workspaces().get(0);
        assertThat(trusted.keyRefused()).isTrue();
        assertThat(trusted.waiting()).isEqualTo(3);
        assertThat(rig.worker.report().workspaces().get(1).keyRefused()).isFalse();
        for (FakeHoncho.Recorded r : rig.fake.requests()) {
            String workspace = r.path().equals("/v3/workspaces") ? r.body().replaceAll(".*\"id\":\"([^\"]+)\".*", "$1")
                    : r.path().split("/")[3];
            String expected = workspace.equals(TRUSTED) ? "Bearer " + TRUSTED_KEY
                    : workspace.equals(UNTRUSTED) ? "Bearer " + UNTRUSTED_KEY : null;
            assertThat(r.authorization()).as(r.method() + " " + r.path()).isEqualTo(expected);
        }
        String everything = String.join("\n", rig.allText());
        assertThat(rig.allText()).isNotEmpty();
        assertThat(everything).doesNotContain(TRUSTED_KEY, UNTRUSTED_KEY, "hk-");
        assertThat(rig.worker.report().toString()).doesNotContain("hk-");
        assertThat(Files.readString(dir.resolve("honcho.jsonl"))).doesNotContain("hk-");
    }
}
