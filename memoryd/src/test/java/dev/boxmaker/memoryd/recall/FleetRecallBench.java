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
 * of {@link #RECORDS} records; then recall with one source hung, which costs its limit. Not a test
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
            RecallLog log = new RecallLog(home.resolve("memory"));
            Recall local = new Recall(new Searcher(index), log, Clock.systemUTC(), "owner");
            try (FleetRecall fleet = FleetRecall.open(FleetSeed.settings(fake,
                    List.of(read("boxmaker1", BX1, true, DataClass.PRIVATE),
                            read("boxmaker2", BX2, false, DataClass.PRIVATE))))) {
                Recall withFleet = new Recall(new Searcher(index), log, Clock.systemUTC(), "owner", Optional.of(fleet));
                long[] alone = new long[recalls];
                long[] three = new long[recalls];
                long[] oneCall = new long[recalls];
                try (HonchoClient client = HonchoClient.create(fake.url(), FLEET, Optional.empty(),
                        HonchoTimeouts.DEFAULT)) {
                    for (int i = -warmup; i < recalls; i++) {
                        long a = time(local);
                        long b = time(withFleet);
                        long start = System.nanoTime();
                        client.search("heron river", 10, null);
                        long c = System.nanoTime() - start;
                        if (i >= 0) {
                            alone[i] = a;
                            three[i] = b;
                            oneCall[i] = c;
                        }
                    }
                }
                print("local index alone", alone);
                print("with three Honcho sources", three);
                // What one of the seven calls costs on its own, the fake's work included, for scale.
                System.out.printf("one Honcho search alone, the client's thread: p50 %.2f ms, p99 %.2f ms%n",
                        pct(oneCall, 50) / 1e6, pct(oneCall, 99) / 1e6);
                System.out.printf("added at p50: %.2f ms%n", (pct(three, 50) - pct(alone, 50)) / 1e6);
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
