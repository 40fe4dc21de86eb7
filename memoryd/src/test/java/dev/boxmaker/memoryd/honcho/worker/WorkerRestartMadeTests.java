package dev.boxmaker.memoryd.honcho.worker;

import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.FLEET;
import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.OWNER;
import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.TRUSTED;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.honcho.ledger.LedgerLine;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * After a restart (issue 33's measure: recovery after SIGKILL), the worker does not make again what
 * the ledger shows made: a workspace and the peers of a Honcho session placed there, and a Honcho
 * session a turn was sent to after its {@code placed} line. What it does not show made still is. And
 * a turn is looked for only in Honcho sessions placed before it is sent.
 */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class WorkerRestartMadeTests extends RiggedWorkerTests {
    /** The requests the fake got, as method, path and body. */
    private List<String> requests() {
        return rig.fake.requests().stream().map(r -> r.method() + " " + r.path() + " " + r.body()).toList();
    }

    /** Drains two turns of {@code session} to {@code workspace}, then restarts with its next turn waiting. */
    private void drainRestartAndSendAThird(String workspace, String session, boolean checkpoint) throws Exception {
        rig.turn(workspace, session, 0, OWNER, "one", "r1");
        rig.turn(workspace, session, 1, OWNER, "two", "r2");
        rig.start();
        rig.drained();
        if (checkpoint) {
            rig.ledger.checkpoint();
        }
        rig.worker.close();
        rig.fake.clearRequests();
        rig.restart(WorkerRig.QUICK);
        rig.turn(workspace, session, 2, OWNER, "three", "r3");
        rig.worker.wake();
        rig.drained();
    }

    @Test
    void afterARestartATurnGoesWithNoWorkspacePeerOrSessionMadeAgain() throws Exception {
        drainRestartAndSendAThird(TRUSTED, "mm-m1", false);

        assertThat(requests()).containsExactly("POST /v3/workspaces/bx-trusted/sessions/mm-m1/messages"
                + " {\"messages\":[{\"peer_id\":\"kyle\",\"content\":\"three\",\"metadata\":{\"boxmaker_item\":"
                + "\"turn/mm-m1/2\",\"boxmaker_part\":0}},{\"peer_id\":\"bx\",\"content\":\"r3\",\"metadata\":"
                + "{\"boxmaker_item\":\"turn/mm-m1/2\",\"boxmaker_part\":1}}]}");
        assertThat(HonchoWorkerTests.contents(rig.fake.messages(TRUSTED, "mm-m1")))
                .containsExactly("one", "r1", "two", "r2", "three", "r3");
    }

    @Test
    void whatTheLedgerShowsMadeSurvivesItsCheckpoint() throws Exception {
        drainRestartAndSendAThird(TRUSTED, "mm-m2", true);

        assertThat(requests()).hasSize(1).allMatch(r -> r.startsWith(
                "POST /v3/workspaces/bx-trusted/sessions/mm-m2/messages {"));
    }

    @Test
    void aHonchoSessionPlacedAndNotYetWrittenToIsMadeAfterARestartWithItsPeers() throws Exception {
        rig.turn(TRUSTED, "mm-m3", 0, OWNER, "one", "r1");
        rig.start();
        rig.drained();
        rig.worker.close();
        // As the worker does for a new speaker: the peer made, the line written; then the kill.
        rig.clients.client(TRUSTED).orElseThrow().createPeer("ann", null);
        rig.ledger.placed(TRUSTED, "mm-m3", "mm-m3-2", List.of("bx", "kyle", "ann"), LedgerLine.FOR_TURNS);
        rig.fake.clearRequests();
        rig.restart(WorkerRig.QUICK);
        rig.turn(TRUSTED, "mm-m3", 1, "ann", "two", "r2");
        rig.worker.wake();
        rig.drained();

        assertThat(requests().stream().map(r -> r.substring(0, r.indexOf(' ', 5))).toList()).containsExactly(
                "POST /v3/workspaces/bx-trusted/sessions", "POST /v3/workspaces/bx-trusted/sessions/mm-m3-2/messages");
        assertThat(rig.fake.sessionPeers(TRUSTED, "mm-m3-2").keySet()).containsExactlyInAnyOrder("bx", "kyle", "ann");
        assertThat(HonchoWorkerTests.contents(rig.fake.messages(TRUSTED, "mm-m3-2"))).containsExactly("two", "r2");
    }

    @Test
    void aTurnWaitingAtStartWhoseSessionWasNeverPlacedIsNotLookedFor() throws Exception {
        rig.turn(TRUSTED, "mm-m5", 0, OWNER, "one", "r1");
        rig.start();
        rig.drained();

        assertThat(requests().stream().map(r -> r.substring(0, r.indexOf(' ', 5))).toList()).containsExactly(
                "POST /v3/workspaces", "POST /v3/workspaces/bx-trusted/peers", "POST /v3/workspaces/bx-trusted/peers",
                "POST /v3/workspaces/bx-trusted/sessions", "POST /v3/workspaces/bx-trusted/sessions/mm-m5/messages");
    }

    @Test
    void theFleetWorkspaceIsStillMadeOnceARunForItsSettings() throws Exception {
        drainRestartAndSendAThird(FLEET, "mm-m4", false);

        assertThat(requests().stream().map(r -> r.substring(0, r.indexOf(' ', 5))).toList()).containsExactly(
                "POST /v3/workspaces", "POST /v3/workspaces/fleet/sessions/mm-m4/messages");
    }
}
