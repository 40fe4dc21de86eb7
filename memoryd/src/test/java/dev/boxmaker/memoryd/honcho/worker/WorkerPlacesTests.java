package dev.boxmaker.memoryd.honcho.worker;

import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.AGENT;
import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.OWNER;
import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.TRUSTED;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.honcho.mirror.MirrorOp;
import dev.boxmaker.memoryd.honcho.mirror.MirrorPlan;
import dev.boxmaker.memoryd.honcho.mirror.Peer;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Where a Boxmaker session's turns go in Honcho, by the ledger's {@code placed} lines (issue 33,
 * items 3 and 4): look-ups read exactly the Honcho sessions placed, numbering goes on after a
 * restart, and a conclusion stamped before the first turn does not push the turns to {@code -2}.
 */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class WorkerPlacesTests extends RiggedWorkerTests {
    private long lists() {
        return rig.fake.requests().stream().filter(r -> r.path().endsWith("/messages/list")).count();
    }

    /** The ledger without the {@code sent} line of {@code item}: its answer was lost. */
    private void loseSentLine(String session, int turn) throws Exception {
        Path file = dir.resolve("honcho.jsonl");
        String mark = "\"session\":\"" + session + "\",\"turn\":" + turn + ",";
        Files.write(file, Files.readAllLines(file).stream()
                .filter(l -> !(l.contains("\"event\":\"sent\"") && l.contains(mark))).toList());
    }

    @Test
    void aLookUpListsEachPlacedHonchoSessionOnceAndNoOther() throws Exception {
        rig.turn(TRUSTED, "mm-p1", 0, OWNER, "one", "r1");
        rig.turn(TRUSTED, "mm-p1", 1, "ann", "two", "r2");
        rig.start();
        rig.drained();
        rig.worker.close();
        loseSentLine("mm-p1", 1);
        rig.fake.clearRequests();
        rig.restart(WorkerRig.QUICK);
        rig.drained();

        assertThat(lists()).isEqualTo(2);
        assertThat(rig.fake.requests().stream().filter(r -> r.path().endsWith("/messages/list")).map(r -> r.path())
                .toList()).containsExactly("/v3/workspaces/bx-trusted/sessions/mm-p1/messages/list",
                "/v3/workspaces/bx-trusted/sessions/mm-p1-2/messages/list");
        assertThat(HonchoWorkerTests.contents(rig.fake.messages(TRUSTED, "mm-p1-2"))).containsExactly("two", "r2");
        assertThat(rig.fake.requests().stream().filter(r -> r.path().endsWith("/messages")).count()).isZero();
    }

    @Test
    void afterARestartTheSameSpeakersTurnsGoToTheSameHonchoSession() throws Exception {
        rig.turn(TRUSTED, "mm-p2", 0, OWNER, "one", "r1");
        rig.turn(TRUSTED, "mm-p2", 1, "ann", "two", "r2");
        rig.start();
        rig.drained();
        rig.restart(WorkerRig.QUICK);
        rig.turn(TRUSTED, "mm-p2", 2, "ann", "three", "r3");
        rig.turn(TRUSTED, "mm-p2", 3, OWNER, "four", "r4");
        rig.worker.wake();
        rig.drained();

        assertThat(HonchoWorkerTests.contents(rig.fake.messages(TRUSTED, "mm-p2"))).containsExactly("one", "r1");
        assertThat(HonchoWorkerTests.contents(rig.fake.messages(TRUSTED, "mm-p2-2"))).containsExactly("two", "r2", "three", "r3",
                "four", "r4");
        assertThat(rig.fake.sessionPeers(TRUSTED, "mm-p2-3")).isEmpty();
    }

    @Test
    void aConclusionStampedBeforeTheFirstTurnKeepsTheTurnsInTheFirstHonchoSession() throws Exception {
        rig.edit(TRUSTED, new MirrorPlan("2026-12-02-0031",
                List.of(new MirrorOp.CreateConclusion(Peer.AGENT, "a fact", "mm-p3")), MirrorPlan.MIRRORED));
        rig.start();
        rig.drained();
        rig.restart(WorkerRig.QUICK);
        rig.turn(TRUSTED, "mm-p3", 0, OWNER, "one", "r1");
        rig.worker.wake();
        rig.drained();

        assertThat(HonchoWorkerTests.contents(rig.fake.messages(TRUSTED, "mm-p3"))).containsExactly("one", "r1");
        assertThat(rig.fake.sessionPeers(TRUSTED, "mm-p3").keySet()).containsExactlyInAnyOrder(AGENT, OWNER);
        assertThat(rig.fake.sessionPeers(TRUSTED, "mm-p3-2")).isEmpty();
        assertThat(Files.readAllLines(dir.resolve("honcho.jsonl")).stream().filter(l -> l.contains("\"placed\""))
                .map(l -> l.replaceAll("\"time\":\"[^\"]+\",", "")).toList()).containsExactly(
                "{\"event\":\"placed\",\"session\":\"mm-p3\",\"workspace\":\"bx-trusted\",\"honcho\":\"mm-p3\","
                        + "\"peers\":[\"bx\"],\"for\":\"stamp\"}",
                "{\"event\":\"placed\",\"session\":\"mm-p3\",\"workspace\":\"bx-trusted\",\"honcho\":\"mm-p3\","
                        + "\"peers\":[\"bx\",\"kyle\"],\"for\":\"turns\"}");
    }
}
