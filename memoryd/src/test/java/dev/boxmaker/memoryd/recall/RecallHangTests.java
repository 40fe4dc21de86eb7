package dev.boxmaker.memoryd.recall;

import static dev.boxmaker.memoryd.recall.fleet.FleetSeed.FLEET;
import static dev.boxmaker.memoryd.recall.fleet.FleetSeed.read;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.client.HonchoTimeouts;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.memoryd.recall.fleet.FleetSeed;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * recall with a Honcho source hung or down (the M5c spec, section 8; issue 35): one limit for every hung
 * call at once, within a margin both ways, and ended by the limit itself, not by a read client's timeout.
 */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class RecallHangTests extends RecallRig {
    /** How far past the limit a recall with a hung source may answer: the joining and rendering, on a loaded machine. */
    static final Duration MARGIN = Duration.ofMillis(1_500);
    /** The patient read clients' own timeouts, in limits. */
    static final int PATIENT = 4;

    /** Read clients whose own timeouts are {@link #PATIENT} limits: a recall ending at the limit was ended by it. */
    void openPatient(List<HonchoSettings.ReadWorkspace> reads) {
        Duration patient = LIMIT.multipliedBy(PATIENT);
        open(FleetSeed.open(FleetSeed.settings(fake, reads), new HonchoTimeouts(patient, patient, patient, 0,
                Duration.ZERO), LIMIT));
    }

    /** Two agents' workspaces and the fleet, each holding an otter. */
    void otters() throws Exception {
        FleetSeed.messages(fake, BX1, "s", "boxmaker1", List.of("otter seen"), List.of("2026-12-02T08:00:00Z"));
        FleetSeed.messages(fake, BX2, "s", "boxmaker2", List.of("otter tracks"), List.of("2026-12-02T09:00:00Z"));
        FleetSeed.messages(fake, FLEET, "s", "boxmaker2", List.of("otter note"), List.of("2026-12-02T10:00:00Z"));
        openPatient(List.of(read("boxmaker1", BX1, true, DataClass.PRIVATE), read("boxmaker2", BX2, true,
                DataClass.PRIVATE)));
    }

    /**
     * With {@code hungCalls} calls hung: one limit for all at once (within the margin), ended by the
     * {@code Uni} limit. The read clients' own timeouts are {@link #PATIENT} times the limit, so only the
     * limit ends a call this early: the first call whose limit fires is counted, and closing its
     * workspace's REST client (connections are let go at the limit) may end that workspace's other
     * hung calls an instant before their own limits, so between one and all of them are counted.
     */
    ToolResponse hung(int hungCalls) throws Exception {
        long start = System.nanoTime();
        ToolResponse r = recall("otter", 10);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(took).isBetween(LIMIT, LIMIT.plus(MARGIN));
        assertThat(fleet.limitsPassed()).isBetween(1, hungCalls);
        return r;
    }

    @Test
    void aSourceThatNeverAnswersCostsItsLimitAndOneLineAndTheOthersAnswer() throws Exception {
        otters();
        fake.hang(BX1);

        // Its three calls: a search and two conclusion queries.
        ToolResponse r = hung(3);

        assertThat(r.text()).isEqualTo("""
                [1] memory · session mm-otter, 2026-12-01 10:00 UTC, the owner said · private
                an otter here

                [2] memory · agent boxmaker2, boxmaker2 said, 2026-12-02 09:00 UTC · private
                otter tracks

                [3] memory-tainted · fleet, boxmaker2 noted, 2026-12-02 10:00 UTC · private
                otter note

                agent boxmaker1: unavailable""");
        assertThat(fake.requests()).extracting(FakeHoncho.Recorded::path).contains("/v3/workspaces/" + BX1 + "/search");
        // The hung calls' threads are given back: cancelled at the limit, not left waiting on Honcho.
        Awaitility.await().atMost(Duration.ofSeconds(2)).until(() -> fleet.activeCalls() == 0);
    }

    @Test
    void recallLaterReturnsTheCallingThreadWhileASourceHangsAndAnswersTheSameWhenItRunsOut() throws Exception {
        otters();
        fake.hang(BX1);
        ObjectNode args = Json.MAPPER.createObjectNode().put("query", "otter").put("k", 5);

        var stage = recall.callLater(new MemoryCall(new ToolRequest(SessionId.of("mm-reader"), "call_1", "recall", args),
                DataClass.PRIVATE, false)).toCompletableFuture();

        // The calling thread is back while the hung source is still awaited: the socket's worker is free.
        assertThat(stage.isDone()).isFalse();
        ToolResponse r = stage.get(LIMIT.multipliedBy(2).toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
        assertThat(r.call()).isEqualTo("call_1");
        assertThat(r.text()).endsWith("otter note\n\nagent boxmaker1: unavailable");
        assertThat(r.untrusted()).isTrue();
    }

    @Test
    void twoSourcesHungAtOnceCostOneLimitAndOneLineEach() throws Exception {
        otters();
        fake.hang(BX1);
        fake.hang(FLEET);

        ToolResponse r = hung(4);

        assertThat(r.text()).isEqualTo("""
                [1] memory · session mm-otter, 2026-12-01 10:00 UTC, the owner said · private
                an otter here

                [2] memory · agent boxmaker2, boxmaker2 said, 2026-12-02 09:00 UTC · private
                otter tracks

                agent boxmaker1: unavailable
                fleet: unavailable""");
        assertThat(r.untrusted()).isFalse();
        Awaitility.await().atMost(Duration.ofSeconds(2)).until(() -> fleet.activeCalls() == 0);
    }

    @Test
    void honchoDownAnswersFromTheLocalIndexWithAnUnavailableLinePerSource() throws Exception {
        otters();
        fake.down();

        long start = System.nanoTime();
        ToolResponse r = recall("otter", 10);
        // Refused at once: no limit waited for.
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(LIMIT);
        assertThat(fleet.limitsPassed()).isZero();

        assertThat(r.outcome()).isEqualTo(Outcome.OK);
        assertThat(r.text()).isEqualTo("""
                [1] memory · session mm-otter, 2026-12-01 10:00 UTC, the owner said · private
                an otter here

                agent boxmaker1: unavailable
                agent boxmaker2: unavailable
                fleet: unavailable""");
        assertThat(r.untrusted()).isFalse();
    }
}
