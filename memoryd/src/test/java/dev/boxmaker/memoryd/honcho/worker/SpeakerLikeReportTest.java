package dev.boxmaker.memoryd.honcho.worker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.decide.TurnDecision;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.honcho.ledger.LedgerItem;
import dev.boxmaker.memoryd.sentences.SyncSentences;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bxctl memory sync counts the turns that went nowhere for a speaker named like the agent or the owner. */
class SpeakerLikeReportTest {
    static final HonchoSettings HONCHO = new HonchoSettings(URI.create("http://127.0.0.1:9"), "boxmaker0", "kyle",
            "bx-trusted", "bx-untrusted", "fleet", List.of(), Map.of());

    @TempDir
    Path dir;

    @Test
    void turnsOfSpeakersNamedLikeTheAgentOrTheOwnerAreCountedWithTheSpeakerless() throws Exception {
        HonchoLedger ledger = HonchoLedger.open(dir, Clock.systemUTC());
        ledger.decided(new LedgerItem.Turn("mm-9", 1), Optional.empty(), TurnDecision.SPEAKER_LIKE_AGENT);
        ledger.decided(new LedgerItem.Turn("mm-9", 2), Optional.empty(), TurnDecision.SPEAKER_LIKE_OWNER);
        ledger.decided(new LedgerItem.Turn("mm-9", 3), Optional.empty(), TurnDecision.NO_SPEAKER);
        assertThat(SyncReports.of(ledger, HONCHO, Instant.now(), null, Set.of()).speakerless()).isEqualTo(3);
        assertThat(SyncSentences.syncSpeakerless(3)).isEqualTo("3 turns had no speaker, or one that cannot be a Honcho"
                + " peer name, and went nowhere");
    }
}
