package dev.boxmaker.memoryd.honcho.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger.Waiting;
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

/** memory/honcho.jsonl: its lines exactly, the outbox, read-through, a torn last line, the checkpoint. */
class HonchoLedgerTest {
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T08:00:00Z"), ZoneOffset.UTC);
    static final LedgerItem T3 = new LedgerItem.Turn("mm-a", 3);
    static final LedgerItem T4 = new LedgerItem.Turn("mm-a", 4);
    static final LedgerItem E7 = new LedgerItem.Edit("2026-12-02-0007");
    static final LedgerItem E8 = new LedgerItem.Edit("2026-12-02-0008");

    @TempDir
    Path memory;

    Path file() {
        return memory.resolve("honcho.jsonl");
    }

    HonchoLedger open() throws Exception {
        return HonchoLedger.open(memory, CLOCK);
    }

    @Test
    void openingCreatesNothing() throws Exception {
        HonchoLedger ledger = open();
        assertThat(ledger.outbox()).isEmpty();
        ledger.checkpoint();
        assertThat(memory).isEmptyDirectory();
    }

    @Test
    void aBatchsSentLinesAreOneAppendInOrderAndACutLastLineLeavesItsItemWaiting() throws Exception {
        HonchoLedger ledger = open();
        ledger.decided(T3, Optional.of("bx-trusted"), "clean");
        ledger.decided(T4, Optional.of("bx-trusted"), "clean");
        long before = Files.size(file());
        ledger.sentUnflushed(List.of(T3, T4), List.of(List.of("AbCdEfGhIjKlMnOpQrStU"), List.of("BbCdEfGhIjKlMnOpQrStU")));
        String appended = Files.readString(file()).substring((int) before);
        assertThat(appended).isEqualTo("""
                {"event":"sent","time":"2026-12-02T08:00:00Z","session":"mm-a","turn":3,"workspace":"bx-trusted","ids":["AbCdEfGhIjKlMnOpQrStU"]}
                {"event":"sent","time":"2026-12-02T08:00:00Z","session":"mm-a","turn":4,"workspace":"bx-trusted","ids":["BbCdEfGhIjKlMnOpQrStU"]}
                """);
        assertThat(ledger.outbox()).isEmpty();
        assertThat(ledger.sentCounts()).isEqualTo(Map.of("bx-trusted", 2L));
        // A stop in the middle of the append's second line: the first item is sent, the second waits.
        byte[] bytes = Files.readAllBytes(file());
        Files.write(file(), java.util.Arrays.copyOf(bytes, bytes.length - 20));
        HonchoLedger again = open();
        assertThat(again.outbox()).extracting(Waiting::item).containsExactly(T4);
        assertThat(again.sentCounts()).isEqualTo(Map.of("bx-trusted", 1L));
    }

    @Test
    void eachEventIsOneLineAndTheOutboxIsWhatIsDecidedAndNotSettled() throws Exception {
        HonchoLedger ledger = open();
        assertThat(ledger.decided(T3, Optional.of("bx-trusted"), "clean")).isTrue();
        assertThat(ledger.decided(E7, Optional.empty(), "flagged")).isTrue();
        assertThat(ledger.decided(E8, Optional.of("fleet"), "untrusted note")).isTrue();
        assertThat(ledger.decided(T4, Optional.of("bx-untrusted"), "untrusted")).isTrue();
        ledger.sent(T3, List.of("AbCdEfGhIjKlMnOpQrStU", "BbCdEfGhIjKlMnOpQrStU"));
        ledger.failed(E8, 422, "refused");
        assertThat(Files.readString(file())).isEqualTo("""
                {"event":"decided","time":"2026-12-02T08:00:00Z","session":"mm-a","turn":3,"workspace":"bx-trusted","why":"clean"}
                {"event":"decided","time":"2026-12-02T08:00:00Z","edit":"2026-12-02-0007","workspace":null,"why":"flagged"}
                {"event":"decided","time":"2026-12-02T08:00:00Z","edit":"2026-12-02-0008","workspace":"fleet","why":"untrusted note"}
                {"event":"decided","time":"2026-12-02T08:00:00Z","session":"mm-a","turn":4,"workspace":"bx-untrusted","why":"untrusted"}
                {"event":"sent","time":"2026-12-02T08:00:00Z","session":"mm-a","turn":3,"workspace":"bx-trusted","ids":["AbCdEfGhIjKlMnOpQrStU","BbCdEfGhIjKlMnOpQrStU"]}
                {"event":"failed","time":"2026-12-02T08:00:00Z","edit":"2026-12-02-0008","workspace":"fleet","status":422,"kind":"refused"}
                """);
        List<Waiting> outbox = List.of(new Waiting(T4, "bx-untrusted", "untrusted", "2026-12-02T08:00:00Z"));
        assertThat(ledger.outbox()).isEqualTo(outbox);
        HonchoLedger again = open();
        assertThat(again.outbox()).isEqualTo(outbox);
        assertThat(again.sentCounts()).isEqualTo(Map.of("bx-trusted", 1L));
        assertThat(again.failures()).extracting(LedgerLine::status).containsExactly(422);
        assertThat(again.isDecided(E7)).isTrue();
        assertThat(again.isDecided(new LedgerItem.Turn("mm-a", 5))).isFalse();
        assertThat(PosixMode.of(file())).isEqualTo("rw-------");
    }

    @Test
    void aDecisionIsNeverChangedAndOnlyAWaitingItemIsSent() throws Exception {
        HonchoLedger ledger = open();
        ledger.decided(T3, Optional.of("bx-untrusted"), "untrusted");
        assertThat(ledger.decided(T3, Optional.of("bx-trusted"), "clean")).isFalse();
        assertThatThrownBy(() -> ledger.sent(T4, List.of())).isInstanceOf(IllegalStateException.class);
        ledger.sent(T3, List.of("x"));
        assertThatThrownBy(() -> ledger.sent(T3, List.of())).isInstanceOf(IllegalStateException.class);
        assertThat(Files.readAllLines(file())).hasSize(2);
    }

    @Test
    void aTornLastLineIsCutOffAndTheNextAppendIsWhole() throws Exception {
        HonchoLedger ledger = open();
        ledger.decided(T3, Optional.of("bx-trusted"), "clean");
        String whole = Files.readString(file());
        Files.writeString(file(), "{\"event\":\"sent\",\"time\":\"2026", java.nio.file.StandardOpenOption.APPEND);
        HonchoLedger again = open();
        assertThat(again.outbox()).extracting(Waiting::item).containsExactly(T3);
        assertThat(Files.readString(file())).isEqualTo(whole);
        again.sent(T3, List.of("x"));
        assertThat(open().outbox()).isEmpty();
    }

    @Test
    void aLineThatIsNotALedgerLineIsSkippedAndTheRestRead() throws Exception {
        Files.writeString(file(), "{\"event\":\"decided\",\"session\":\"mm-a\",\"turn\":3,\"workspace\":\"w\",\"why\":\"c\"}\n"
                + "not json\n{\"event\":\"decided\",\"workspace\":\"w\"}\n"
                + "{\"event\":\"decided\",\"edit\":\"2026-12-02-0008\",\"workspace\":\"w\",\"why\":\"c\"}\n");
        HonchoLedger ledger = open();
        assertThat(ledger.outbox()).extracting(Waiting::item).containsExactly(T3, E8);
        assertThat(ledger.lines()).isEqualTo(4);
    }

    @Test
    void aCheckpointGivesTheSameStateAsReadingTheWholeLedger() throws Exception {
        int items = (int) HonchoLedger.CHECKPOINT_EVERY_LINES;
        Files.writeString(file(), LedgerLines.generated(items), StandardCharsets.UTF_8);
        HonchoLedger first = open();
        assertThat(memory.resolve(HonchoLedger.CHECKPOINT_NAME)).exists();
        first.decided(T3, Optional.of("bx-trusted"), "clean");
        first.sent(new LedgerItem.Turn("wait", 1), List.of("y"));
        HonchoLedger fromCheckpoint = open();
        Files.delete(memory.resolve(HonchoLedger.CHECKPOINT_NAME));
        HonchoLedger whole = open();
        for (HonchoLedger l : List.of(fromCheckpoint, whole)) {
            assertThat(l.outbox()).isEqualTo(first.outbox());
            assertThat(l.sentCounts()).isEqualTo(first.sentCounts());
            assertThat(l.failures()).isEqualTo(first.failures());
            assertThat(l.lines()).isEqualTo(first.lines());
            assertThat(l.isDecided(new LedgerItem.Turn("gen", 0))).isTrue();
            assertThat(l.isDecided(new LedgerItem.Edit("2026-12-02-0001"))).isTrue();
        }
        assertThat(first.outbox()).hasSize(items / 4);
        assertThat(first.sentCounts()).isEqualTo(Map.of("bx-trusted", items / 4L, "bx-untrusted", 1L));
    }

    @Test
    void aCheckpointThatDoesNotFitTheLedgerIsIgnored() throws Exception {
        Files.writeString(file(), LedgerLines.generated((int) HonchoLedger.CHECKPOINT_EVERY_LINES));
        open();
        Files.writeString(file(), "{\"event\":\"decided\",\"session\":\"mm-b\",\"turn\":1,\"workspace\":\"w\",\"why\":\"c\"}\n");
        assertThat(open().outbox()).extracting(Waiting::item).containsExactly(new LedgerItem.Turn("mm-b", 1));
    }

    @Test
    void aSentLineWrittenUnflushedReadsBackAsSentAndCountsForNowhereAreKept() throws Exception {
        HonchoLedger ledger = open();
        LedgerItem.Turn turn = new LedgerItem.Turn("mm-u", 0);
        ledger.decided(turn, java.util.Optional.of("bx-trusted"), "clean");
        ledger.decided(new LedgerItem.Turn("mm-u", 1), java.util.Optional.empty(), "no-speaker");
        ledger.sentUnflushed(turn, java.util.List.of("AAAAAAAAAAAAAAAAAAAAA"));
        ledger.flush();
        assertThat(java.nio.file.Files.readString(memory.resolve(HonchoLedger.FILE_NAME))).endsWith(
                "{\"event\":\"sent\",\"time\":\"2026-12-02T08:00:00Z\",\"session\":\"mm-u\",\"turn\":0,"
                + "\"workspace\":\"bx-trusted\",\"ids\":[\"AAAAAAAAAAAAAAAAAAAAA\"]}\n");
        ledger.checkpoint();
        HonchoLedger again = open();
        assertThat(again.outbox()).isEmpty();
        assertThat(again.sentCounts()).isEqualTo(java.util.Map.of("bx-trusted", 1L));
        assertThat(again.nowhereCounts()).isEqualTo(java.util.Map.of("no-speaker", 1L));
    }
}
