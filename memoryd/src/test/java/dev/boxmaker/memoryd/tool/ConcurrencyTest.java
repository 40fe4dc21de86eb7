package dev.boxmaker.memoryd.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Eight writers, 500 writes each, on one store. Each writer adds its own entry and removes it
 * again, so a lost update shows as a refused remove or a missing entry; the limit would refuse
 * nothing if writes are serialised (at most eight small entries at once).
 */
class ConcurrencyTest {
    static final int WRITERS = 8;
    static final int WRITES_PER_WRITER = 500;

    @TempDir
    Path dir;

    @Test
    void noUpdateIsLostAndTheJournalMatchesTheFile() throws Exception {
        MemoryStore store = new MemoryStore(dir, Fixture.CHECK, Clock.systemUTC());
        AtomicInteger applied = new AtomicInteger();
        List<String> refusals = java.util.Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        List<Future<?>> futures = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            futures.add(pool.submit(() -> {
                Caller caller = new Caller(SessionId.of("mm-writer" + writer), "c", DataClass.PRIVATE, false);
                IdentityFile file = writer % 2 == 0 ? IdentityFile.MEMORY : IdentityFile.USER;
                for (int i = 0; i < WRITES_PER_WRITER; i++) {
                    String entry = "writer " + writer + " entry " + (i / 2);
                    Answer a = i % 2 == 0 ? store.add(caller, file, entry) : store.remove(caller, file, entry);
                    if (a.outcome() == Outcome.OK) {
                        applied.incrementAndGet();
                    } else {
                        refusals.add(a.text());
                    }
                }
                // One entry each stays, so the final files show every writer's last write.
                store.add(caller, file, "writer " + writer + " final");
                return null;
            }));
        }
        for (Future<?> f : futures) {
            f.get(10, TimeUnit.MINUTES);
        }
        pool.shutdown();
        assertThat(refusals).isEmpty();
        assertThat(applied.get()).isEqualTo(WRITERS * WRITES_PER_WRITER);
        assertThat(store.files().read(IdentityFile.MEMORY))
                .containsExactlyInAnyOrder("writer 0 final", "writer 2 final", "writer 4 final", "writer 6 final");
        assertThat(store.files().read(IdentityFile.USER))
                .containsExactlyInAnyOrder("writer 1 final", "writer 3 final", "writer 5 final", "writer 7 final");

        List<Edit> edits = store.journal().readAll();
        assertThat(edits).hasSize(WRITERS * WRITES_PER_WRITER + WRITERS);
        assertThat(new HashSet<>(edits.stream().map(Edit::id).toList())).hasSize(edits.size());
        for (IdentityFile f : IdentityFile.values()) {
            List<String> replayed = List.of();
            for (Edit e : edits) {
                if (f.fileName().equals(e.to())) {
                    assertThat(e.before()).isEqualTo(replayed);
                    replayed = e.after();
                }
            }
            assertThat(store.files().read(f)).isEqualTo(replayed);
        }
        // Every remove kept its entry in notes.md as dropped.
        assertThat(store.files().notes().read()).hasSize(WRITERS * WRITES_PER_WRITER / 2);
    }
}
