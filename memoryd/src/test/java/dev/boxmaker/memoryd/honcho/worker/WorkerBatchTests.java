package dev.boxmaker.memoryd.honcho.worker;

import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.OWNER;
import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.TRUSTED;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.memoryd.honcho.fake.FakeRoute;
import dev.boxmaker.memoryd.honcho.mirror.MirrorOp;
import dev.boxmaker.memoryd.honcho.mirror.MirrorPlan;
import dev.boxmaker.memoryd.honcho.mirror.Peer;
import dev.boxmaker.proto.Json;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Turns of one session sent several to a request: where a batch ends, and what a refused batch means per turn. */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class WorkerBatchTests extends RiggedWorkerTests {
    /** The turns of each add-messages request, in order, by each message's item. */
    List<List<String>> batches() throws Exception {
        List<List<String>> batches = new ArrayList<>();
        for (FakeHoncho.Recorded r : rig.fake.requests()) {
            if (r.path().endsWith("/messages")) {
                List<String> items = new ArrayList<>();
                for (JsonNode m : Json.MAPPER.readTree(r.body()).get("messages")) {
                    items.add(m.get("metadata").get("boxmaker_item").asText() + "#" + m.get("metadata").get("boxmaker_part"));
                }
                batches.add(items);
            }
        }
        return batches;
    }

    static List<String> parts(String session, int from, int to, int partsPerTurn) {
        List<String> parts = new ArrayList<>();
        for (int t = from; t < to; t++) {
            for (int p = 0; p < partsPerTurn; p++) {
                parts.add("turn/" + session + "/" + t + "#" + p);
            }
        }
        return parts;
    }

    @Test
    void fiftyTurnsAreOneRequestOfAHundredMessagesAndTheFiftyFirstStartsTheNext() throws Exception {
        for (int t = 0; t < 51; t++) {
            rig.turn(TRUSTED, "mm-1", t, OWNER, "text " + t, "reply " + t);
        }
        rig.start();
        rig.drained();

        assertThat(batches()).containsExactly(parts("mm-1", 0, 50, 2), parts("mm-1", 50, 51, 2));
        assertThat(rig.ledger.sentCounts()).isEqualTo(Map.of(TRUSTED, 51L));
        List<String> expected = new ArrayList<>();
        for (int t = 0; t < 51; t++) {
            expected.addAll(List.of("text " + t, "reply " + t));
        }
        assertThat(HonchoWorkerTests.contents(rig.fake.messages(TRUSTED, "mm-1"))).containsExactlyElementsOf(expected);
        assertThat(HonchoWorkerTests.contents(rig.fake.messages(TRUSTED, null))).as("the whole workspace")
                .containsExactlyElementsOf(expected);
    }

    @Test
    void aLongTurnIsSplitInsideItsBatchAndABatchStopsAtItsBytes() throws Exception {
        rig.turn(TRUSTED, "mm-2", 0, OWNER, "short", "r0");
        rig.turn(TRUSTED, "mm-2", 1, OWNER, "a".repeat(25_000) + "b".repeat(25_000) + "c", "r1");
        rig.turn(TRUSTED, "mm-2", 2, OWNER, "last", "r2");
        // 20 turns of 50,000 bytes fill 1,000,000 of the 1,048,576 bytes a request carries; the 21st would not fit.
        for (int t = 3; t < 24; t++) {
            rig.turn(TRUSTED, "mm-3", t, OWNER, "x".repeat(25_000), "y".repeat(25_000));
        }
        rig.start();
        rig.drained();

        List<String> first = new ArrayList<>(parts("mm-2", 0, 1, 2));
        first.addAll(parts("mm-2", 1, 2, 4));
        first.addAll(parts("mm-2", 2, 3, 2));
        assertThat(batches()).containsExactly(first, parts("mm-3", 3, 23, 2), parts("mm-3", 23, 24, 2));
        assertThat(HonchoWorkerTests.contents(rig.fake.messages(TRUSTED, "mm-2"))).containsExactly("short", "r0",
                "a".repeat(25_000), "b".repeat(25_000), "c", "r1", "last", "r2");
    }

    @Test
    void interleavedSessionsAreBatchedEachInItsOrderAndNoBatchReachesPastAMemoryWrite() throws Exception {
        for (int t = 0; t < 3; t++) {
            rig.turn(TRUSTED, "mm-4", t, OWNER, "four " + t, "r");
            rig.turn(TRUSTED, "mm-5", t, OWNER, "five " + t, "r");
        }
        rig.edit(TRUSTED, new MirrorPlan("2026-12-02-0001", List.of(new MirrorOp.CreateConclusion(Peer.AGENT, "a fact",
                null)), MirrorPlan.MIRRORED));
        rig.turn(TRUSTED, "mm-4", 3, OWNER, "four 3", "r");
        rig.start();
        rig.drained();

        assertThat(batches()).containsExactly(parts("mm-4", 0, 3, 2), parts("mm-5", 0, 3, 2), parts("mm-4", 3, 4, 2));
        List<String> paths = rig.fake.requests().stream().map(FakeHoncho.Recorded::path)
                .filter(p -> p.endsWith("/messages") || p.endsWith("/conclusions")).toList();
        assertThat(paths.get(2)).endsWith("/conclusions");
        assertThat(rig.ledger.sentCounts()).isEqualTo(Map.of(TRUSTED, 8L));
    }

    /**
     * Honcho refuses a batch for one turn of it: the batch's turns are sent again one by one, each looked
     * for first, so only the refused turn is marked failed and logged, and the others reach Honcho once,
     * in order.
     */
    @Test
    void aRefusedBatchMarksFailedOnlyTheTurnHonchoRefusesAlone() throws Exception {
        rig.fake.refuseContaining("poison");
        rig.turn(TRUSTED, "mm-6", 0, OWNER, "one", "r1");
        rig.turn(TRUSTED, "mm-6", 1, OWNER, "poison", "r2");
        rig.turn(TRUSTED, "mm-6", 2, OWNER, "three", "r3");
        rig.start();
        rig.drained();

        assertThat(HonchoWorkerTests.contents(rig.fake.messages(TRUSTED, "mm-6"))).containsExactly("one", "r1", "three",
                "r3");
        assertThat(HonchoWorkerTests.contents(rig.fake.messages(TRUSTED, null))).as("the whole workspace")
                .containsExactly("one", "r1", "three", "r3");
        assertThat(rig.ledger.failures()).hasSize(1);
        assertThat(rig.ledger.failures().get(0).item().key()).isEqualTo("turn/mm-6/1");
        assertThat(rig.ledger.failures().get(0).status()).isEqualTo(422);
        assertThat(rig.ledger.sentCounts()).isEqualTo(Map.of(TRUSTED, 2L));
        assertThat(rig.lines()).containsExactly("Honcho refused turn/mm-6/1 for workspace bx-trusted: refused 422;"
                + " it is marked failed and the worker goes on (runbook honcho-send-refused)");
        assertThat(batches()).containsExactly(parts("mm-6", 0, 3, 2), parts("mm-6", 0, 1, 2), parts("mm-6", 1, 2, 2),
                parts("mm-6", 2, 3, 2));
    }

    /**
     * Issue 33, item 11: Honcho echoes every message whole, so a batch is cut where its answer, not its
     * content, would pass the client's answer cap. A quote is one character of content and two bytes of
     * echoed JSON, so turns of quotes fill the answer twice as fast as their content.
     */
    @Test
    void aBatchIsCutWhereItsEchoWouldPassTheAnswerCapAndNoAnswerIsLost() throws Exception {
        List<Integer> answers = new ArrayList<>();
        rig.fake.onAnswered((route, body) -> {
            if (route == FakeRoute.MESSAGES) {
                answers.add(body.toString().getBytes(StandardCharsets.UTF_8).length);
            }
        });
        for (int t = 0; t < 40; t++) {
            rig.turn(TRUSTED, "mm-q1", t, OWNER, "\"".repeat(24_000), "ok");
        }
        // One turn whose answer alone is twice the cap: its 40 parts go in several requests.
        rig.turn(TRUSTED, "mm-q2", 0, OWNER, "\"".repeat(1_000_000), "ok");
        rig.start();
        rig.drained();

        assertThat(rig.ledger.failures()).isEmpty();
        // No answer was lost, and at start no Honcho session was placed: nothing is looked for.
        assertThat(rig.fake.requests().stream().filter(r -> r.path().endsWith("/messages/list"))).isEmpty();
        assertThat(answers).allSatisfy(bytes -> assertThat(bytes).isLessThanOrEqualTo(HonchoClient.ANSWER_BYTES_MAX));
        List<Integer> sizes = new ArrayList<>();
        for (var r : rig.fake.requests()) {
            if (r.path().endsWith("/messages")) {
                sizes.add(Json.MAPPER.readTree(r.body()).get("messages").size());
            }
        }
        assertThat(sizes).containsExactly(42, 38, 20, 21);
        List<JsonNode> held = rig.fake.messages(TRUSTED, "mm-q2");
        assertThat(held).hasSize(41);
    }
}
