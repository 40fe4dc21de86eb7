package dev.boxmaker.memoryd.honcho.sync;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.sentences.FleetSettingsSentences;
import dev.boxmaker.memoryd.sentences.HardeningSentences;
import dev.boxmaker.memoryd.sentences.SyncSentences;
import dev.boxmaker.memoryd.honcho.worker.FailedItem;
import dev.boxmaker.memoryd.honcho.worker.SyncReport;
import dev.boxmaker.memoryd.honcho.worker.WorkspaceSync;
import dev.boxmaker.proto.Json;
import java.io.UncheckedIOException;

/**
 * {@code bxctl memory sync}'s text (bxctl escapes it) and {@code --json}'s document, from the
 * worker's {@link SyncReport}: per workspace its counts, the oldest waiting item's age, the outage
 * or the refused key, and its failed items, at most {@link #FAILED_SHOWN_MAX} of them; then the
 * turns that went nowhere for want of a speaker, and the memory writes kept local for a secret in them.
 */
public final class SyncText {
    /** The most failed items the text lists per workspace; the rest are counted. JSON lists them all. */
    public static final int FAILED_SHOWN_MAX = 50;

    private static final String CONFIGURED = "configured";

    private SyncText() {
    }

    public static String text(SyncReport report) {
        StringBuilder text = new StringBuilder();
        for (WorkspaceSync w : report.workspaces()) {
            text.append(SyncSentences.syncWorkspace(w.workspace(), w.role(), w.sent(), w.waiting(),
                    w.oldestWaitingSeconds(), w.failed())).append('\n');
            if (w.outageSince() != null) {
                text.append(SyncSentences.syncOutage(w.outageSince())).append('\n');
            }
            if (w.keyRefused()) {
                text.append(SyncSentences.syncKeyRefused(w.workspace())).append('\n');
            }
            if (w.settingsRefused() != null) {
                text.append(FleetSettingsSentences.syncRefused(w.workspace(), w.settingsRefused())).append('\n');
            }
            int shown = Math.min(FAILED_SHOWN_MAX, w.failedItems().size());
            for (FailedItem f : w.failedItems().subList(0, shown)) {
                text.append(SyncSentences.syncFailed(f.item(), f.status(), f.kind(), f.at())).append('\n');
            }
            if (w.failedItems().size() > shown) {
                text.append(SyncSentences.syncFailedMore(w.failedItems().size() - shown)).append('\n');
            }
        }
        text.append(SyncSentences.syncSpeakerless(report.speakerless()));
        if (report.secretWrites() > 0) {
            text.append('\n').append(HardeningSentences.syncSecretWrites(report.secretWrites()));
        }
        return text.toString();
    }

    /**
     * The report's records with snake_case keys ({@code oldest_waiting_seconds}, {@code failed_items}),
     * as every {@code bxctl --json} document has them.
     */
    private static final ObjectMapper SNAKE = Json.MAPPER.copy()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    /** The report as one JSON object: {@code configured} true, {@code workspaces}, {@code speakerless}. */
    public static String json(SyncReport report) {
        ObjectNode node = Json.MAPPER.createObjectNode().put(CONFIGURED, true);
        node.setAll((ObjectNode) SNAKE.valueToTree(report));
        return write(node);
    }

    /** What {@code --json} prints without {@code [honcho]}: {@code configured} false and the sentence. */
    public static String notConfiguredJson() {
        return write(Json.MAPPER.createObjectNode().put(CONFIGURED, false)
                .put("message", SyncSentences.FLEET_MEMORY_NOT_CONFIGURED));
    }

    private static String write(ObjectNode node) {
        try {
            return Json.MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
