package dev.boxmaker.memoryd.honcho.ledger;

import com.fasterxml.jackson.databind.ObjectReader;
import dev.boxmaker.memoryd.files.Durable;
import dev.boxmaker.proto.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * What the ledger held after its first {@code offset} bytes, so a start reads only the lines after
 * them (the M5c spec: memoryd starts within 1 s more with a ledger of 1,000,000 lines). Disposable:
 * one that does not fit the ledger (shorter, another head, unreadable) is ignored and the ledger read
 * whole. Holds no key and no text sent, as the ledger itself.
 *
 * @param head     CRC-32 of the ledger's first {@link #HEAD_BYTES_MAX} bytes (or fewer, up to {@code offset})
 * @param settled  {@link Settled#toRanges}
 * @param pending  the {@code decided} lines of the items still waiting, oldest first
 * @param failed   every {@code failed} line
 * @param sent     the count of items sent, per workspace
 * @param nowhere  the count of items decided for nowhere, per reason
 * @param since    the time of the ledger's {@code began} line, else of its first line
 * @param tails    per session, where the next start reads its log from (null in a checkpoint written before them)
 * @param placed   the Honcho sessions placed, as {@code placed} lines, a made one's followed by a {@code sent}
 *                 line of a turn of its session (a checkpoint without them is not read)
 * @param conclusions the conclusions recorded as created and not deleted, per key their Honcho ids, oldest
 *                 first (a checkpoint without them is not read)
 */
record LedgerCheckpoint(int version, long offset, long lines, long head, Map<String, Map<String, String>> settled,
        List<LedgerLine> pending, List<LedgerLine> failed, Map<String, Long> sent,
        Map<String, Long> nowhere, String since, Map<String, TailMark> tails, List<LedgerLine> placed,
        Map<String, List<String>> conclusions) {
    static final int VERSION = 1;
    static final int HEAD_BYTES_MAX = 4096;
    private static final ObjectReader READER = Json.MAPPER.readerFor(LedgerCheckpoint.class);

    /** The checkpoint at {@code file} if it fits {@code ledger}, whose size is {@code size}. */
    static Optional<LedgerCheckpoint> read(Path file, Path ledger, long size) {
        try {
            if (!Files.exists(file)) {
                return Optional.empty();
            }
            LedgerCheckpoint c = READER.readValue(file.toFile());
            boolean fits = c.version == VERSION && c.offset > 0 && c.offset <= size
                    && byteAt(ledger, c.offset - 1) == '\n' && head(ledger, c.offset) == c.head
                    && c.settled != null && c.pending != null && c.failed != null && c.sent != null && c.nowhere != null
                    && c.placed != null && c.conclusions != null;
            return fits ? Optional.of(c) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    void write(Path file) throws IOException {
        Durable.replace(file, Json.MAPPER.writeValueAsString(this));
    }

    static long head(Path ledger, long offset) throws IOException {
        try (InputStream in = Files.newInputStream(ledger)) {
            CRC32 crc = new CRC32();
            crc.update(in.readNBytes((int) Math.min(offset, HEAD_BYTES_MAX)));
            return crc.getValue();
        }
    }

    private static int byteAt(Path ledger, long position) throws IOException {
        try (FileChannel ch = FileChannel.open(ledger, StandardOpenOption.READ)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            return ch.read(one, position) == 1 ? one.get(0) : -1;
        }
    }
}
