package dev.boxmaker.memoryd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.config.MemorydSettings;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.home.MemoryHome;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.index.Rows;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.memoryd.tool.Answer;
import dev.boxmaker.memoryd.tool.Caller;
import dev.boxmaker.memoryd.tool.MemoryStore;
import dev.boxmaker.memoryd.tool.Request.Item;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * As memoryd is assembled, each kind of change the store makes to notes.md reaches the index with
 * no socket in between: a note, the undo of a note, a consolidate's moves, and the owner's accept of
 * a pending write that moves entries. The index reads notes.md only when told (a flush runs a read
 * only if one was asked for), so a change the store did not announce is missing from its rows.
 */
class AssemblyTest {
    private static final Caller CLEAN = new Caller(SessionId.of("mm-y73sxj3popgwumyccptb56p1ah"), "call_1",
            DataClass.PRIVATE, false);

    @TempDir
    Path home;

    /** A store on a new home and its index, wired as memoryd wires them; the index has read the empty home. */
    private record Wired(MemoryStore store, MemoryIndex index) implements AutoCloseable {
        @Override
        public void close() {
            index.close();
        }
    }

    private Wired wired(boolean review) throws Exception {
        MemorydSettings settings = MemorydSettings.load(Optional.empty(), Map.of("BOXMAKER_HOME", home.toString()));
        MemoryHome.prepare(settings);
        MemoryStore store = new MemoryStore(settings.memoryDir(), text -> Optional.empty(), Clock.systemUTC(), review);
        MemorydThreads threads = MemorydThreads.start();
        MemoryIndex index = MemoryIndex.open(MemoryIndex.Config.of(settings), threads);
        new Assembly(settings, store, index, Optional.empty(), threads);
        assertThat(Rows.texts(index)).isEmpty();
        return new Wired(store, index);
    }

    @Test
    void aNoteAndTheUndoOfANoteReachTheIndex() throws Exception {
        try (Wired w = wired(false)) {
            MemoryStore store = w.store();
            MemoryIndex index = w.index();
            store.note(CLEAN, "the release is in March");
            assertThat(Rows.texts(index)).containsExactly("the release is in March");
            assertThat(store.undo(store.journal().last(1).get(0).id()).ok()).isTrue();
            assertThat(Rows.texts(index)).isEmpty();
        }
    }

    @Test
    void aConsolidatesMovesReachTheIndex() throws Exception {
        try (Wired w = wired(false)) {
            MemoryStore store = w.store();
            MemoryIndex index = w.index();
            store.add(CLEAN, IdentityFile.MEMORY, "Owner prefers UTC.");
            store.add(CLEAN, IdentityFile.MEMORY, "Owner likes tea.");
            assertThat(Rows.texts(index)).isEmpty();
            store.consolidate(CLEAN, IdentityFile.MEMORY,
                    List.of(Item.move("Owner prefers UTC."), Item.keep("Owner likes tea.")));
            assertThat(Rows.texts(index)).containsExactly("Owner prefers UTC.");
        }
    }

    @Test
    void theOwnersAcceptOfAPendingWriteThatMovesEntriesReachesTheIndex() throws Exception {
        try (Wired w = wired(true)) {
            MemoryStore store = w.store();
            MemoryIndex index = w.index();
            assertThat(store.accept(staged(store.add(CLEAN, IdentityFile.USER, "Owner likes tea."))).ok()).isTrue();
            String dropped = staged(store.consolidate(CLEAN, IdentityFile.USER, List.of(Item.drop("Owner likes tea."))));
            assertThat(Rows.texts(index)).isEmpty();
            assertThat(store.accept(dropped).ok()).isTrue();
            assertThat(Rows.texts(index)).containsExactly("Owner likes tea.");
        }
    }

    /** The id a write waiting for review was staged as, from its answer. */
    private static String staged(Answer answer) {
        Matcher m = Pattern.compile("waiting for the owner's review as ([0-9-]+);").matcher(answer.text());
        assertThat(m.find()).as(answer.text()).isTrue();
        return m.group(1);
    }
}
