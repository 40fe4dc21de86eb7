package dev.boxmaker.memoryd.honcho.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Label;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ledger's {@code began} line, {@code since}, and the tail marks its checkpoint keeps. */
class LedgerBeganTest {
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T08:00:00Z"), ZoneOffset.UTC);
    static final Clock LATER = Clock.fixed(Instant.parse("2026-12-03T09:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path memory;

    List<String> lines() throws Exception {
        return Files.readAllLines(memory.resolve(HonchoLedger.FILE_NAME), StandardCharsets.UTF_8);
    }

    @Test
    void aNewLedgerBeginsWithItsBeganLineOnceAndSinceIsItsTime() throws Exception {
        HonchoLedger ledger = HonchoLedger.open(memory, CLOCK);
        assertThat(ledger.since()).isEmpty();
        ledger.begin();
        ledger.decided(new LedgerItem.Turn("mm-a", 1), Optional.empty(), "no-speaker");
        HonchoLedger again = HonchoLedger.open(memory, LATER);
        again.begin();
        assertThat(lines()).containsExactly("{\"event\":\"began\",\"time\":\"2026-12-02T08:00:00Z\"}",
                "{\"event\":\"decided\",\"time\":\"2026-12-02T08:00:00Z\",\"session\":\"mm-a\",\"turn\":1,"
                        + "\"workspace\":null,\"why\":\"no-speaker\"}");
        assertThat(again.since()).contains(Instant.parse("2026-12-02T08:00:00Z"));
        assertThat(again.lines()).isEqualTo(2);
        assertThat(again.nowhereCounts()).isEqualTo(Map.of("no-speaker", 1L));
    }

    @Test
    void aLedgerWithoutABeganLineSyncsSinceItsFirstLine() throws Exception {
        HonchoLedger.open(memory, CLOCK).decided(new LedgerItem.Turn("mm-a", 1), Optional.empty(), "no-speaker");
        HonchoLedger later = HonchoLedger.open(memory, LATER);
        later.begin();
        later.decided(new LedgerItem.Turn("mm-a", 2), Optional.empty(), "no-speaker");
        assertThat(HonchoLedger.open(memory, LATER).since()).contains(Instant.parse("2026-12-02T08:00:00Z"));
        assertThat(lines()).hasSize(2);
    }

    @Test
    void theTailMarksAndSinceOutliveTheCheckpoint() throws Exception {
        HonchoLedger ledger = HonchoLedger.open(memory, CLOCK);
        ledger.begin();
        TailMark mark = new TailMark(50, 7_000, new Label(DataClass.PUBLIC, true), 1);
        ledger.tail("mm-a", mark);
        ledger.checkpoint();
        HonchoLedger reopened = HonchoLedger.open(memory, LATER);
        assertThat(reopened.tails()).isEqualTo(Map.of("mm-a", mark));
        assertThat(reopened.since()).contains(Instant.parse("2026-12-02T08:00:00Z"));
    }
}
