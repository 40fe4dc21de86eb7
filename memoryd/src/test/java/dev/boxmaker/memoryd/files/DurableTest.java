package dev.boxmaker.memoryd.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DurableTest {
    @Test
    void theMemoryDirectoryIsCreated0700WithEmptyFiles0600(@TempDir Path home) throws Exception {
        Path dir = home.resolve("memory");
        new MemoryDir(dir);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("edits")))).isEqualTo("rwx------");
        for (String f : List.of("memory.md", "user.md", "notes.md")) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(f)))).isEqualTo("rw-------");
            assertThat(Files.readString(dir.resolve(f))).isEmpty();
        }
    }

    @Test
    void startingNeverOverwritesWhatIsThere(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("memory.md"), "owner's entry\n");
        new MemoryDir(dir);
        assertThat(Files.readString(dir.resolve("memory.md"))).isEqualTo("owner's entry\n");
    }

    @Test
    void replaceLeavesTheNewTextAModeOf0600AndNoTemporaryFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("memory.md");
        Files.writeString(file, "old\n");
        Durable.replace(file, "new 😀\n");
        assertThat(Files.readString(file)).isEqualTo("new 😀\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("memory.md");
        }
    }

    @Test
    void appendsAddToTheEnd(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("x.jsonl");
        Durable.append(file, "a\n");
        Durable.append(file, "b\n");
        assertThat(Files.readString(file)).isEqualTo("a\nb\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    }

    @Test
    void writeChecksTheInvariantsAndThatTheTextReadsBackBeforeWriting(@TempDir Path dir) throws Exception {
        MemoryDir memory = new MemoryDir(dir);
        memory.write(IdentityFile.USER, List.of("a", "b"));
        assertThat(Files.readString(dir.resolve("user.md"))).isEqualTo("a\n§\nb\n");
        assertThat(memory.read(IdentityFile.USER)).containsExactly("a", "b");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> memory.write(IdentityFile.USER, List.of("a", "a")))
                .isInstanceOf(IllegalStateException.class).hasMessage("invariant broken: user.md holds an entry twice");
        // An entry holding a separator line would come back as two: refused, the file untouched.
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> memory.write(IdentityFile.USER, List.of("c\n§\nd")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("invariant broken: user.md does not read back as written");
        assertThat(Files.readString(dir.resolve("user.md"))).isEqualTo("a\n§\nb\n");
    }
}
