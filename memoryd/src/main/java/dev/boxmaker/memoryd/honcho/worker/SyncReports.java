package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.decide.TurnDecision;
import dev.boxmaker.memoryd.honcho.mirror.MirrorPlan;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.honcho.ledger.LedgerLine;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Builds the {@link SyncReport} from the ledger's counts in memory and the worker's state: no I/O. */
final class SyncReports {
    private SyncReports() {
    }

    static SyncReport of(HonchoLedger ledger, HonchoSettings settings, Instant now, Instant outageSince,
            Set<String> keyRefused) {
        return of(ledger, settings, now, outageSince, keyRefused, null);
    }

    /** The report, with the status Honcho refused the fleet's settings with ({@code fleetRefused}, null: not). */
    static SyncReport of(HonchoLedger ledger, HonchoSettings settings, Instant now, Instant outageSince,
            Set<String> keyRefused, Integer fleetRefused) {
        List<HonchoLedger.Waiting> outbox = ledger.outbox();
        List<LedgerLine> failures = ledger.failures();
        Map<String, Long> sent = ledger.sentCounts();
        String since = outageSince == null ? null : outageSince.toString();
        List<WorkspaceSync> workspaces = new ArrayList<>();
        String[][] roles = {
            {settings.trusted(), WorkspaceSync.TRUSTED},
            {settings.untrusted(), WorkspaceSync.UNTRUSTED},
            {settings.fleet(), WorkspaceSync.FLEET}};
        for (String[] role : roles) {
            String w = role[0];
            long waiting = 0;
            Instant oldest = null;
            for (HonchoLedger.Waiting item : outbox) {
                if (w.equals(item.workspace())) {
                    waiting++;
                    Instant at = instant(item.decidedAt());
                    oldest = oldest == null || (at != null && at.isBefore(oldest)) ? at : oldest;
                }
            }
            List<FailedItem> failed = new ArrayList<>();
            for (LedgerLine line : failures) {
                if (w.equals(line.workspace())) {
                    failed.add(new FailedItem(line.item().key(), line.status() == null ? 0 : line.status(),
                            line.kind(), line.time()));
                }
            }
            Long age = oldest == null ? null : Math.max(0, Duration.between(oldest, now).toSeconds());
            workspaces.add(new WorkspaceSync(w, role[1], sent.getOrDefault(w, 0L), waiting, failed.size(), age,
                    since, keyRefused.contains(w), failed, WorkspaceSync.FLEET.equals(role[1]) ? fleetRefused : null));
        }
        Map<String, Long> nowhere = ledger.nowhereCounts();
        long speakerless = nowhere.getOrDefault(TurnDecision.NO_SPEAKER, 0L)
                + nowhere.getOrDefault(TurnDecision.INVALID_SPEAKER, 0L)
                + nowhere.getOrDefault(TurnDecision.SPEAKER_LIKE_AGENT, 0L)
                + nowhere.getOrDefault(TurnDecision.SPEAKER_LIKE_OWNER, 0L);
        long secretWrites = nowhere.entrySet().stream().filter(e -> e.getKey().startsWith(MirrorPlan.SECRET_HELD))
                .mapToLong(Map.Entry::getValue).sum();
        return new SyncReport(workspaces, speakerless, secretWrites);
    }

    private static Instant instant(String text) {
        try {
            return text == null ? null : Instant.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
