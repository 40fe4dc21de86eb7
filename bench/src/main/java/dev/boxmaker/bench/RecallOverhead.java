package dev.boxmaker.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * brokerd's overhead on a {@code recall} call: loopd→brokerd→memoryd→back against the same
 * {@code memory_call} sent to memoryd directly, both packaged daemons started as processes on one
 * home, interleaved in the same run. brokerd's cost includes parsing, deciding, and the audit line
 * forced to disk before each answer. Usage: {@code RecallOverhead <memoryd jar> <brokerd jar> [calls] [warm-up calls]}.
 */
public final class RecallOverhead {
    private static final Duration WAIT = Duration.ofSeconds(30);
    /** The warm-up's calls each way unless given: brokerd's JIT still compiles after them (docs/benchmarks.md). */
    private static final int WARMUP_CALLS = 500;
    private static final int ROUNDS = 4;

    private RecallOverhead() {
    }

    public static void main(String[] args) throws Exception {
        int calls = args.length > 2 ? Integer.parseInt(args[2]) : 2_000;
        int warmup = args.length > 3 ? Integer.parseInt(args[3]) : WARMUP_CALLS;
        Path home = BenchHomes.create("bxr");
        Process memoryd = start(args[0], home, "memoryd");
        Process brokerd = start(args[1], home, "brokerd");
        try {
            Path memorySocket = home.resolve("run/broker-memory/memory.sock");
            Path brokerSocket = home.resolve("run/loop-broker/broker.sock");
            waitFor(memorySocket, memoryd);
            waitFor(brokerSocket, brokerd);
            ToolRequest request = new ToolRequest(SessionId.of("bench-1"), "c1", "recall",
                    (ObjectNode) Json.MAPPER.readTree("{\"query\": \"launch window\", \"k\": 5}"));
            MemoryCall direct = new MemoryCall(request, DataClass.PRIVATE, false);
            System.out.println("memoryd answers: " + ((ToolResponse) SocketClient.call(memorySocket, direct, WAIT, WAIT, "bench")).text());
            SerialCalls.time(brokerSocket, request, warmup, WAIT);
            SerialCalls.time(memorySocket, direct, warmup, WAIT);
            List<long[]> viaBroker = new ArrayList<>();
            List<long[]> toMemoryd = new ArrayList<>();
            for (int r = 0; r < ROUNDS; r++) {
                viaBroker.add(SerialCalls.time(brokerSocket, request, calls / ROUNDS, WAIT));
                toMemoryd.add(SerialCalls.time(memorySocket, direct, calls / ROUNDS, WAIT));
            }
            System.out.println(Stats.header());
            System.out.println(Stats.serial("recall through brokerd", viaBroker).row());
            System.out.println(Stats.serial("memory_call to memoryd directly", toMemoryd).row());
        } finally {
            brokerd.destroy();
            memoryd.destroy();
            brokerd.waitFor();
            memoryd.waitFor();
            BenchHomes.release(home);
        }
    }

    private static Process start(String jar, Path home, String name) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("java", "-XX:+UseSerialGC", "-jar", jar, "serve")
                .redirectErrorStream(true).redirectOutput(home.resolve(name + ".log").toFile());
        builder.environment().put("BOXMAKER_HOME", home.toString());
        return builder.start();
    }

    private static void waitFor(Path socket, Process process) throws InterruptedException {
        for (int i = 0; i < 300 && !Files.exists(socket); i++) {
            if (!process.isAlive()) {
                throw new IllegalStateException("a daemon exited with " + process.exitValue());
            }
            Thread.sleep(100);
        }
    }
}
