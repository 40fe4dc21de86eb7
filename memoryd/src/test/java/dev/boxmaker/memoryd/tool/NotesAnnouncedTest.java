package dev.boxmaker.memoryd.tool;

import static dev.boxmaker.memoryd.tool.Fixture.clean;
import static dev.boxmaker.memoryd.tool.Fixture.tainted;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.tool.Request.Item;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store tells its {@link NotesChanged} listener once after every operation that changed notes.md,
 * and never after one that left it alone: a note, an untrusted add saved as a note, the undo of a
 * note (its retraction), a consolidate that moves or drops entries, the owner's accept of a pending
 * write that moves entries, and a failed write that may have appended and cut back.
 */
class NotesAnnouncedTest {
    @TempDir
    Path dir;

    private final AtomicInteger told = new AtomicInteger();

    private MemoryStore store(boolean review) throws Exception {
        MemoryStore store = new MemoryStore(dir, Fixture.CHECK, new Fixture.TestClock(Fixture.START), review);
        store.onNotesChanged(told::incrementAndGet);
        return store;
    }

    /** What the listener was told since the last look. */
    private int told() {
        return told.getAndSet(0);
    }

    @Test
    void aNoteAndAnUntrustedAddAreAnnouncedAnIdentityEditIsNot() throws Exception {
        MemoryStore store = store(false);
        store.note(clean(), "seen on a page");
        assertThat(told()).isEqualTo(1);
        store.add(tainted(), IdentityFile.MEMORY, "from a web page");
        assertThat(told()).isEqualTo(1);
        store.add(clean(), IdentityFile.MEMORY, "Owner prefers UTC.");
        store.replace(clean(), IdentityFile.MEMORY, "UTC", "Owner prefers UTC, always.");
        assertThat(told()).isZero();
        store.log(20);
        store.pending();
        assertThat(told()).isZero();
    }

    @Test
    void theUndoOfANoteIsAnnouncedTheUndoOfAnIdentityEditIsNot() throws Exception {
        MemoryStore store = store(false);
        store.note(clean(), "to be retracted");
        String note = store.journal().last(1).get(0).id();
        store.add(clean(), IdentityFile.USER, "Owner likes tea.");
        String add = store.journal().last(1).get(0).id();
        told();
        assertThat(store.undo(add).ok()).isTrue();
        assertThat(told()).isZero();
        assertThat(store.undo(note).ok()).isTrue();
        assertThat(told()).isEqualTo(1);
        // A refused undo writes nothing.
        assertThat(store.undo(note).ok()).isFalse();
        assertThat(told()).isZero();
    }

    @Test
    void aConsolidateThatMovesEntriesIsAnnouncedOneThatKeepsThemIsNot() throws Exception {
        MemoryStore store = store(false);
        store.add(clean(), IdentityFile.MEMORY, "m1");
        store.add(clean(), IdentityFile.MEMORY, "k2");
        told();
        store.consolidate(clean(), IdentityFile.MEMORY, List.of(Item.keep("m1"), Item.keep("k2"), Item.added("n3")));
        assertThat(told()).isZero();
        store.consolidate(clean(), IdentityFile.MEMORY, List.of(Item.move("m1"), Item.keep("k2"), Item.drop("n3")));
        assertThat(told()).isEqualTo(1);
    }

    @Test
    void theOwnersAcceptOfAPendingWriteThatMovesEntriesIsAnnouncedARejectIsNot() throws Exception {
        MemoryStore store = store(true);
        store.note(clean(), "notes are never staged");
        assertThat(told()).isEqualTo(1);
        String add = staged(store.add(clean(), IdentityFile.MEMORY, "m1"));
        assertThat(told()).isZero();
        assertThat(store.accept(add).ok()).isTrue();
        assertThat(told()).isZero();
        String consolidate = staged(store.consolidate(clean(), IdentityFile.MEMORY, List.of(Item.move("m1"))));
        String rejected = staged(store.add(clean(), IdentityFile.MEMORY, "never accepted"));
        assertThat(told()).isZero();
        assertThat(store.reject(rejected).ok()).isTrue();
        assertThat(told()).isZero();
        assertThat(store.accept(consolidate).ok()).isTrue();
        assertThat(told()).isEqualTo(1);
    }

    @Test
    void aFailedNoteIsAnnouncedForItMayHaveAppendedAndCutBack() throws Exception {
        FailingDisk disk = new FailingDisk();
        MemoryStore store = new MemoryStore(dir, Fixture.CHECK, new Fixture.TestClock(Fixture.START), false, disk);
        store.onNotesChanged(told::incrementAndGet);
        // The journal line, then notes.md: its append fails.
        disk.failNth(2, false);
        assertThatThrownBy(() -> store.note(clean(), "lost")).isInstanceOf(StoreFailure.class);
        assertThat(told()).isEqualTo(1);
    }

    /** The id a write waiting for review was staged as, from its answer. */
    private static String staged(Answer answer) {
        Matcher m = Pattern.compile("waiting for the owner's review as ([0-9-]+);").matcher(answer.text());
        assertThat(m.find()).as(answer.text()).isTrue();
        return m.group(1);
    }
}
