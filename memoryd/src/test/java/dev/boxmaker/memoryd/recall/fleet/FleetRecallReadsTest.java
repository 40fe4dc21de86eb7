package dev.boxmaker.memoryd.recall.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 33 item 7: recall's Honcho sources are reads; where nothing exists yet, they make nothing. */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class FleetRecallReadsTest {
    @Test
    void recallOverWorkspacesThatDoNotExistAnswersEmptyAndMakesNoWorkspacePeerOrSession() {
        try (FakeHoncho fake = FakeHoncho.start();
                FleetRecall fleet = FleetRecall.open(FleetSeed.settings(fake, List.of(
                        FleetSeed.read("boxmaker1", "bx1-trusted", true, DataClass.PRIVATE))), MemorydThreads.start().honchoRecall())) {
            List<FleetAnswer> answers = fleet.search("heron", 5).await().atMost(Duration.ofSeconds(30));

            assertThat(answers).containsExactly(new FleetAnswer("agent boxmaker1", List.of(), true),
                    new FleetAnswer("fleet", List.of(), true));
            assertThat(fake.entities()).isEmpty();
            assertThat(fake.requests()).extracting(r -> r.method() + " " + r.path()).containsExactlyInAnyOrder(
                    "POST /v3/workspaces/bx1-trusted/conclusions/query", "POST /v3/workspaces/bx1-trusted/conclusions/query",
                    "POST /v3/workspaces/bx1-trusted/search", "POST /v3/workspaces/bx-fleet/search");
        }
    }
}
