package dev.boxmaker.memoryd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.config.MemorydSettings;
import dev.boxmaker.memoryd.index.MemoryIndex;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The index Main opens before Quarkus boots is the one memoryd takes at start, and only for its own files. */
class EarlyIndexTest {
    @TempDir
    Path dir;

    private MemorydSettings settings(String home) {
        return MemorydSettings.load(Optional.empty(), Map.of("BOXMAKER_HOME", dir.resolve(home).toString()));
    }

    @Test
    void theIndexOpenedEarlyIsTakenOnceForItsOwnFiles() throws Exception {
        MemorydSettings a = settings("a");
        EarlyIndex.open(a);
        assertThat(EarlyIndex.waiting()).isTrue();
        // Opened already: its directory is made before open returns, its file by its writer.
        assertThat(dir.resolve("a/index")).isDirectory();
        MemoryIndex.Config config = MemoryIndex.Config.of(a);
        try (EarlyIndex.Taken taken = EarlyIndex.take(config); EarlyIndex.Taken again = EarlyIndex.take(config)) {
            assertThat(EarlyIndex.waiting()).isFalse();
            taken.index().flush().get();
            assertThat(taken.index().file()).isEqualTo(dir.resolve("a/index/memory.sqlite3"));
            assertThat(Files.isRegularFile(taken.index().file())).isTrue();
            // Taken once: a second start would open its own, on threads of its own.
            assertThat(again.index()).isNotSameAs(taken.index());
            assertThat(again.threads()).isNotSameAs(taken.threads());
            assertThat(again.index().file()).isEqualTo(taken.index().file());
        }
    }

    @Test
    void anIndexOpenedEarlyForOtherFilesIsClosedAndTheRightOneOpened() throws Exception {
        EarlyIndex.open(settings("a"));
        try (EarlyIndex.Taken taken = EarlyIndex.take(MemoryIndex.Config.of(settings("b")))) {
            assertThat(EarlyIndex.waiting()).isFalse();
            taken.index().flush().get();
            assertThat(taken.index().file()).isEqualTo(dir.resolve("b/index/memory.sqlite3"));
            assertThat(Files.isRegularFile(taken.index().file())).isTrue();
        }
        // Nothing opened early: memoryd opens its own.
        try (EarlyIndex.Taken own = EarlyIndex.take(MemoryIndex.Config.of(settings("c")))) {
            assertThat(own.index().file()).isEqualTo(dir.resolve("c/index/memory.sqlite3"));
        }
    }
}
