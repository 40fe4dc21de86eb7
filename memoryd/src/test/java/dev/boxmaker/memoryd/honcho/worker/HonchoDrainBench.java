package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.client.HonchoClients;
import dev.boxmaker.memoryd.honcho.decide.TurnRecords;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.honcho.ledger.LedgerItem;
import dev.boxmaker.memoryd.honcho.mirror.MirrorPlan;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.Label;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark of issue 24: the drain rate of a 10,000-item outbox against the fake Honcho on
 * loopback, beside the fake's floor, the same requests (recorded from the worker's run, batches and
 * all) sent in the same order by the JDK's plain HTTP client to a fresh fake, in the same run,
 * interleaved round by round; and beside a per-item floor, the same requests with each batch cut
 * into one add per item, as a worker without batches sends them. Not a test (surefire runs *Test and *Tests only); a Quarkus test class because the REST
 * client is built inside a running Quarkus application. Run it with
 * {@code ./mvnw -B -o -pl memoryd -am test -Dtest=HonchoDrainBench -Dsurefire.failIfNoSpecifiedTests=false}
 * ({@code -Dbench.items=N -Dbench.rounds=R}, and {@code -Dbench.dir=DIR} for the ledger's directory, e.g. a
 * tmpfs to see the cost of its fsyncs); it prints its figures.
 */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class HonchoDrainBench {
    static final int SESSIONS = 100;
    static final int TEXT_CHARS = 200;

    @TempDir
    Path dir;

    @Test
    void drain() throws Exception {
        int items = Integer.getInteger("bench.items", 10_000);
        int rounds = Integer.getInteger("bench.rounds", 3);
        Path seed = Files.createDirectories(dir.resolve("seed"));
        Map<String, TurnRecords> turns = new java.util.HashMap<>();
        HonchoLedger seedLedger = HonchoLedger.open(seed, Clock.systemUTC());
        for (int i = 0; i < items; i++) {
            String session = "mm-bench-" + (i % SESSIONS);
            long turn = i / SESSIONS;
            turns.put(session + "/" + turn, new TurnRecords(turn, "kyle", text("question", i), text("answer", i),
                    Label.SESSION_START));
            seedLedger.decided(new LedgerItem.Turn(session, turn), Optional.of("bx-trusted"), "clean");
        }
        ItemSource source = new ItemSource() {
            @Override
            public Optional<TurnRecords> turn(String session, long turn) {
                return Optional.ofNullable(turns.get(session + "/" + turn));
            }

            @Override
            public Optional<MirrorPlan> edit(String editId) {
                return Optional.empty();
            }
        };
        round(seed, source, items, "warm-up");
        List<Double> worker = new ArrayList<>();
        List<Double> floor = new ArrayList<>();
        List<Double> requestsPerItem = new ArrayList<>();
        List<Double> perItemFloor = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            double[] figures = round(seed, source, items, "round " + (r + 1));
            worker.add(figures[0]);
            floor.add(figures[1]);
            requestsPerItem.add(figures[2]);
            perItemFloor.add(figures[3]);
        }
        parts(seed, items);
        double w = median(worker);
        double f = median(floor);
        double p = median(perItemFloor);
        System.out.printf("HonchoDrainBench: %d items, %d rounds; worker median %.0f items/s, floor median %.0f items/s,"
                + " %.0f%% of the floor; %.3f requests per item; per-item floor median %.0f items/s, %.0f%% of it%n",
                items, rounds, w, f, 100 * w / f, median(requestsPerItem), p, 100 * w / p);
    }

    private double[] round(Path seed, ItemSource source, int items, String name) throws Exception {
        Path base = System.getProperty("bench.dir") == null ? dir : Path.of(System.getProperty("bench.dir"));
        Path home = Files.createTempDirectory(base, "round");
        Files.copy(seed.resolve(HonchoLedger.FILE_NAME), home.resolve(HonchoLedger.FILE_NAME));
        List<FakeHoncho.Recorded> recorded;
        double workerRate;
        try (FakeHoncho fake = FakeHoncho.start()) {
            HonchoSettings settings = new HonchoSettings(fake.url(), "bx", "kyle", "bx-trusted", "bx-untrusted", "fleet",
                    List.of(), Map.of());
            HonchoLedger ledger = HonchoLedger.open(home, Clock.systemUTC());
            try (HonchoClients clients = HonchoClients.open(settings, WorkerRig.SHORT);
                    HonchoWorker worker = new HonchoWorker(ledger, clients, settings, source, Clock.systemUTC(),
                            Backoff.DEFAULT, MemorydThreads.start().honchoWorker(), MemorydThreads.start().ledgerFlush())) {
                long start = System.nanoTime();
                worker.start();
                // The sent count, not the outbox: a copy of the whole outbox every 10 ms would cost the worker.
                WorkerRig.waitFor(() -> ledger.sentCounts().getOrDefault("bx-trusted", 0L) >= items, "the drain", 600_000);
                workerRate = items / ((System.nanoTime() - start) / 1e9);
                if (ledger.sentCounts().getOrDefault("bx-trusted", 0L) != items) {
                    throw new AssertionError("the worker sent " + ledger.sentCounts() + " of " + items);
                }
            }
            recorded = fake.requests();
        }
        double floorRate = replay(recorded, items);
        double perItemRate = replay(perItem(recorded), items);
        System.out.printf("HonchoDrainBench %s: worker %.0f items/s, floor %.0f items/s (%d requests),"
                + " per-item floor %.0f items/s%n", name, workerRate, floorRate, recorded.size(), perItemRate);
        return new double[] {workerRate, floorRate, recorded.size() / (double) items, perItemRate};
    }

    /** The requests sent again in order by the JDK's plain HTTP client to a fresh fake: items per second. */
    private static double replay(List<FakeHoncho.Recorded> requests, int items) throws Exception {
        try (FakeHoncho fake = FakeHoncho.start()) {
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            long start = System.nanoTime();
            for (FakeHoncho.Recorded r : requests) {
                HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(fake.url() + r.path()))
                        .header("Content-Type", "application/json");
                request.method(r.method(), r.body().isEmpty() ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(r.body()));
                http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            }
            return items / ((System.nanoTime() - start) / 1e9);
        }
    }

    /** The same requests with each add-messages batch cut into one request per item: the sequence of a worker without batches. */
    private static List<FakeHoncho.Recorded> perItem(List<FakeHoncho.Recorded> recorded) throws Exception {
        List<FakeHoncho.Recorded> out = new ArrayList<>();
        for (FakeHoncho.Recorded r : recorded) {
            if (!r.path().endsWith("/messages")) {
                out.add(r);
                continue;
            }
            Map<String, com.fasterxml.jackson.databind.node.ArrayNode> byItem = new java.util.LinkedHashMap<>();
            for (com.fasterxml.jackson.databind.JsonNode m : dev.boxmaker.proto.Json.MAPPER.readTree(r.body()).get("messages")) {
                byItem.computeIfAbsent(m.get("metadata").get("boxmaker_item").asText(),
                        k -> dev.boxmaker.proto.Json.MAPPER.createArrayNode()).add(m);
            }
            for (com.fasterxml.jackson.databind.node.ArrayNode messages : byItem.values()) {
                String body = dev.boxmaker.proto.Json.MAPPER.writeValueAsString(
                        dev.boxmaker.proto.Json.MAPPER.createObjectNode().set("messages", messages));
                out.add(new FakeHoncho.Recorded(r.method(), r.path(), r.headers(), body, r.arrivedNanos()));
            }
        }
        return out;
    }

    private static String text(String word, int i) {
        StringBuilder text = new StringBuilder(word).append(' ').append(i);
        while (text.length() < TEXT_CHARS) {
            text.append(" lorem ipsum");
        }
        return text.toString();
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    /** Where a worker's item goes: the REST client's add alone, and the ledger's fsync'd {@code sent} line alone. */
    private void parts(Path seed, int items) throws Exception {
        try (FakeHoncho fake = FakeHoncho.start();
                dev.boxmaker.memoryd.honcho.client.HonchoClient client = dev.boxmaker.memoryd.honcho.client.HonchoClient
                        .create(fake.url(), "bx-trusted", Optional.empty(), WorkerRig.SHORT)) {
            client.createWorkspace(null, null);
            client.createSession("s", Map.of("kyle", new dev.boxmaker.memoryd.honcho.client.HonchoWire.SessionPeer(true, null),
                    "bx", new dev.boxmaker.memoryd.honcho.client.HonchoWire.SessionPeer(false, null)));
            long start = System.nanoTime();
            for (int i = 0; i < items; i++) {
                LedgerItem item = new LedgerItem.Turn("s", i);
                client.addMessages("s", List.of(TurnSender.message("kyle", text("question", i), item, 0),
                        TurnSender.message("bx", text("answer", i), item, 1)));
            }
            System.out.printf("HonchoDrainBench parts: the REST client's add alone %.0f items/s%n",
                    items / ((System.nanoTime() - start) / 1e9));
        }
        Path base = System.getProperty("bench.dir") == null ? dir : Path.of(System.getProperty("bench.dir"));
        Path home = Files.createTempDirectory(base, "ledger");
        Files.copy(seed.resolve(HonchoLedger.FILE_NAME), home.resolve(HonchoLedger.FILE_NAME));
        HonchoLedger ledger = HonchoLedger.open(home, Clock.systemUTC());
        List<HonchoLedger.Waiting> outbox = ledger.outbox();
        long start = System.nanoTime();
        for (HonchoLedger.Waiting w : outbox) {
            ledger.sent(w.item(), List.of("AAAAAAAAAAAAAAAAAAAAA", "BBBBBBBBBBBBBBBBBBBBB"));
        }
        System.out.printf("HonchoDrainBench parts: the ledger's sent line alone %.0f items/s%n",
                outbox.size() / ((System.nanoTime() - start) / 1e9));
    }
}
