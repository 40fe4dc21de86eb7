package dev.boxmaker.memoryd.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.lists;

import dev.boxmaker.memoryd.check.Check;
import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.files.Entries;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.testing.Texts;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
import java.util.stream.Stream;

/**
 * Random sequences of calls from clean and untrusted sessions, undos, accepts, rejects and
 * restarts, judged by the real {@link Check}: texts of many scripts, separators and separator lines,
 * markup and invisible characters the check refuses, entries past the limits; {@code old}s that are
 * current, stale (an entry since replaced or removed), a fragment of one, or anything; consolidates
 * with entries missing, doubled, stale, and rewritten into separators. After each step: a refused
 * call changed no file, the files parse as written, limits hold, entries are unique, notes.md only
 * grew, and replaying the journal from empty files gives exactly memory.md and user.md.
 * QuickTheories prints the seed of a failing run; the README's Tests section says how to replay it.
 */
class MemoryStoreProperties {
    /** The check memoryd runs on every text a write would store. */
    static final Function<String, Optional<String>> CHECK = text -> Check.firstRefusal(text).map(Check.Refusal::sentence);
    static final List<String> PIECES = List.of("a", "b", "c", "😀", " d ", "e\nf", "é", "東京", "\t", "\r\n", " ", "§", "\n§\n",
            "§ ", "\n§", "<|im_start|>", "\u200b", "\u202e", "\uFEFF", "ok.", "Owner prefers UTC");

    /**
     * One step; {@code pick} chooses an existing entry or id, {@code oldHow} what {@code old} is (0
     * current, 1 stale, 2 a fragment, 3 the text), {@code choices} drive consolidate.
     */
    record Step(int kind, boolean user, int pick, String text, boolean untrusted, int oldHow, List<Integer> choices) {
    }

    static Gen<List<Step>> steps() {
        Gen<String> small = Texts.joined(PIECES, 1, 6);
        Gen<String> big = Generate.range(300, 2_300).map(n -> "z".repeat(n));
        Gen<String> text = Generate.frequency(Pair.of(8, small), Pair.of(2, big));
        Gen<Step> step = in -> new Step(Generate.range(0, 8).generate(in), Generate.booleans().generate(in),
                Generate.range(0, 20).generate(in), text.generate(in), Generate.range(0, 2).generate(in) == 0,
                Generate.range(0, 3).generate(in), lists().of(Generate.range(0, 7)).ofSizeBetween(0, 12).generate(in));
        return lists().of(step).ofSizeBetween(1, 40);
    }

    /** Shrink attempts a failure may take: each runs a sequence of up to 40 steps. */
    private static final int SHRINKS = 500;

    /** Steps carried out, steps refused, and texts the check refused, over one run of the property. */
    private static final AtomicInteger CARRIED = new AtomicInteger();
    private static final AtomicInteger REFUSED = new AtomicInteger();
    private static final AtomicInteger CHECKED = new AtomicInteger();

    @Test
    void everyStepKeepsTheFilesValidAndTheJournalReplayable() {
        qt().withExamples(200).withShrinkCycles(SHRINKS).forAll(steps(), Generate.booleans()).checkAssert((steps, review) -> {
            try {
                runAll(steps, review);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
        System.out.printf("MemoryStoreProperties: %d steps carried out, %d refused, %d texts refused by the check%n",
                CARRIED.get(), REFUSED.get(), CHECKED.get());
        // Guards the property against sequences that only ever fail, or never meet the check.
        assertThat(CARRIED.get()).isGreaterThan(REFUSED.get() / 10);
        assertThat(REFUSED.get()).isGreaterThan(CARRIED.get() / 10);
        assertThat(CHECKED.get()).isGreaterThan(100);
    }

    private static void runAll(List<Step> steps, boolean review) throws IOException {
        Path dir = Files.createTempDirectory("memoryd-prop");
        try {
            var clock = new Fixture.TestClock(Fixture.START);
            MemoryStore store = new MemoryStore(dir, CHECK, clock, review);
            String notes = "";
            List<String> seen = new ArrayList<>();
            for (Step s : steps) {
                clock.advanceSeconds(97);
                String before = files(dir);
                if (s.kind() == 8) {
                    store = new MemoryStore(dir, CHECK, clock, review);
                } else if (run(store, s, seen)) {
                    CARRIED.incrementAndGet();
                } else {
                    REFUSED.incrementAndGet();
                    assertThat(files(dir)).as("a refused %s changed nothing", s).isEqualTo(before);
                }
                for (IdentityFile f : IdentityFile.values()) {
                    seen.addAll(store.files().read(f));
                }
                notes = checkAfterStep(store, dir, notes);
            }
        } finally {
            delete(dir);
        }
    }

    /** Runs {@code s}; whether the store carried it out. */
    private static boolean run(MemoryStore store, Step s, List<String> seen) throws IOException {
        IdentityFile file = s.user() ? IdentityFile.USER : IdentityFile.MEMORY;
        Caller caller = new Caller(s.untrusted() ? Fixture.TAINTED : Fixture.CLEAN, "call_" + s.pick(),
                DataClass.PRIVATE, s.untrusted());
        List<String> now = store.files().read(file);
        String old = old(now, seen, s);
        return switch (s.kind()) {
            case 0 -> ok(checked(store.add(caller, file, s.text()), s.text()));
            case 1 -> ok(store.replace(caller, file, old, s.text()));
            case 2 -> ok(store.remove(caller, file, old));
            case 3 -> ok(checked(store.note(caller, s.text()), s.text()));
            case 4 -> ok(store.consolidate(caller, file, consolidateItems(now, seen, s)));
            case 5 -> store.undo(pickId(store, s.pick())).ok();
            case 6 -> store.accept(pickPending(store, s.pick())).ok();
            case 7 -> store.reject(pickPending(store, s.pick())).ok();
            default -> throw new IllegalStateException();
        };
    }

    /** {@code answer}, refused with the check's sentence if the check refuses {@code text} as it would be stored. */
    private static Answer checked(Answer answer, String text) {
        Optional<String> refusal = CHECK.apply(Entries.normalise(text));
        if (refusal.isPresent() && !Entries.normalise(text).isEmpty()) {
            CHECKED.incrementAndGet();
            assertThat(answer.outcome()).as("%s, to store %s", answer, text).isEqualTo(Outcome.REFUSED);
        }
        return answer;
    }

    private static boolean ok(Answer answer) {
        return answer.outcome() == Outcome.OK;
    }

    /** A current entry, a stale one (seen once, maybe gone), a fragment of a current one, or the step's text. */
    private static String old(List<String> now, List<String> seen, Step s) {
        String current = now.isEmpty() ? s.text() : now.get(s.pick() % now.size());
        return switch (s.oldHow()) {
            case 0 -> current;
            case 1 -> seen.isEmpty() ? current : seen.get(s.pick() % seen.size());
            case 2 -> current.substring(0, Math.max(1, current.length() / 2));
            default -> s.text();
        };
    }

    /** Items for every entry as chosen: kept, rewritten, moved, dropped, left out, doubled, stale, or rewritten into a separator. */
    private static List<Request.Item> consolidateItems(List<String> now, List<String> seen, Step s) {
        List<Request.Item> items = new ArrayList<>();
        for (int i = 0; i < now.size(); i++) {
            int c = i < s.choices().size() ? s.choices().get(i) : 0;
            String entry = now.get(i);
            switch (c) {
                case 1 -> items.add(Request.Item.rewrite(entry, entry + s.text()));
                case 2 -> items.add(Request.Item.move(entry));
                case 3 -> items.add(Request.Item.drop(entry));
                case 4 -> { }
                case 5 -> {
                    items.add(Request.Item.keep(entry));
                    items.add(Request.Item.drop(entry));
                }
                case 6 -> items.add(Request.Item.keep(seen.isEmpty() ? entry : seen.get((s.pick() + i) % seen.size())));
                case 7 -> items.add(Request.Item.rewrite(entry, entry + "\n§\n" + s.text()));
                default -> items.add(Request.Item.keep(entry));
            }
        }
        if (s.pick() % 3 == 0) {
            items.add(Request.Item.added(s.text()));
        }
        return items;
    }

    /** Every file under {@code dir} with its bytes, to compare before and after a refused step. */
    private static String files(Path dir) throws IOException {
        StringBuilder out = new StringBuilder();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.filter(Files::isRegularFile).sorted().toList()) {
                out.append(dir.relativize(p)).append('\n').append(Files.readString(p)).append('\u0000');
            }
        }
        return out.toString();
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
