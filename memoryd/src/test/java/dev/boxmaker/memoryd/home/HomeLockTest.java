package dev.boxmaker.memoryd.home;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The home's lock when it cannot be taken at all (a taken one is shown by MemorydProcessIT). */
class HomeLockTest {
    @TempDir
    Path dir;

    @Test
    void aMemoryFolderThatIsAFileGivesTheLocksSentence() throws Exception {
        Path memory = dir.resolve("memory");
        Files.writeString(memory, "not a folder");
        Path lock = memory.resolve(HomeLock.FILE).toAbsolutePath();
        assertThatThrownBy(() -> HomeLock.take(memory)).isInstanceOf(IllegalStateException.class)
                .message().startsWith(lock + " cannot be locked (").endsWith("); memoryd runs only while it holds it");
        assertThatThrownBy(() -> HomeLock.take(memory)).isInstanceOf(IllegalStateException.class);
    }
}
