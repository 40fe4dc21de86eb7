package dev.boxmaker.bench;

import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.Frames;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import dev.boxmaker.proto.wire.msg.MemoryBlockReply;
import dev.boxmaker.proto.wire.msg.Message;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code memory_block} round trip over the socket, one request per connection, against the packaged
 * memoryd started as a process, beside a minimal JDK Unix-socket server answering the same bytes
 * (the floor), in the same run. Usage: {@code BlockRoundTrip <memoryd jar> [requests per thread]}.
 */
public final class BlockRoundTrip {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final int WARMUP_REQUESTS = 3_000;

    private BlockRoundTrip() {
    }

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args[0]);
        int perThread = args.length > 1 ? Integer.parseInt(args[1]) : 5_000;
        try (DaemonUnderTest memoryd = DaemonUnderTest.memoryd(jar)) {
            Path home = memoryd.home();
            Path memory = home.resolve("memory");
            Files.writeString(memory.resolve("memory.md"), entries(12, 160));
            Files.writeString(memory.resolve("user.md"), entries(8, 150));
            Path socket = home.resolve("run/loop-memory/memory.sock");
            MemoryBlockReply block = (MemoryBlockReply) SocketClient.call(socket, new MemoryBlock(), WAIT, WAIT, "bench");
            byte[] replyFrame = Frames.encode(block);
            System.out.printf("memory block: %,d characters, reply frame %,d bytes%n%n",
                    block.text().codePointCount(0, block.text().length()), replyFrame.length);
            Path floorSocket = home.resolve("floor.sock");
            List<Stats> rows = new ArrayList<>();
            try (EchoFloor floor = new EchoFloor(floorSocket, replyFrame)) {
                measure("warm-up", socket, 1, WARMUP_REQUESTS);
                measure("warm-up", floorSocket, 1, WARMUP_REQUESTS);
                for (int threads : new int[] {1, 8}) {
                    rows.add(measure("memoryd memory_block", socket, threads, perThread));
                    rows.add(measure("floor: JDK echo server", floorSocket, threads, perThread));
                }
            }
            System.out.println(Stats.header());
            rows.forEach(r -> System.out.println(r.row()));
        }
    }

    /** {@code threads} clients, each making {@code perThread} calls, one connection per call. */
    static Stats measure(String name, Path socket, int threads, int perThread) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        long[] nanos = new long[threads * perThread];
        List<Future<?>> done = new ArrayList<>();
        long start = System.nanoTime();
        for (int t = 0; t < threads; t++) {
            int offset = t * perThread;
            done.add(pool.submit(() -> {
                for (int i = 0; i < perThread; i++) {
                    long begin = System.nanoTime();
                    Message reply = SocketClient.call(socket, new MemoryBlock(), WAIT, WAIT, "bench");
                    nanos[offset + i] = System.nanoTime() - begin;
                    if (!(reply instanceof MemoryBlockReply)) {
                        throw new IllegalStateException("unexpected reply " + reply.kind());
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : done) {
            f.get();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        pool.shutdown();
        return Stats.of(name, threads, nanos, seconds);
    }

    private static String entries(int count, int chars) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                out.append("\n§\n");
            }
            String line = "Entry " + i + ": the owner prefers short answers, times in UTC, and metric units. ";
            out.append(line.repeat(chars / line.length() + 1), 0, chars / 2);
        }
        return out.append('\n').toString();
    }
}
