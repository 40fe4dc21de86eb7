package dev.boxmaker.memoryd.honcho.worker;

import static dev.boxmaker.memoryd.honcho.worker.WorkerRig.FLEET;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.memoryd.honcho.fake.FakeRoute;
import dev.boxmaker.memoryd.honcho.mirror.MirrorOp;
import dev.boxmaker.memoryd.honcho.mirror.MirrorPlan;
import dev.boxmaker.memoryd.honcho.sync.SyncText;
import dev.boxmaker.memoryd.sentences.FleetSettingsSentences;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 33 item 10: the fleet's reasoning, summaries and dreaming are off before memoryd's first fleet write. */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class FleetSettingsTests extends RiggedWorkerTests {
    static final String ALL_OFF = "{\"reasoning\":{\"enabled\":false},\"summary\":{\"enabled\":false},"
            + "\"dream\":{\"enabled\":false}}";

    @Test
    void aFleetWorkspaceThatExistsWithItsDefaultsIsTurnedOffBeforeTheFirstNote() throws Exception {
        rig.clients.client(FLEET).orElseThrow().createWorkspace(null, null);
        rig.fake.clearRequests();
        note("2026-12-02-0001", "a note");
        rig.start();
        rig.drained();

        List<FakeHoncho.Recorded> requests = rig.fake.requests();
        assertThat(requests.get(0).path()).isEqualTo("/v3/workspaces");
        assertThat(requests.get(1).method() + " " + requests.get(1).path()).isEqualTo("PUT /v3/workspaces/" + FLEET);
        assertThat(requests.get(1).body()).isEqualTo("{\"configuration\":" + ALL_OFF + "}");
        assertThat(rig.fake.workspace(FLEET).get("configuration").toString()).isEqualTo(ALL_OFF);
        assertThat(SyncText.text(rig.worker.report())).doesNotContain("settings:");
    }

    @Test
    void aFleetWorkspaceMadeWithItsSettingsOffIsNotUpdated() throws Exception {
        note("2026-12-02-0001", "a note");
        rig.start();
        rig.drained();

        assertThat(rig.fake.requests().stream().filter(r -> r.method().equals("PUT"))).isEmpty();
        assertThat(rig.fake.workspace(FLEET).get("configuration").toString()).isEqualTo(ALL_OFF);
    }

    @Test
    void aRefusalIsLoggedOnceAndShownBySyncAndTheNotesStillGo() throws Exception {
        rig.clients.client(FLEET).orElseThrow().createWorkspace(null, null);
        rig.fake.answer(FakeRoute.WORKSPACE_UPDATE, 422);
        note("2026-12-02-0001", "a note");
        note("2026-12-02-0002", "another note");
        rig.start();
        rig.drained();

        String logged = FleetSettingsSentences.refusedLog(FLEET, 422, "refused");
        assertThat(rig.allText().stream().filter(logged::equals)).hasSize(1);
        assertThat(HonchoWorkerTests.contents(rig.fake.messages(FLEET, WorkerRig.AGENT + EditSender.NOTES_SESSION_SUFFIX)))
                .containsExactly("a note", "another note");
        assertThat(SyncText.text(rig.worker.report())).contains("fleet (fleet): 2 sent, 0 waiting, 0 failed\n"
                + "  settings: Honcho refused to turn reasoning, summaries and dreaming off in fleet (HTTP 422);"
                + " set them off with PUT /v3/workspaces/fleet\n");
        assertThat(SyncText.json(rig.worker.report())).contains("\"key_refused\":false,\"failed_items\":[],"
                + "\"settings_refused\":422}");
    }

    private void note(String edit, String text) throws Exception {
        rig.edit(FLEET, new MirrorPlan(edit, List.of(new MirrorOp.FleetMessage(text, null)), MirrorPlan.MIRRORED));
    }
}
