package dev.boxmaker.memoryd.honcho.worker;

import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.OWNER;
import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.TRUSTED;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.memoryd.honcho.fake.FakeRoute;
import dev.boxmaker.proto.Json;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33, item 11: Honcho echoes every message whole, so a batch is cut where its answer, not its
 * content, would pass the client's answer cap. A quote is one character of content and two bytes of
 * echoed JSON, so turns of quotes fill the answer twice as fast as their content.
 */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class WorkerAnswerSizeTests {
    @TempDir
    Path dir;
    WorkerRig rig;

    @BeforeEach
    void rig() throws Exception {
        rig = new WorkerRig(dir);
    }

    @AfterEach
    void close() {
        rig.close();
    }

    @Test
    void everyAnswerFitsTheCapAndNothingIsLookedUpOrFailed() throws Exception {
        List<Integer> answers = new ArrayList<>();
        rig.fake.onAnswered((route, body) -> {
            if (route == FakeRoute.MESSAGES) {
                answers.add(body.toString().getBytes(StandardCharsets.UTF_8).length);
            }
        });
        rig.start();
        for (int t = 0; t < 40; t++) {
            rig.turn(TRUSTED, "mm-q1", t, OWNER, "\"".repeat(24_000), "ok");
        }
        // One turn whose answer alone is twice the cap: its 40 parts go in several requests.
        rig.turn(TRUSTED, "mm-q2", 0, OWNER, "\"".repeat(1_000_000), "ok");
        rig.worker.wake();
        rig.drained();

        assertThat(rig.ledger.failures()).isEmpty();
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
