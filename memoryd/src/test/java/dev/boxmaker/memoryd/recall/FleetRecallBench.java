package dev.boxmaker.memoryd.recall;

import static dev.boxmaker.memoryd.recall.fleet.FleetSeed.FLEET;
import static dev.boxmaker.memoryd.recall.fleet.FleetSeed.read;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.memoryd.honcho.client.HonchoTimeouts;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.index.search.Searcher;
import dev.boxmaker.memoryd.recall.fleet.FleetRecall;
import dev.boxmaker.memoryd.recall.fleet.FleetSeed;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark of issue 25: recall with three Honcho sources answering at once from the fake Honcho
 * on loopback (two other agents' workspaces, each a search and two conclusion queries, and the fleet),
 * against recall from the local index alone, the two alternating in the same run over the same index
 * of {@link #RECORDS} records, and a third time with the fake's schema check off, to set the fake's
 * own cost apart from the client's (it also prints the fake's own work during each recall); then
 * recall with one source hung, which costs its limit. Not a test
 * (surefire runs *Test and *Tests only). Run it with {@code ./mvnw -B -o -pl memoryd -am test
 * -Dtest=FleetRecallBench -Dsurefire.failIfNoSpecifiedTests=false} ({@code -Dbench.recalls=N
 * -Dbench.warmup=W -Dbench.hung=H}); it prints its figures.
 */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class FleetRecallBench {
    static final int RECORDS = 2_000;
    static final String BX1 = "bx1-trusted";
    static final String BX2 = "bx2-trusted";

    @TempDir
    Path home;

    @Test
    void recallWithHonchoSources() throws Exception {
        int recalls = Integer.getInteger("bench.recalls", 2_000);
        int warmup = Integer.getInteger("bench.warmup", 500);
        int hung = Integer.getInteger("bench.hung", 10);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < RECORDS; i++) {
            texts.add("record " + i + " about the " + (i % 10 == 0 ? "heron " : "") + "river and word" + (i % 97));
        }
        try (FakeHoncho fake = FakeHoncho.start(); MemoryIndex index = SmallIndex.of(home, texts)) {
            for (int i = 0; i < 10; i++) {
                String t = "2026-12-02T10:" + (10 + i) + ":00Z";
                FleetSeed.messages(fake, BX1, "s" + i, "boxmaker1", List.of("heron message " + i), List.of(t));
                FleetSeed.messages(fake, BX2, "s" + i, "kyle", List.of("heron question " + i), List.of(t));
                FleetSeed.messages(fake, FLEET, "s" + i, "boxmaker2", List.of("heron note " + i), List.of(t));
            }
            FleetSeed.conclusion(fake, BX1, "boxmaker1", "heron conclusion");
            FleetSeed.conclusion(fake, BX2, "kyle", "kyle heron conclusion");
            RecallLog log = new RecallLog(home.resolve("memory"), MemorydThreads.start().recallLogFlush());
            Recall local = new Recall(new Searcher(index), log, Clock.systemUTC(), "owner");
            try (FleetRecall fleet = FleetRecall.open(FleetSeed.settings(fake,
                    List.of(read("boxmaker1", BX1, true, DataClass.PRIVATE),
                            read("boxmaker2", BX2, false, DataClass.PRIVATE))), MemorydThreads.start().honchoRecall())) {
                Recall withFleet = new Recall(new Searcher(index), log, Clock.systemUTC(), "owner", Optional.of(fleet));
                long[] alone = new long[recalls];
                long[] three = new long[recalls];
                long[] threeFakeWork = new long[recalls];
                long[] unchecked = new long[recalls];
                long[] uncheckedFakeWork = new long[recalls];
                long[] oneCall = new long[recalls];
                long[] work = new long[1];
                try (HonchoClient client = HonchoClient.create(fake.url(), FLEET, Optional.empty(),
                        HonchoTimeouts.DEFAULT)) {
                    for (int i = -warmup; i < recalls; i++) {
                        // The fake keeps every request; dropped each round so its list does not grow.
                        fake.clearRequests();
                        long a = time(local);
                        long b = timed(fake, withFleet, work);
                        long bWork = work[0];
                        fake.checkSchemas(false);
                        long u = timed(fake, withFleet, work);
                        long uWork = work[0];
                        fake.checkSchemas(true);
                        long start = System.nanoTime();
                        client.search("heron river", 10, null);
                        long c = System.nanoTime() - start;
                        if (i >= 0) {
                            alone[i] = a;
                            three[i] = b;
                            threeFakeWork[i] = bWork;
                            unchecked[i] = u;
                            uncheckedFakeWork[i] = uWork;
                            oneCall[i] = c;
                        }
                    }
                }
                print("local index alone", alone);
                print("with three Honcho sources", three);
                print("with three Honcho sources, the fake's schema check off", unchecked);
                // What one of the seven calls costs on its own, the fake's work included, for scale.
                System.out.printf("one Honcho search alone, the client's thread: p50 %.2f ms, p99 %.2f ms%n",
                        pct(oneCall, 50) / 1e6, pct(oneCall, 99) / 1e6);
                System.out.printf("the fake's own work in a recall's seven requests (summed): p50 %.2f ms "
                        + "(schema check on), %.2f ms (off)%n", pct(threeFakeWork, 50) / 1e6,
                        pct(uncheckedFakeWork, 50) / 1e6);
                System.out.printf("added at p50: %.2f ms (schema check on), %.2f ms (off)%n",
                        (pct(three, 50) - pct(alone, 50)) / 1e6, (pct(unchecked, 50) - pct(alone, 50)) / 1e6);
                System.out.printf("added at p50 less the fake's own work, recall by recall: %.2f ms (on), "
                        + "%.2f ms (off)%n", (pct(minus(three, threeFakeWork), 50) - pct(alone, 50)) / 1e6,
                        (pct(minus(unchecked, uncheckedFakeWork), 50) - pct(alone, 50)) / 1e6);
                fake.hang(BX1);
                long[] oneHung = new long[hung];
                for (int i = 0; i < hung; i++) {
                    oneHung[i] = time(withFleet);
                }
                print("with one source hung", oneHung);
            }
            log.flushNow();
        }
    }

    static long time(Recall recall) throws Exception {
        ObjectNode args = Json.MAPPER.createObjectNode().put("query", "heron river").put("k", 5);
        MemoryCall call = new MemoryCall(new ToolRequest(SessionId.of("mm-bench"), "call_1", "recall", args),
                DataClass.PRIVATE, false);
        long start = System.nanoTime();
        recall.call(call);
        return System.nanoTime() - start;
    }

    /** One recall's time, and in {@code work[0]} the fake's own work meanwhile. */
    static long timed(FakeHoncho fake, Recall recall, long[] work) throws Exception {
        long before = fake.workNanos();
        long t = time(recall);
        work[0] = fake.workNanos() - before;
        return t;
    }

    static long[] minus(long[] a, long[] b) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] - b[i];
        }
        return out;
    }

    static double pct(long[] values, int p) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
    }

    static void print(String what, long[] nanos) {
        System.out.printf("recall, %s: %d recalls, p50 %.2f ms, p99 %.2f ms, max %.2f ms%n", what, nanos.length,
                pct(nanos, 50) / 1e6, pct(nanos, 99) / 1e6, Arrays.stream(nanos).max().orElse(0) / 1e6);
    }
}
