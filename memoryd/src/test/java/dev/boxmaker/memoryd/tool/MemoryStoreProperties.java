package dev.boxmaker.memoryd.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.files.Entries;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.proto.DataClass;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random sequences of calls from clean and untrusted sessions, undos, accepts, rejects and
 * restarts. After each step: the files parse as written, limits hold, entries are unique, notes.md
 * only grew, and replaying the journal from empty files gives exactly memory.md and user.md.
 * jqwik reports the seed of a failing run, so it replays.
 */
class MemoryStoreProperties {
    /** One step; {@code pick} chooses an existing entry or id, {@code choices} drive consolidate. */
    record Step(int kind, boolean user, int pick, String text, boolean untrusted, List<Integer> choices) {
    }

    @Provide
    Arbitrary<List<Step>> steps() {
        Arbitrary<String> small = Arbitraries.of("a", "b", "c", "😀", " d ", "e\nf").list().ofMinSize(1).ofMaxSize(4)
                .map(l -> String.join("", l));
        Arbitrary<String> big = Arbitraries.integers().between(300, 1_100).map(n -> "z".repeat(n));
        Arbitrary<String> text = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(8, small), net.jqwik.api.Tuple.of(2, big), net.jqwik.api.Tuple.of(1, Arbitraries.just("FORBIDDEN")));
        Arbitrary<Step> step = Combinators.combine(Arbitraries.integers().between(0, 8), Arbitraries.of(true, false),
                Arbitraries.integers().between(0, 20), text, Arbitraries.of(true, false, false),
                Arbitraries.integers().between(0, 4).list().ofMaxSize(12)).as(Step::new);
        return step.list().ofMinSize(1).ofMaxSize(40);
    }

    @Property(tries = 60)
    void everyStepKeepsTheFilesValidAndTheJournalReplayable(@ForAll("steps") List<Step> steps,
            @ForAll boolean review) throws Exception {
        Path dir = Files.createTempDirectory("memoryd-prop");
        try {
            var clock = new Fixture.TestClock(Fixture.START);
            MemoryStore store = new MemoryStore(dir, Fixture.CHECK, clock, review);
            String notes = "";
            for (Step s : steps) {
                clock.advanceSeconds(97);
                if (s.kind() == 8) {
                    store = new MemoryStore(dir, Fixture.CHECK, clock, review);
                } else {
                    run(store, s);
                }
                notes = checkAfterStep(store, dir, notes);
            }
        } finally {
            delete(dir);
        }
    }

    private static void run(MemoryStore store, Step s) throws IOException {
        IdentityFile file = s.user() ? IdentityFile.USER : IdentityFile.MEMORY;
        Caller caller = new Caller(s.untrusted() ? Fixture.TAINTED : Fixture.CLEAN, "call_" + s.pick(),
                DataClass.PRIVATE, s.untrusted());
        List<String> now = store.files().read(file);
        String old = now.isEmpty() ? s.text() : now.get(s.pick() % now.size());
        switch (s.kind()) {
            case 0 -> store.add(caller, file, s.text());
            case 1 -> store.replace(caller, file, old, s.text());
            case 2 -> store.remove(caller, file, old);
            case 3 -> store.note(caller, s.text());
            case 4 -> store.consolidate(caller, file, consolidateItems(now, s));
            case 5 -> store.undo(pickId(store, s.pick()));
            case 6 -> store.accept(pickPending(store, s.pick()));
            case 7 -> store.reject(pickPending(store, s.pick()));
            default -> throw new IllegalStateException();
        }
    }

    private static List<Request.Item> consolidateItems(List<String> now, Step s) {
        List<Request.Item> items = new ArrayList<>();
        for (int i = 0; i < now.size(); i++) {
            int c = i < s.choices().size() ? s.choices().get(i) : 0;
            items.add(switch (c) {
                case 0 -> Request.Item.keep(now.get(i));
                case 1 -> Request.Item.rewrite(now.get(i), now.get(i) + s.text());
                case 2 -> Request.Item.move(now.get(i));
                case 3 -> Request.Item.drop(now.get(i));
                default -> Request.Item.keep(now.get(i));
            });
        }
        if (s.pick() % 3 == 0) {
            items.add(Request.Item.added(s.text()));
        }
        return items;
    }

    private static String pickId(MemoryStore store, int pick) throws IOException {
        List<Edit> edits = store.journal().readAll();
        return edits.isEmpty() ? "2026-09-24-0001" : edits.get(edits.size() - 1 - pick % edits.size()).id();
    }

    private static String pickPending(MemoryStore store, int pick) throws IOException {
        String listing = store.pending();
        List<String> ids = listing.lines().filter(l -> l.matches("\\d{4}-\\d{2}-\\d{2}-\\d{4} .*"))
                .map(l -> l.substring(0, 15)).toList();
        return ids.isEmpty() ? "2026-09-24-0001" : ids.get(pick % ids.size());
    }

    /** The invariants after every step; returns notes.md's bytes now. */
    private static String checkAfterStep(MemoryStore store, Path dir, String notesBefore) throws IOException {
        Map<IdentityFile, List<String>> replayed = new EnumMap<>(IdentityFile.class);
        for (IdentityFile f : IdentityFile.values()) {
            String text = Files.readString(dir.resolve(f.fileName()));
            List<String> entries = Entries.parse(text);
            assertThat(Entries.render(entries)).as("%s is canonical", f).isEqualTo(text);
            assertThat(Entries.chars(entries)).isLessThanOrEqualTo(f.charsMax());
            assertThat(entries).doesNotHaveDuplicates().allMatch(e -> !e.isEmpty());
            replayed.put(f, new ArrayList<>());
        }
        for (Edit e : store.journal().readAll()) {
            var target = IdentityFile.ofFileName(e.to() == null ? "" : e.to());
            if (target.isPresent()) {
                assertThat(e.before()).as("edit %s starts from the replayed file", e.id()).isEqualTo(replayed.get(target.get()));
                replayed.put(target.get(), new ArrayList<>(e.after()));
            }
        }
        for (IdentityFile f : IdentityFile.values()) {
            assertThat(store.files().read(f)).as("replaying the journal gives %s", f).isEqualTo(replayed.get(f));
        }
        String notes = Files.readString(dir.resolve("notes.md"));
        assertThat(notes).startsWith(notesBefore);
        assertThat(Entries.parse("")).isEmpty();
        assertThat(store.files().notes().read()).allMatch(n -> !n.body().isEmpty());
        return notes;
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
