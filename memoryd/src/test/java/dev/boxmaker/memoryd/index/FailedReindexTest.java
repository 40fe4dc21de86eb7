package dev.boxmaker.memoryd.index;

import static dev.boxmaker.memoryd.index.Logs.append;
import static dev.boxmaker.memoryd.index.Logs.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reindex that fails leaves the old index answering, and nothing of its own on the disk: a full
 * disk is the likeliest reason it failed, and a half-built file left there would keep it full for
 * the memory writes that must go on.
 */
class FailedReindexTest {
    static final String A = "mm-aaaaaaaaaaaa";

    @TempDir
    Path home;

    @Test
    void aFailedReindexLeavesTheOldIndexAnsweringAndNoHalfBuiltFile() throws Exception {
        append(home, A, user("the launch window moved to Thursday", null));
        Path index = home.resolve("index");
        try (MemoryIndex memory = TestIndexes.open(home)) {
            assertThat(Rows.texts(memory)).containsExactly("the launch window moved to Thursday");
            append(home, A, user("a second record", null));
            // The build fails once its new file is made: its side file cannot be made where a
            // directory with something in it stands (as a full disk fails it, later or sooner).
            Path blocker = Files.createDirectories(index.resolve("memory.sqlite3.new.side"));
            Files.writeString(blocker.resolve("in the way"), "x");
            assertThatThrownBy(memory::reindex).isInstanceOf(IOException.class);

            assertThat(Files.exists(index.resolve("memory.sqlite3.new"))).as("the half-built file").isFalse();
            assertThat(memory.damaged()).isFalse();
            memory.sessionUpdated(dev.boxmaker.proto.SessionId.of(A)).get();
            assertThat(Rows.texts(memory)).containsExactly("the launch window moved to Thursday", "a second record");

            Files.delete(blocker.resolve("in the way"));
            Files.delete(blocker);
            assertThat(memory.reindex().records()).isEqualTo(2);
            assertThat(Files.exists(index.resolve("memory.sqlite3.new"))).isFalse();
        }
    }
}
