package dev.boxmaker.bench;

import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Opening the Honcho ledger: read whole against read from its checkpoint, interleaved, on a ledger of
 * LINES lines (default 1,000,000: turns decided and sent, 100 still waiting) written once under DIR.
 * Usage: LedgerStart DIR [LINES] [ROUNDS].
 */
public final class LedgerStart {
    static final int WAITING = 100;
    static final int TURNS_PER_SESSION = 50;

    private LedgerStart() {
    }

    public static void main(String[] args) throws Exception {
        Path memory = Path.of(args[0]);
        long lines = args.length > 1 ? Long.parseLong(args[1]) : 1_000_000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        Path ledger = memory.resolve(HonchoLedger.FILE_NAME);
        if (!Files.exists(ledger)) {
            Files.createDirectories(memory);
            write(ledger, lines);
        }
        Path checkpoint = memory.resolve(HonchoLedger.CHECKPOINT_NAME);
        List<Long> whole = new ArrayList<>();
        List<Long> fromCheckpoint = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            Files.deleteIfExists(checkpoint);
            long t0 = System.nanoTime();
            HonchoLedger.open(memory, Clock.systemUTC());
            long t1 = System.nanoTime();
            HonchoLedger.open(memory, Clock.systemUTC());
            long t2 = System.nanoTime();
            whole.add((t1 - t0) / 1_000_000);
            fromCheckpoint.add((t2 - t1) / 1_000_000);
        }
        Collections.sort(whole);
        Collections.sort(fromCheckpoint);
        System.out.printf("ledger of %,d lines (%,d bytes): read whole (and checkpoint written) median %d ms,"
                + " from its checkpoint median %d ms (%d rounds; whole %s, checkpoint %s)%n", lines,
                Files.size(ledger), whole.get(rounds / 2), fromCheckpoint.get(rounds / 2), rounds, whole, fromCheckpoint);
    }

    static void write(Path ledger, long lines) throws Exception {
        String time = "\"time\":\"2026-12-02T08:00:00Z\"";
        try (BufferedWriter out = Files.newBufferedWriter(ledger, StandardCharsets.UTF_8)) {
            for (long i = 0; i < (lines - WAITING) / 2; i++) {
                String item = "\"session\":\"mm-s" + i / TURNS_PER_SESSION + "\",\"turn\":" + i % TURNS_PER_SESSION;
                out.write("{\"event\":\"decided\"," + time + "," + item + ",\"workspace\":\"bx-trusted\",\"why\":\"clean\"}\n");
                out.write("{\"event\":\"sent\"," + time + "," + item + ",\"workspace\":\"bx-trusted\","
                        + "\"ids\":[\"AbCdEfGhIjKlMnOpQrStU\",\"AbCdEfGhIjKlMnOpQrStV\"]}\n");
            }
            for (int i = 0; i < WAITING; i++) {
                out.write("{\"event\":\"decided\"," + time + ",\"session\":\"mm-w\",\"turn\":" + i
                        + ",\"workspace\":\"bx-trusted\",\"why\":\"clean\"}\n");
            }
        }
    }
}
