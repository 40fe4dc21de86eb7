package dev.boxmaker.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The {@code memory} tool's {@code add} and {@code replace} over brokerd's socket, fsync included,
 * against the packaged memoryd, beside plain Java writing and fsyncing the same bytes in the same
 * run. Usage: {@code MemoryWriteLatency <memoryd jar> [writes]}.
 */
public final class MemoryWriteLatency {
    private static final Duration WAIT = Duration.ofSeconds(30);
    /** Each session makes this many calls, below memoryd's limit of calls per session and minute. */
    private static final int CALLS_PER_SESSION = 50;

    private static int calls;
    private static final int ENTRIES_KEPT = 10;
    private static final int WARMUP_WRITES = 300;
    /** How much of the journal's end is read to find its last line; doubled until a line fits. */
    private static final long JOURNAL_TAIL_BYTES = 64 * 1024;

    private MemoryWriteLatency() {
    }

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args[0]);
        int writes = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
        try (DaemonUnderTest memoryd = DaemonUnderTest.memoryd(jar)) {
            Path socket = memoryd.home().resolve("run/broker-memory/memory.sock");
            Floor floor = new Floor(Files.createDirectories(memoryd.home().resolve("floor")));
            run(socket, WARMUP_WRITES, null, null, null);
            long[] adds = new long[writes];
            long[] replaces = new long[writes];
            long[] floors = new long[writes];
            run(socket, writes, adds, replaces, floor.with(memoryd.home(), floors));
            System.out.printf("memory.md: %,d bytes; a journal line: %,d bytes%n%n", floor.file.length,
                    floor.line.length);
            System.out.println(Stats.header());
            System.out.println(Stats.serial("memoryd add", adds).row());
            System.out.println(Stats.serial("memoryd replace", replaces).row());
            System.out.println(Stats.serial("floor: journal line + file + mark, durably", floors).row());
        }
    }

    /** Alternates add and replace, removing the oldest entry (unmeasured) to stay under the limit. */
    private static void run(Path socket, int writes, long[] adds, long[] replaces, Floor floor) throws Exception {
        Deque<String> entries = new ArrayDeque<>();
        for (int i = 0; i < writes; i++) {
            String text = "The owner prefers answers in UTC and metric units; entry " + System.nanoTime();
            long t0 = System.nanoTime();
            call(socket, args("add").put("text", text));
            long t1 = System.nanoTime();
            String rewritten = text + " (rewritten)";
            call(socket, args("replace").put("old", text).put("text", rewritten));
            long t2 = System.nanoTime();
            entries.addLast(rewritten);
            if (adds != null) {
                adds[i] = t1 - t0;
                replaces[i] = t2 - t1;
                floor.measure(i);
            }
            if (entries.size() > ENTRIES_KEPT) {
                call(socket, args("remove").put("old", entries.removeFirst()));
            }
        }
    }

    private static ObjectNode args(String action) {
        return Json.MAPPER.createObjectNode().put("action", action).put("file", "memory");
    }

    private static void call(Path socket, ObjectNode args) throws Exception {
        ToolResponse reply = (ToolResponse) SocketClient.call(socket,
                new MemoryCall(new ToolRequest(SessionId.of("chat-bench-" + calls++ / CALLS_PER_SESSION), "call_b",
                        "memory", args), DataClass.PRIVATE, false),
                WAIT, WAIT, "bench");
        if (reply.outcome() != Outcome.OK) {
            throw new IllegalStateException("refused: " + reply.text());
        }
    }

    /**
     * The journal's last line with its newline, read from the end of the month's file: reading the
     * whole file after every pair made the run quadratic, and the bench's own work between
     * measurements grew with it.
     */
    private static byte[] lastJournalLine(Path edits) throws Exception {
        Path month;
        try (var months = Files.list(edits)) {
            // Month files only: edits/ also holds the finished marks.
            month = months.filter(p -> p.getFileName().toString().endsWith(".jsonl")).sorted()
                    .reduce((a, b) -> b).orElseThrow();
        }
        try (FileChannel ch = FileChannel.open(month, StandardOpenOption.READ)) {
            long size = ch.size();
            for (long window = JOURNAL_TAIL_BYTES; ; window *= 2) {
                long from = Math.max(0, size - window);
                ByteBuffer tail = ByteBuffer.allocate((int) (size - from));
                while (tail.hasRemaining() && ch.read(tail, from + tail.position()) >= 0) {
                    // Until the window is read; memoryd is idle between a pair and its floor.
                }
                byte[] b = tail.array();
                int start = b.length - 1;
                while (start > 0 && b[start - 1] != '\n') {
                    start--;
                }
                if (start > 0 || from == 0) {
                    return java.util.Arrays.copyOfRange(b, start, b.length);
                }
            }
        }
    }

    /**
     * Plain Java doing the same writes memoryd does for one edit, right after each measured pair so
     * both see the same disk: the journal line appended and fsynced, then the file replaced durably
     * (temp file, fsync, rename, fsync of the directory), then the edit's finished mark (its id and a
     * newline) appended and fsynced, with memoryd's own bytes of the moment.
     */
    static final class Floor {
        /** A finished mark as memoryd writes it: an edit's id and a newline. */
        static final byte[] MARK = "2026-12-01-0001\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        final Path dir;
        byte[] file = new byte[0];
        byte[] line = new byte[0];
        private Path home;
        private long[] out;

        Floor(Path dir) {
            this.dir = dir;
        }

        Floor with(Path home, long[] out) {
            this.home = home;
            this.out = out;
            return this;
        }

        void measure(int i) throws Exception {
            file = Files.readAllBytes(home.resolve("memory/memory.md"));
            line = lastJournalLine(home.resolve("memory/edits"));
            long t0 = System.nanoTime();
            appendDurably(dir.resolve("journal.jsonl"), line);
            replaceDurably(dir, file);
            appendDurably(dir.resolve("finished"), MARK);
            out[i] = System.nanoTime() - t0;
        }
    }

    private static void appendDurably(Path file, byte[] bytes) throws Exception {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            ch.write(ByteBuffer.wrap(bytes));
            ch.force(true);
        }
    }

    private static void replaceDurably(Path dir, byte[] bytes) throws Exception {
        Path temp = dir.resolve("memory.md.tmp");
        try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ch.write(ByteBuffer.wrap(bytes));
            ch.force(true);
        }
        Files.move(temp, dir.resolve("memory.md"), StandardCopyOption.ATOMIC_MOVE);
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        }
    }
}
