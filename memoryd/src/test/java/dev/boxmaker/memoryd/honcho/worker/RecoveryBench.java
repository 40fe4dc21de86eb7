package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.honcho.fake.FakeRoute;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33's measure: recovery after an abrupt stop mid-drain of 1,000 turns. The worker drains 1,000
 * turns ({@link #SESSIONS} Boxmaker sessions, one speaker each, so one Honcho session each) and is
 * stopped once the ledger holds {@code bench.stopAt} sent lines; then the last {@code bench.lost}
 * {@code sent} lines are taken out of the ledger (what a SIGKILL or power loss loses of the lines not
 * yet flushed: those items reached Honcho but the ledger does not say so; {@code placed} lines are
 * flushed and stay) and its checkpoint removed, and a new worker drains the rest. It prints the
 * requests of the recovery that were not the first send of an item never sent (look-ups, and the
 * workspace, peer and session get-or-creates a new run makes), per item in flight; the goal is at most
 * 1 + (Honcho sessions of its Boxmaker session) = 2. Not a test (surefire runs *Test and *Tests only):
 * {@code ./mvnw -B -o -pl memoryd -am test -Dtest=RecoveryBench -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@QuarkusTest
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class RecoveryBench {
    static final int SESSIONS = 10;
    static final int TURNS = 1_000;

    @TempDir
    Path dir;

    @Test
    void recovery() throws Exception {
        int stopAt = Integer.getInteger("bench.stopAt", 500);
        int lost = Integer.getInteger("bench.lost", 20);
        try (WorkerRig rig = new WorkerRig(dir)) {
            for (int i = 0; i < TURNS; i++) {
                rig.turn(WorkerRig.TRUSTED, "mm-r-" + (i % SESSIONS), i / SESSIONS, WorkerRig.OWNER, "q " + i, "a " + i);
            }
            rig.fake.slow(FakeRoute.MESSAGES, java.time.Duration.ofMillis(5));
            rig.start();
            WorkerRig.waitFor(() -> rig.ledger.sentCounts().values().stream().mapToLong(Long::longValue).sum()
                    >= stopAt, "the stop point");
            rig.worker.close();
            rig.fake.slow(FakeRoute.MESSAGES, java.time.Duration.ZERO);
            int inFlight = dropLastSent(dir.resolve(HonchoLedger.FILE_NAME), lost);
            Files.deleteIfExists(dir.resolve(HonchoLedger.CHECKPOINT_NAME));
            int stored = rig.fake.messages(WorkerRig.TRUSTED, null).size() / 2;
            rig.fake.clearRequests();
            rig.ledger = HonchoLedger.open(dir, java.time.Clock.systemUTC());
            int recorded = (int) rig.ledger.sentCounts().values().stream().mapToLong(Long::longValue).sum();
            rig.start(WorkerRig.QUICK);
            rig.drained();
            List<dev.boxmaker.memoryd.honcho.fake.FakeHoncho.Recorded> requests = rig.fake.requests();
            long adds = requests.stream().filter(r -> r.path().endsWith("/messages")).count();
            long other = requests.size() - adds;
            long lists = requests.stream().filter(r -> r.path().endsWith("/messages/list")).count();
            int inFlightStored = stored - recorded;
            System.out.printf("recovery: %d turns in %d sessions, stopped at %d sent lines, %d lines lost, %d items"
                    + " in flight (in Honcho, not recorded), %d requests in the recovery: %d adds, %d others (%d look-ups);"
                    + " others per item in flight %.2f (goal <= 2); messages in Honcho after: %d (expected %d)%n",
                    TURNS, SESSIONS, stopAt, inFlight, inFlightStored, requests.size(), adds, other, lists,
                    inFlightStored == 0 ? 0.0 : (double) other / inFlightStored,
                    rig.fake.messages(WorkerRig.TRUSTED, null).size(), 2 * TURNS);
        }
    }

    /** Takes the last {@code count} {@code sent} lines out of the ledger; how many it took. */
    private static int dropLastSent(Path ledger, int count) throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(ledger, StandardCharsets.UTF_8));
        int dropped = 0;
        for (int i = lines.size() - 1; i >= 0 && dropped < count; i--) {
            if (lines.get(i).startsWith("{\"event\":\"sent\"")) {
                lines.remove(i);
                dropped++;
            }
        }
        Files.writeString(ledger, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return dropped;
    }
}
