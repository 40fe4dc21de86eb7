package dev.boxmaker.memoryd.honcho.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.testing.Texts;
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
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Issue 33, item 15: a ledger line reads back as written: what {@link HonchoLedger} appends, for any
 * item, workspace, reason and Honcho ids, is the same line when read from the file, and a ledger
 * opened again knows the item as decided, where it went, and as sent.
 */
class LedgerLineTheoryTest {
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T08:00:00Z"), ZoneOffset.UTC);
    /**
     * What a reason or a workspace may hold, surrogate pairs kept whole: a lone surrogate has no UTF-8
     * form and is written as {@code ?}; no reason (a rule's or a table row's name) holds one.
     */
    static final List<String> PIECES = List.of("a", "b", "-", "_", ".", ":", "/", " ", "\"", "\\", "\n", "\t", "\u00e9",
            "\u0301", "\ud83d\ude00", "\u2039", "|", "<", ">", "{", "}", "[", "]", ",", "\u0000", "\u007f", "\u2028");

    @TempDir
    Path root;

    static Gen<LedgerItem> items() {
        Gen<LedgerItem> turns = Texts.of("abcdefghij0123456789-", 1, 12).zip(Generate.longRange(0, Long.MAX_VALUE),
                (s, n) -> new LedgerItem.Turn("mm-" + s, n));
        Gen<LedgerItem> edits = Generate.range(1, 9999).map(n -> new LedgerItem.Edit("2026-12-02-" + String.format("%04d", n)));
        return turns.mix(edits);
    }

    @Test
    void aLineReadsBackAsWritten() {
        int[] round = {0};
        qt().withExamples(100).forAll(items(), Texts.orNull(Texts.of("abcdefghij-_", 1, 20), 30), Texts.joined(PIECES, 0, 30),
                Generate.constant(List.of("AbCdEfGhIjKlMnOpQrStU", "x\"y"))).checkAssert((item, workspace, why, ids) -> {
            try {
                Path dir = Files.createDirectories(root.resolve("r" + round[0]++));
                HonchoLedger ledger = HonchoLedger.open(dir, CLOCK);
                assertThat(ledger.decided(item, Optional.ofNullable(workspace), why)).isTrue();
                if (workspace != null) {
                    ledger.sent(item, ids);
                }
                List<String> lines = Files.readAllLines(dir.resolve("honcho.jsonl"), StandardCharsets.UTF_8);
                LedgerLine decided = Json.MAPPER.readValue(lines.get(0), LedgerLine.class);
                assertThat(decided).isEqualTo(LedgerLine.of(LedgerLine.DECIDED, "2026-12-02T08:00:00Z", item, workspace)
                        .withWhy(why));
                assertThat(decided.item()).isEqualTo(item);
                HonchoLedger again = HonchoLedger.open(dir, CLOCK);
                assertThat(again.isDecided(item)).isTrue();
                if (workspace == null) {
                    assertThat(again.nowhereCounts()).containsEntry(why, 1L);
                } else {
                    assertThat(Json.MAPPER.readValue(lines.get(1), LedgerLine.class)).isEqualTo(
                            LedgerLine.of(LedgerLine.SENT, "2026-12-02T08:00:00Z", item, workspace).withIds(ids));
                    assertThat(again.outbox()).isEmpty();
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }
}
