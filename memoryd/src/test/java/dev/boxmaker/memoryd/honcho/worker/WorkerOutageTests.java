package dev.boxmaker.memoryd.honcho.worker;

import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.OWNER;
import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.TRUSTED;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.honcho.mirror.MirrorOp;
import dev.boxmaker.memoryd.honcho.mirror.MirrorPlan;
import dev.boxmaker.memoryd.honcho.mirror.Peer;
import dev.boxmaker.memoryd.honcho.fake.FakeRoute;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Honcho down for 30 seconds in the middle of a drain (issue 24's figure). */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class WorkerOutageTests {
    static final int SESSIONS = 3;
    static final int TURNS_PER_SESSION = 30;
    static final int EDITS = 10;
    static final long OUTAGE_SECONDS = 30;
    /** About a third of the drain's write requests (a batch of turns of a session, or one conclusion). */
    static final int WRITES_BEFORE_OUTAGE = 10;

    @TempDir
    Path dir;
    WorkerRig rig;

    @AfterEach
    void close() {
        rig.close();
    }

    @Test
    void aThirtySecondOutageLosesNothingSendsEachItemOnceInOrderAndIsLoggedTwice() throws Exception {
        rig = new WorkerRig(dir);
        Map<String, List<String>> expected = new java.util.TreeMap<>();
        List<String> facts = new ArrayList<>();
        for (int t = 0; t < TURNS_PER_SESSION; t++) {
            for (int s = 0; s < SESSIONS; s++) {
                String session = "mm-" + s;
                rig.turn(TRUSTED, session, t, OWNER, "text " + s + " " + t, "reply " + s + " " + t);
                expected.computeIfAbsent(session, k -> new ArrayList<>()).addAll(List.of("text " + s + " " + t,
                        "reply " + s + " " + t));
            }
            if (t % (TURNS_PER_SESSION / EDITS) == 0) {
                String fact = "fact " + t;
                facts.add(fact);
                rig.edit(TRUSTED, new MirrorPlan(String.format("2026-12-02-%04d", t), List.of(
                        new MirrorOp.CreateConclusion(Peer.AGENT, fact, "mm-0")), MirrorPlan.MIRRORED));
            }
        }
        // The fake stops answering after a third of the drain's writes, so the outage falls inside the drain
        // whatever the machine's speed.
        AtomicInteger writes = new AtomicInteger();
        CountDownLatch third = new CountDownLatch(1);
        rig.fake.onAnswered((route, body) -> {
            if ((route == FakeRoute.MESSAGES || route == FakeRoute.CONCLUSIONS)
                    && writes.incrementAndGet() == WRITES_BEFORE_OUTAGE) {
                rig.fake.hang(TRUSTED);
                third.countDown();
            }
        });
        rig.start(new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(4)));
        assertThat(third.await(OUTAGE_SECONDS, TimeUnit.SECONDS)).as("a third of the drain").isTrue();
        rig.fake.down();
        Thread.sleep(Duration.ofSeconds(OUTAGE_SECONDS).toMillis());
        assertThat(rig.worker.report().workspaces().get(0).outageSince()).isNotNull();
        assertThat(rig.ledger.outbox()).isNotEmpty();
        rig.fake.unhang(TRUSTED);
        rig.fake.up();
        rig.drained();

        for (Map.Entry<String, List<String>> session : expected.entrySet()) {
            assertThat(HonchoWorkerTests.contents(rig.fake.messages(TRUSTED, session.getKey())))
                    .as(session.getKey()).containsExactlyElementsOf(session.getValue());
        }
        assertThat(HonchoWorkerTests.contents(rig.fake.messages(TRUSTED, null))).as("the whole workspace")
                .containsExactlyInAnyOrderElementsOf(expected.values().stream().flatMap(List::stream).toList());
        assertThat(HonchoWorkerTests.contents(rig.fake.conclusions(TRUSTED))).containsExactlyElementsOf(facts);
        assertThat(rig.ledger.failures()).isEmpty();
        assertThat(rig.worker.report().workspaces().get(0).outageSince()).isNull();
        List<String> outage = rig.lines().stream().filter(l -> l.contains("runbook honcho-unreachable")).toList();
        assertThat(outage).hasSize(2);
        assertThat(outage.get(0)).isEqualTo("Honcho is unreachable; the outbox waits and the worker tries again,"
                + " waiting longer each time up to 4 s (runbook honcho-unreachable)");
        assertThat(outage.get(1)).matches("Honcho answers again after \\d+ s unreachable; the outbox drains"
                + " \\(runbook honcho-unreachable\\)");
    }
}
