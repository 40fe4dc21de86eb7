package dev.boxmaker.bench;

import dev.boxmaker.memoryd.tool.CallTurns;
import dev.boxmaker.proto.SessionId;
import java.nio.channels.FileChannel;
import java.nio.file.*;
import java.nio.ByteBuffer;

/**
 * The turn look-up each memory write makes ({@code CallTurns.of}: the session log's last whole line,
 * found from its end) against one small append forced to disk, the unit of a write's cost, in the same
 * run: a 1,001-record log ending in a short line, then in a 200 KB tool result. No arguments.
 */
public final class CallTurnsTiming {
    private CallTurnsTiming() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Files.createTempDirectory("ctb");
        SessionId s = new SessionId("chat-bench");
        Path file = dev.boxmaker.proto.log.SessionLogs.file(home, s);
        Files.createDirectories(file.getParent());
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 1000; i++) b.append("{\"type\":\"user\",\"time\":\"2026-12-07T08:00:00Z\",\"turn\":" + i + ",\"content\":\"hello there " + i + "\",\"speaker\":null}\n");
        String big = "x".repeat(200_000);
        String[] lasts = {"{\"type\":\"user\",\"time\":\"2026-12-07T08:00:00Z\",\"turn\":1000,\"content\":\"hi\",\"speaker\":null}\n",
            "{\"type\":\"tool_result\",\"time\":\"2026-12-07T08:00:00Z\",\"turn\":1000,\"call\":\"c\",\"tool\":\"recall\",\"outcome\":\"ok\",\"content\":\"" + big + "\"}\n"};
        CallTurns turns = new CallTurns(home);
        Path fs = home.resolve("fsync.bin");
        for (String last : lasts) {
            Files.writeString(file, b + last);
            for (int round = 0; round < 3; round++) {
                long t0 = System.nanoTime(); Long got = null;
                for (int i = 0; i < 5000; i++) got = turns.of(s);
                long t1 = System.nanoTime();
                // Baseline in the same run: what a memory add already does once, a small append forced to disk.
                for (int i = 0; i < 200; i++) try (FileChannel c = FileChannel.open(fs, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) { c.write(ByteBuffer.wrap("line\n".getBytes())); c.force(false); }
                long t2 = System.nanoTime();
                System.out.printf("last line %,d bytes, round %d: CallTurns.of %.1f us/call (turn %s); one small append+fsync %.1f us%n",
                        last.length(), round, (t1 - t0) / 5000 / 1e3, got, (t2 - t1) / 200 / 1e3);
            }
        }
        try (var paths = Files.walk(home)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
