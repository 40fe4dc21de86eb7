package dev.boxmaker.memoryd.honcho.worker;

import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.OWNER;
import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.TRUSTED;
import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.UNTRUSTED;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho.Canned;
import dev.boxmaker.memoryd.honcho.fake.FakeRoute;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 35, items 3 and 4: a busy workspace (429, 408) and an answer to a write that cannot be read
 * pause the workspace; its items are looked up before they are sent again and never marked failed.
 */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class WorkerPausesTests extends RiggedWorkerTests {
    static final Canned TOO_MANY = Canned.json(429, "{\"detail\":\"Too Many Requests\"}");
    /** First wait 100 ms, so a wait of 2 s is the Retry-After's, not the back-off's. */
    static final Backoff SHORT_FIRST = new Backoff(Duration.ofMillis(100), Duration.ofSeconds(5));


    private List<FakeHoncho.Recorded> writes() {
        return rig.fake.requests().stream().filter(r -> r.path().endsWith("/messages")).toList();
    }

    /** The worker's lines about pauses (a slow machine may add an unreachable spell at the first call). */
    private List<String> busyLines() {
        return rig.lines().stream().filter(l -> !l.contains("unreachable;") && !l.contains("unreachable (")).toList();
    }

    @Test
    void a429WaitsItsRetryAfterLooksTheTurnUpAndSendsItOnceWhileAnotherWorkspaceGoesOn() throws Exception {
        List<Long> answeredAt = new ArrayList<>();
        rig.fake.onAnswered((route, body) -> {
            if (route == FakeRoute.MESSAGES) {
                answeredAt.add(System.nanoTime());
            }
        });
        rig.fake.answerNext(FakeRoute.MESSAGES, TOO_MANY.withHeader("Retry-After", "2"));
        rig.turn(TRUSTED, "mm-b1", 0, OWNER, "one", "r1");
        rig.turn(UNTRUSTED, "mm-b2", 0, OWNER, "two", "r2");
        long start = System.nanoTime();
        rig.start(SHORT_FIRST);
        rig.drained();

        assertThat(rig.ledger.failures()).isEmpty();
        assertThat(rig.ledger.sentCounts()).isEqualTo(Map.of(TRUSTED, 1L, UNTRUSTED, 1L));
        assertThat(HonchoWorkerTests.contents(rig.fake.messages(TRUSTED, "mm-b1"))).containsExactly("one", "r1");
        List<String> order = rig.fake.requests().stream().filter(r -> r.path().contains("/messages"))
                .map(r -> r.path().replaceAll("/v3/workspaces/([^/]+)/sessions/[^/]+/", "$1 ")).toList();
        // Nothing is placed at start, so nothing is looked for then; the busy one is before it is resent.
        assertThat(order).containsExactly("bx-trusted messages", "bx-untrusted messages", "bx-trusted messages/list",
                "bx-trusted messages");
        // The untrusted turn was answered first, the trusted one after the 2 s Retry-After asked for.
        double waited = (answeredAt.get(1) - start) / 1e9;
        assertThat(waited).isBetween(1.9, 4.5);
        assertThat(busyLines()).containsExactly("Honcho workspace bx-trusted is busy (busy 429); its items wait 2 s,"
                + " longer each time it stays busy, and are looked up in Honcho before they are sent again"
                + " (runbook honcho-unreachable)");
    }

    @Test
    void a408OrA429WithoutRetryAfterWaitsTheBackOffIsLoggedOnceAndNeverFails() throws Exception {
        rig.fake.answerNext(FakeRoute.MESSAGES, Canned.json(408, "{\"detail\":\"Request Timeout\"}"), TOO_MANY,
                TOO_MANY);
        rig.start();
        rig.turn(TRUSTED, "mm-b3", 0, OWNER, "one", "r1");
        rig.worker.wake();
        rig.drained();

        assertThat(rig.ledger.failures()).isEmpty();
        assertThat(HonchoWorkerTests.contents(rig.fake.messages(TRUSTED, "mm-b3"))).containsExactly("one", "r1");
        assertThat(writes()).hasSize(4);
        assertThat(busyLines()).containsExactly("Honcho workspace bx-trusted is busy (busy 408); its items wait 0 s,"
                + " longer each time it stays busy, and are looked up in Honcho before they are sent again"
                + " (runbook honcho-unreachable)");
    }

    @Test
    void aWriteStoredWhoseAnswerCannotBeReadIsFoundAndNotSentAgain() throws Exception {
        byte[] huge = ("[{\"id\":\"x\",\"content\":\"" + "a".repeat(2 * 1024 * 1024) + "\",\"peer_id\":\"p\"}]")
                .getBytes(StandardCharsets.UTF_8);
        List<Canned> answers = List.of(Canned.json(201, "{not json at all"),
                new Canned(201, "text/html", "<html>502</html>".getBytes(StandardCharsets.UTF_8)),
                Canned.json(201, "[".repeat(5000) + "]".repeat(5000)),
                new Canned(201, "application/json", huge),
                Canned.endless(),
                Canned.json(201, "{\"unexpected\":\"shape\"}"));
        rig.start();
        for (int i = 0; i < answers.size(); i++) {
            rig.fake.commitThenAnswer(FakeRoute.MESSAGES, answers.get(i));
            rig.turn(TRUSTED, "mm-b4", i, OWNER, "text " + i, "reply " + i);
            rig.worker.wake();
            rig.drained();
        }

        assertThat(rig.ledger.failures()).isEmpty();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < answers.size(); i++) {
            expected.addAll(List.of("text " + i, "reply " + i));
        }
        assertThat(HonchoWorkerTests.contents(rig.fake.messages(TRUSTED, "mm-b4"))).isEqualTo(expected);
        assertThat(writes()).hasSize(answers.size());
        assertThat(busyLines().get(0)).isEqualTo("Honcho's answer to turn/mm-b4/0 for workspace bx-trusted could not"
                + " be read (bad-answer 201); Honcho may hold it, so the workspace's items wait 0 s and are looked up"
                + " before they are sent again (runbook honcho-unreachable)");
    }

    @Test
    void anUnreadableAnswerToAWriteNotStoredIsLookedUpAndSentOnce() throws Exception {
        rig.fake.answerNext(FakeRoute.MESSAGES, Canned.json(201, "{not json at all"), Canned.endless());
        rig.turn(TRUSTED, "mm-b5", 0, OWNER, "one", "r1");
        rig.start();
        rig.drained();

        assertThat(rig.ledger.failures()).isEmpty();
        assertThat(HonchoWorkerTests.contents(rig.fake.messages(TRUSTED, "mm-b5"))).containsExactly("one", "r1");
        assertThat(writes()).hasSize(3);
        // Looked for after each answer it could not read (at start, no Honcho session was placed).
        assertThat(rig.fake.requests().stream().filter(r -> r.path().endsWith("/messages/list"))).hasSize(2);
    }
}
