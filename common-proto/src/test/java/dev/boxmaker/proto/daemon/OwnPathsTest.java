package dev.boxmaker.proto.daemon;

import static dev.boxmaker.proto.testing.LooseModes.loose;
import static dev.boxmaker.proto.testing.LooseModes.mode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A daemon's own directories and files at start: tightened when this user's, refused when another's. */
class OwnPathsTest {
    @TempDir
    Path home;

    @Test
    void looseDirectoriesAndFilesOfThisUserAreMadePrivateAndOthersLeftAlone() throws Exception {
        Path memory = loose(home.resolve("memory"), true);
        Path notes = loose(memory.resolve("notes.md"), false);
        Path edits = loose(memory.resolve("edits"), true);
        Path month = loose(edits.resolve("2026-09.jsonl"), false);
        Path run = loose(home.resolve("run"), true);
        Path sibling = loose(run.resolve("broker-loop"), true);
        Path outside = loose(home.resolve("outside.txt"), false);
        Files.createSymbolicLink(memory.resolve("link"), outside);
        OwnPaths.secure(List.of(memory, home.resolve("index")), List.of(run));
        assertThat(mode(memory)).isEqualTo("rwx------");
        assertThat(mode(notes)).isEqualTo("rw-------");
        assertThat(mode(edits)).isEqualTo("rwx------");
        assertThat(mode(month)).isEqualTo("rw-------");
        assertThat(mode(run)).isEqualTo("rwx------");
        assertThat(mode(sibling)).as("another daemon's directory in run/").isEqualTo("rwxrwxrwx");
        assertThat(mode(outside)).as("a link's target is never re-moded").isEqualTo("rw-rw-rw-");
    }

    @Test
    void aPathOfAnotherUserStopsTheStartNamingIt() throws Exception {
        int uid = OwnPaths.userId();
        if (uid != 0) {
            System.out.println("OwnPathsTest: skipped the other user's file: only root can give a file away (uid " + uid + ")");
        }
        Assumptions.assumeTrue(uid == 0, "only root can make a file another user's");
        Path memory = Files.createDirectories(home.resolve("memory"));
        Path forged = Files.writeString(memory.resolve("memory.md"), "planted");
        Files.setAttribute(forged, "unix:uid", 65534);
        String owner = Files.getOwner(forged).getName();
        assertThatThrownBy(() -> OwnPaths.secure(List.of(memory), List.of()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(forged + " belongs to the user " + owner + ", not to this daemon's user (uid 0), so another "
                        + "user could change it; give it to this user (chown) or remove it");
    }

    @Test
    void missingPathsAreSkipped() {
        OwnPaths.secure(List.of(home.resolve("memory")), List.of(home.resolve("run")));
        assertThat(home.resolve("memory")).doesNotExist();
    }
}
