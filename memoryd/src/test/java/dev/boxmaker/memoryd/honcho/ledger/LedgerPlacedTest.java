package dev.boxmaker.memoryd.honcho.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger.Place;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ledger's {@code placed} lines (TURNS-DESIGN): their bytes, read back in order, through a checkpoint. */
class LedgerPlacedTest {
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T08:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path memory;

    @Test
    void aPlacedLineIsWrittenAsTheDesignHasItAndReadBackInPlacementOrder() throws Exception {
        HonchoLedger ledger = HonchoLedger.open(memory, CLOCK);
        ledger.placed("bx-trusted", "mm-a", "mm-a", List.of("bx"), LedgerLine.FOR_STAMP);
        ledger.placed("bx-trusted", "mm-a", "mm-a", List.of("bx", "kyle"), LedgerLine.FOR_TURNS);
        ledger.placed("bx-trusted", "mm-a", "mm-a-2", List.of("bx", "kyle", "ann"), LedgerLine.FOR_TURNS);
        ledger.placed("fleet", "mm-a", "mm-a", List.of("bx"), LedgerLine.FOR_STAMP);

        assertThat(Files.readAllLines(memory.resolve(HonchoLedger.FILE_NAME), StandardCharsets.UTF_8).get(1))
                .isEqualTo("{\"event\":\"placed\",\"time\":\"2026-12-02T08:00:00Z\",\"session\":\"mm-a\","
                        + "\"workspace\":\"bx-trusted\",\"honcho\":\"mm-a\",\"peers\":[\"bx\",\"kyle\"],\"for\":\"turns\"}");
        List<Place> expected = List.of(new Place("mm-a", List.of("bx", "kyle"), LedgerLine.FOR_TURNS, false),
                new Place("mm-a-2", List.of("bx", "kyle", "ann"), LedgerLine.FOR_TURNS, false));
        HonchoLedger again = HonchoLedger.open(memory, CLOCK);
        assertThat(again.places("bx-trusted", "mm-a")).isEqualTo(expected);
        assertThat(again.places("fleet", "mm-a")).containsExactly(new Place("mm-a", List.of("bx"), LedgerLine.FOR_STAMP, false));
        assertThat(again.places("bx-untrusted", "mm-a")).isEmpty();
        assertThat(again.outbox()).isEmpty();
    }

    @Test
    void placedLinesSurviveTheCheckpoint() throws Exception {
        HonchoLedger ledger = HonchoLedger.open(memory, CLOCK);
        // Past the head the checkpoint checks (LedgerCheckpoint.HEAD_BYTES_MAX), so the line below can be changed.
        for (int turn = 0; turn < 60; turn++) {
            ledger.decided(new LedgerItem.Turn("pad", turn), Optional.empty(), "flagged");
        }
        ledger.placed("bx-trusted", "mm-b", "mm-b", List.of("bx", "kyle"), LedgerLine.FOR_TURNS);
        ledger.decided(new LedgerItem.Turn("mm-b", 0), Optional.of("bx-trusted"), "clean");
        ledger.checkpoint();
        ledger.placed("bx-trusted", "mm-b", "mm-b-2", List.of("bx", "kyle", "ann"), LedgerLine.FOR_TURNS);
        // Only what follows the checkpoint is read again: the first line must come from the checkpoint.
        Path file = memory.resolve(HonchoLedger.FILE_NAME);
        String text = Files.readString(file);
        Files.writeString(file, text.replaceFirst("\"peers\":\\[\"bx\",\"kyle\"\\]", "\"peers\":[\"bx\",\"xxxx\"]"));

        HonchoLedger again = HonchoLedger.open(memory, CLOCK);
        assertThat(again.places("bx-trusted", "mm-b")).containsExactly(
                new Place("mm-b", List.of("bx", "kyle"), LedgerLine.FOR_TURNS, false),
                new Place("mm-b-2", List.of("bx", "kyle", "ann"), LedgerLine.FOR_TURNS, false));
        assertThat(again.outbox()).hasSize(1);
    }
}
