package dev.boxmaker.memoryd.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.memoryd.honcho.fake.FakeRoute;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.SessionLogWriter;
import dev.boxmaker.proto.log.UserRecord;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionStateReply;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33's measure: recovery after SIGKILL mid-drain of 1,000 turns. The packaged memoryd drains
 * {@code bench.sessions} session logs (default 100) of 1,000 finished turns in all, each announced
 * with {@code session_updated}, to the fake Honcho. Once Honcho holds {@code bench.stopAt} messages
 * (default 1,000, half the drain), the fake stores the add that reached it and holds its answer, and
 * memoryd is killed with SIGKILL while it waits for that answer. The fake then answers again, memoryd
 * is started on the same home, the logs are announced again, and the drain is waited for.
 *
 * <p>In flight: the items Honcho holds (it stored every add it received) whose {@code sent} line is
 * not in the ledger at the kill. Requests of the recovery: every request the fake got after the
 * restart, less those that do only what an uninterrupted drain would also do: an add of items none
 * of which was in flight, and the get-or-create of a Honcho session with no {@code placed} line at
 * the kill. It prints the in-flight items, the requests by route, the recovery's requests per item
 * in flight and the goal, 1 + (Honcho sessions of its Boxmaker session) = 2 (one speaker a session).
 * {@code -Dbench.verbose=true} prints each of the recovery's requests. Not a test (failsafe runs *IT only):
 * {@code ./mvnw -B -q -pl memoryd -am verify -Dit.test=RecoveryBench -Dtest=none
 * -Dsurefire.failIfNoSpecifiedTests=false -Dit.failIfNoSpecifiedTests=false}.
 */
class RecoveryBench {
    static final Duration WAIT = Duration.ofSeconds(10);
    static final Duration DRAIN_WAIT = Duration.ofMinutes(5);
    static final int TURNS = 1_000;
    static final Instant T = Instant.parse("2026-12-02T07:59:00Z");
    static final String WORKSPACE = "bx-trusted";
    static final Pattern SENT = Pattern.compile("\\{\"event\":\"sent\",.*\"session\":\"([^\"]+)\",\"turn\":(\\d+),");
    static final Pattern PLACED = Pattern.compile("\\{\"event\":\"placed\",.*\"honcho\":\"([^\"]+)\"");

    @TempDir
    Path home;

    @Test
    void recovery() throws Exception {
        int sessions = Integer.getInteger("bench.sessions", 100);
        int stopAt = Integer.getInteger("bench.stopAt", TURNS);
        double load = loadAverage();
        try (FakeHoncho fake = FakeHoncho.start(); RunningServer brokerd = brokerd()) {
            List<String> names = logs(sessions);
            AtomicInteger stored = new AtomicInteger();
            CountDownLatch held = new CountDownLatch(1);
            Set<String> heldItems = new HashSet<>();
            fake.onAnswered((route, body) -> {
                if (route == FakeRoute.MESSAGES && held.getCount() > 0 && stored.addAndGet(body.size()) >= stopAt) {
                    fake.hangAfterStore(WORKSPACE);
                    body.forEach(m -> heldItems.add(m.path("metadata").path("boxmaker_item").asText()));
                    held.countDown();
                }
            });
            try (MemorydProcess memoryd = serve(fake)) {
                updated(names, sessions);
                if (!held.await(DRAIN_WAIT.toSeconds(), TimeUnit.SECONDS)) {
                    throw new AssertionError("the drain did not reach " + stopAt + " messages");
                }
                memoryd.kill();
            }
            fake.onAnswered((route, body) -> { });
            fake.unhang(WORKSPACE);
            Set<String> inFlight = new HashSet<>();
            fake.messages(WORKSPACE, null).forEach(m -> inFlight.add(
                    m.path("metadata").path("boxmaker_item").asText()));
            List<String> ledger = Files.readAllLines(home.resolve("memory/honcho.jsonl"));
            Set<String> placed = new HashSet<>();
            for (String line : ledger) {
                Matcher sent = SENT.matcher(line);
                if (sent.lookingAt()) {
                    inFlight.remove("turn/" + sent.group(1) + "/" + sent.group(2));
                }
                Matcher place = PLACED.matcher(line);
                if (place.lookingAt()) {
                    placed.add(place.group(1));
                }
            }
            fake.clearRequests();
            try (MemorydProcess memoryd = serve(fake)) {
                updated(names, sessions);
                HonchoSyncIT.awaitDrained(home, TURNS, DRAIN_WAIT);
                memoryd.terminate();
            }
            print(fake, sessions, stopAt, load, inFlight, heldItems, placed);
        }
    }

    private void print(FakeHoncho fake, int sessions, int stopAt, double load, Set<String> inFlight,
            Set<String> heldItems, Set<String> placed) throws Exception {
        Map<String, Integer> byRoute = new TreeMap<>();
        Map<String, Integer> recoveryByRoute = new TreeMap<>();
        int recovery = 0;
        for (FakeHoncho.Recorded r : fake.requests()) {
            String route = route(r);
            byRoute.merge(route, 1, Integer::sum);
            if (!newWork(route, r, inFlight, placed)) {
                recovery++;
                recoveryByRoute.merge(route, 1, Integer::sum);
                if (Boolean.getBoolean("bench.verbose")) {
                    System.out.println("  recovery: " + r.method() + " " + r.path() + " " + r.body());
                }
            }
        }
        int messages = fake.messages(WORKSPACE, null).size();
        System.out.printf("RecoveryBench: %d turns in %d sessions of %d turns (one speaker each), killed with the add"
                + " reaching %d messages held (%d items); load average %.2f before, %.2f after%n", TURNS, sessions,
                TURNS / sessions, stopAt, heldItems.size(), load, loadAverage());
        System.out.printf("  in flight (in Honcho, no sent line at the kill): %d items%s%n", inFlight.size(),
                inFlight.equals(heldItems) ? ", exactly the held add's" : ", the held add's being " + heldItems);
        System.out.printf("  requests after the restart, by route: %s%n", byRoute);
        System.out.printf("  recovery's requests (all but adds of items never sent and get-or-creates of Honcho"
                + " sessions first placed after the restart): %d, by route %s; per item in flight %.2f; goal <= 2%n",
                recovery, recoveryByRoute, inFlight.isEmpty() ? 0.0 : (double) recovery / inFlight.size());
        System.out.printf("  messages in Honcho after: %d (expected %d)%n", messages, 2 * TURNS);
    }

    /** Whether {@code r} does only what a drain without the kill does too. */
    private static boolean newWork(String route, FakeHoncho.Recorded r, Set<String> inFlight, Set<String> placed)
            throws Exception {
        JsonNode body = r.body().isEmpty() ? null : Json.MAPPER.readTree(r.body());
        if (route.equals(FakeRoute.MESSAGES.name())) {
            for (JsonNode m : body.path("messages")) {
                if (inFlight.contains(m.path("metadata").path("boxmaker_item").asText())) {
                    return false;
                }
            }
            return true;
        }
        return route.equals(FakeRoute.SESSION.name()) && !placed.contains(body.path("id").asText());
    }

    /** The fake's route {@code r} went to, by method and path. */
    static String route(FakeHoncho.Recorded r) {
        for (FakeRoute route : FakeRoute.values()) {
            String regex = route.path().replaceAll(":[a-z]+", "[^/]+");
            if (route.method().equals(r.method()) && r.path().matches(regex)) {
                return route.name();
            }
        }
        return r.method() + " " + r.path();
    }

    static double loadAverage() throws Exception {
        return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
    }

    RunningServer brokerd() {
        Handler<SessionState> clean = r -> new SessionStateReply(DataClass.PRIVATE, false);
        return RunningServer.start(home.resolve("run/memory-broker/state.sock"), Map.of(SessionState.KIND, clean),
                WAIT);
    }

    MemorydProcess serve(FakeHoncho fake) throws Exception {
        Path config = home.resolve("memoryd.toml");
        Files.writeString(config, "[paths]\nhome = \"" + home + "\"\n[honcho]\nurl = \"" + fake.url() + "\"\n"
                + "agent = \"boxmaker0\"\nowner = \"kyle\"\ntrusted = \"bx-trusted\"\nuntrusted = \"bx-untrusted\"\n"
                + "fleet = \"bx-fleet\"\n");
        MemorydProcess memoryd = MemorydProcess.launch(home, "serve", "--config", config.toString());
        try {
            return MemorydProcess.awaitServing(memoryd, home);
        } catch (Exception | AssertionError e) {
            // Started but not answering (a loaded machine): stopped, never left behind.
            memoryd.close();
            throw e;
        }
    }

    /** {@code sessions} session logs of 1,000 finished turns in all; their names. */
    List<String> logs(int sessions) throws Exception {
        List<String> names = new ArrayList<>();
        for (int s = 0; s < sessions; s++) {
            String session = "mm-rec" + s;
            names.add(session);
            try (SessionLogWriter w = SessionLogWriter.open(home, SessionId.of(session))) {
                for (int t = 1; t <= TURNS / sessions; t++) {
                    w.append(new UserRecord(T, t, "question " + t + " of " + session, "kyle"));
                    w.append(new AssistantRecord(T, t, "answer " + t + " of " + session, null, List.of()));
                }
            }
        }
        return names;
    }

    void updated(List<String> names, int sessions) throws Exception {
        for (String session : names) {
            call("run/loop-memory/memory.sock", new SessionUpdated(SessionId.of(session), TURNS / sessions));
        }
    }

    Message call(String socket, Message request) throws Exception {
        return SocketClient.call(home.resolve(socket), request, WAIT, WAIT, "bench");
    }
}
