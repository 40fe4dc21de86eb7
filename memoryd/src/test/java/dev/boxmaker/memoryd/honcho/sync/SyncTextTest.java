package dev.boxmaker.memoryd.honcho.sync;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.honcho.worker.FailedItem;
import dev.boxmaker.memoryd.honcho.worker.SyncReport;
import dev.boxmaker.memoryd.honcho.worker.WorkspaceSync;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** bxctl memory sync's text and JSON, exactly, for each state a workspace can be in. */
class SyncTextTest {
    static final SyncReport REPORT = new SyncReport(List.of(
            new WorkspaceSync("bx-trusted", "trusted", 1_204, 3, 1, 45L, "2026-12-02T08:00:00Z", false,
                    List.of(new FailedItem("turn/mm-abc/3", 422, "refused", "2026-12-02T07:58:00Z"))),
            new WorkspaceSync("bx-untrusted", "untrusted", 0, 2, 0, 7L, null, true, List.of()),
            new WorkspaceSync("fleet", "fleet", 1, 0, 1, null, null, false,
                    List.of(new FailedItem("edit/2026-12-02-0004", 0, "missing", "2026-12-02T07:59:00Z")))), 1);

    @Test
    void theTextNamesEachWorkspacesCountsOutageRefusedKeyAndFailedItems() {
        assertThat(SyncText.text(REPORT)).isEqualTo("""
                bx-trusted (trusted): 1,204 sent, 3 waiting (the oldest for 45 s), 1 failed
                  Honcho is unreachable since 2026-12-02T08:00:00Z; the outbox waits (runbook honcho-unreachable)
                  failed turn/mm-abc/3: refused 422 at 2026-12-02T07:58:00Z (runbook honcho-send-refused)
                bx-untrusted (untrusted): 0 sent, 2 waiting (the oldest for 7 s), 0 failed
                  Honcho refused the key of bx-untrusted; its sends are stopped until memoryd restarts with a key \
                Honcho accepts (runbook honcho-key-refused)
                fleet (fleet): 1 sent, 0 waiting, 1 failed
                  failed edit/2026-12-02-0004: missing at 2026-12-02T07:59:00Z (runbook honcho-send-refused)
                1 turn had no speaker, or one that cannot be a Honcho peer name, and went nowhere""");
    }

    @Test
    void pastFiftyFailedItemsTheRestAreCounted() {
        List<FailedItem> failed = new ArrayList<>();
        for (int i = 0; i < 53; i++) {
            failed.add(new FailedItem("turn/mm-a/" + i, 400, "refused", "2026-12-02T07:58:00Z"));
        }
        String text = SyncText.text(new SyncReport(List.of(new WorkspaceSync("fleet", "fleet", 0, 0, 53, null, null,
                false, failed)), 0));
        assertThat(text.lines()).hasSize(1 + 50 + 1 + 1);
        assertThat(text).contains("  failed turn/mm-a/49: refused 400", "\n  and 3 more failed\n0 turns had no speaker")
                .doesNotContain("turn/mm-a/50");
    }

    @Test
    void theJsonIsTheWholeReport() {
        assertThat(SyncText.json(REPORT)).isEqualTo("{\"configured\":true,\"workspaces\":[{\"workspace\":\"bx-trusted\",\"role\":\"trusted\","
                + "\"sent\":1204,\"waiting\":3,\"failed\":1,\"oldest_waiting_seconds\":45,"
                + "\"outage_since\":\"2026-12-02T08:00:00Z\",\"key_refused\":false,\"failed_items\":[{\"item\":"
                + "\"turn/mm-abc/3\",\"status\":422,\"kind\":\"refused\",\"at\":\"2026-12-02T07:58:00Z\"}]},"
                + "{\"workspace\":\"bx-untrusted\",\"role\":\"untrusted\",\"sent\":0,\"waiting\":2,\"failed\":0,"
                + "\"oldest_waiting_seconds\":7,\"outage_since\":null,\"key_refused\":true,\"failed_items\":[]},"
                + "{\"workspace\":\"fleet\",\"role\":\"fleet\",\"sent\":1,\"waiting\":0,\"failed\":1,"
                + "\"oldest_waiting_seconds\":null,\"outage_since\":null,\"key_refused\":false,\"failed_items\":[{\"item\":"
                + "\"edit/2026-12-02-0004\",\"status\":0,\"kind\":\"missing\",\"at\":\"2026-12-02T07:59:00Z\"}]}],"
                + "\"speakerless\":1,\"secret_writes\":0}");
    }
}
