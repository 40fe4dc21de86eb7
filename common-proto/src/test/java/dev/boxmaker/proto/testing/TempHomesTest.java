package dev.boxmaker.proto.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A test home is deleted whole, without following a link out of it, and deleting it twice is harmless. */
class TempHomesTest {
    @TempDir
    Path outside;

    @Test
    void aHomeIsDeletedWholeAndWhatALinkPointsAtStays() throws Exception {
        Path kept = Files.writeString(outside.resolve("kept.txt"), "kept");
        Path home = TempHomes.create("bxh");
        assertThat(home.getParent()).isEqualTo(Path.of("/tmp"));
        assertThat(home.getFileName().toString()).startsWith("bxh");
        Files.createDirectories(home.resolve("run/owner-loop"));
        Files.writeString(home.resolve("run/owner-loop/loop.log"), "a line\n");
        Files.createSymbolicLink(home.resolve("run/outside"), outside);
        Files.createSymbolicLink(home.resolve("kept.txt"), kept);

        TempHomes.delete(home);

        assertThat(home).doesNotExist();
        assertThat(kept).hasContent("kept");
        TempHomes.delete(home);
    }
}
