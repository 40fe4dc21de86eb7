package dev.boxmaker.memoryd.honcho.worker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.honcho.fake.FakeRoute;
import dev.boxmaker.memoryd.honcho.sync.HonchoHome;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * The benchmark of issue 24: a journalled memory write to its conclusion in Honcho. memoryd with
 * {@code [honcho]}, started by Quarkus, against the fake Honcho on loopback; the {@code memory}
 * tool's {@code add} to {@code memory} over brokerd's socket, one at a time; for each, the time from
 * the call's answer (the edit journalled and decided) to the fake holding the conclusion (the instant
 * the fake's store has it, before it answers the worker), and from the call's sending to the same.
 * The oldest entry is removed after each add beyond {@link #ENTRIES_KEPT} (unmeasured; its delete is
 * waited for, so no add queues behind it), and each session makes {@link #CALLS_PER_SESSION} calls,
 * under memoryd's limit per session and minute. Not a test (surefire runs *Test and *Tests only). Run
 * it with {@code ./mvnw -B -o -pl memoryd -am test -Dtest=HonchoWriteLatencyBench
 * -Dsurefire.failIfNoSpecifiedTests=false} ({@code -Dbench.writes=N -Dbench.warmup=W}); it prints its
 * figures.
 */
@QuarkusTest
@QuarkusTestResource(value = HonchoHome.class, restrictToAnnotatedClass = true)
class HonchoWriteLatencyBench {
    static final Duration WAIT = Duration.ofSeconds(30);
    static final int CALLS_PER_SESSION = 50;
    static final int ENTRIES_KEPT = 10;
    static final long ARRIVAL_WAIT_NANOS = Duration.ofSeconds(30).toNanos();
    static final long POLL_NANOS = 20_000;

    private final Map<String, Long> arrivals = new ConcurrentHashMap<>();
    private final AtomicLong deletes = new AtomicLong();
    /** The entries in {@code memory.md}, oldest first, across the warm-up and the measured writes. */
    private final Deque<String> entries = new ArrayDeque<>();
    private int calls;

    @Test
    void writeToConclusion() throws Exception {
        int writes = Integer.getInteger("bench.writes", 1_000);
        int warmup = Integer.getInteger("bench.warmup", 200);
        HonchoHome.fake.onAnswered((route, body) -> {
            long now = System.nanoTime();
            if (route == FakeRoute.CONCLUSIONS) {
                for (JsonNode c : body) {
                    arrivals.put(c.get("content").asText(), now);
                }
            } else if (route == FakeRoute.CONCLUSION_DELETE) {
                deletes.incrementAndGet();
            }
        });
        String loadAtStart = loadAverage();
        Instant start = Instant.now();
        run(warmup, null, null);
        long[] fromAnswer = new long[writes];
        long[] fromSending = new long[writes];
        run(writes, fromAnswer, fromSending);
        int kept = HonchoHome.fake.conclusions(HonchoHome.TRUSTED).size();
        if (kept != ENTRIES_KEPT) {
            throw new AssertionError("the trusted workspace holds " + kept + " conclusions, not " + ENTRIES_KEPT);
        }
        System.out.printf("HonchoWriteLatencyBench: %d writes after %d unmeasured, %s to %s; load average %s at start,"
                + " %s at end%n", writes, warmup, start, Instant.now(), loadAtStart, loadAverage());
        System.out.println("HonchoWriteLatencyBench from the answer:  " + figures(fromAnswer));
        System.out.println("HonchoWriteLatencyBench from the sending: " + figures(fromSending));
    }

    private void run(int writes, long[] fromAnswer, long[] fromSending) throws Exception {
        for (int i = 0; i < writes; i++) {
            String text = "The owner prefers answers in UTC and metric units; entry " + i + " " + System.nanoTime();
            long sent = System.nanoTime();
            call(args("add").put("text", text));
            long answered = System.nanoTime();
            until(() -> arrivals.containsKey(text), "the conclusion of " + text);
            long arrived = arrivals.get(text);
            if (fromAnswer != null) {
                fromAnswer[i] = arrived - answered;
                fromSending[i] = arrived - sent;
            }
            entries.addLast(text);
            if (entries.size() > ENTRIES_KEPT) {
                long before = deletes.get();
                call(args("remove").put("old", entries.removeFirst()));
                until(() -> deletes.get() > before, "a conclusion's delete");
            }
        }
    }

    private static ObjectNode args(String action) {
        return Json.MAPPER.createObjectNode().put("action", action).put("file", "memory");
    }

    private void call(ObjectNode args) throws Exception {
        Path socket = HonchoHome.home.resolve("run/broker-memory/memory.sock");
        ToolResponse reply = (ToolResponse) SocketClient.call(socket, new MemoryCall(new ToolRequest(
                SessionId.of("mm-bench-" + calls++ / CALLS_PER_SESSION), "call_b", "memory", args), DataClass.PRIVATE,
                false), WAIT, WAIT, "bench");
        if (reply.outcome() != Outcome.OK) {
            throw new IllegalStateException("refused: " + reply.text());
        }
    }

    private static void until(BooleanSupplier done, String what) {
        long deadline = System.nanoTime() + ARRIVAL_WAIT_NANOS;
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + " did not arrive in " + WAIT);
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    private static String figures(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        long early = Arrays.stream(sorted).filter(n -> n < 0).count();
        return String.format("n=%d p50 %.2f ms, p99 %.2f ms, max %.2f ms, min %.2f ms; %d arrived before it",
                sorted.length, ms(sorted[(sorted.length - 1) / 2]), ms(sorted[(int) Math.ceil(sorted.length * 0.99) - 1]),
                ms(sorted[sorted.length - 1]), ms(sorted[0]), early);
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    private static String loadAverage() throws Exception {
        String[] parts = Files.readString(Path.of("/proc/loadavg")).split(" ");
        return parts[0] + " " + parts[1] + " " + parts[2];
    }
}
