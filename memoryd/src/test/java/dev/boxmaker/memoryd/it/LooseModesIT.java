package dev.boxmaker.memoryd.it;

import static dev.boxmaker.proto.testing.LooseModes.mode;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.testing.LooseModes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * memoryd on a home whose directories and files others could write: it makes what is its user's
 * private before it reads anything, and refuses to start on what another user owns. Started under
 * umask 000, nothing it makes is open to others either, the SQLite library it extracts included.
 */
class LooseModesIT {
    @TempDir
    Path home;

    private Path loose(String relative, boolean dir) throws Exception {
        return LooseModes.loose(home.resolve(relative), dir);
    }

    @Test
    void looseDirectoriesAndFilesAreMadePrivateAtStartAndUnderUmask000NothingMadeIsOpen() throws Exception {
        loose("memory", true);
        loose("memory/notes.md", false);
        loose("index", true);
        loose("run", true);
        try (MemorydProcess memoryd = MemorydProcess.awaitServing(
                MemorydProcess.launchUnderUmask(home, "000", "serve"), home)) {
            assertThat(mode(home.resolve("memory"))).isEqualTo("rwx------");
            assertThat(mode(home.resolve("memory/notes.md"))).isEqualTo("rw-------");
            assertThat(mode(home.resolve("index"))).isEqualTo("rwx------");
            assertThat(mode(home.resolve("run"))).isEqualTo("rwx------");
            assertThat(memoryd.output()).contains("made " + home.resolve("memory/notes.md")
                    + " private: its mode was rw-rw-rw-, now rw-------");
            List<Path> open;
            try (Stream<Path> all = Files.walk(home.resolve("index"))) {
                open = all.filter(p -> {
                    try {
                        String others = mode(p).substring(3);
                        return !Files.isSymbolicLink(p) && (others.contains("w") || others.contains("r"));
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }).toList();
            }
            assertThat(open).as("files under index/ that others can read or write").isEmpty();
            try (Stream<Path> all = Files.walk(home.resolve("index/native"))) {
                assertThat(all.filter(p -> p.getFileName().toString().endsWith(".so")).toList()).singleElement()
                        .satisfies(lib -> assertThat(mode(lib)).isEqualTo("rw-------"));
            }
        }
    }

    @Test
    void aFileOfAnotherUserStopsTheStartNamingIt() throws Exception {
        Assumptions.assumeTrue(System.getProperty("user.name").equals("root"), "only root can give a file away");
        Path memory = Files.createDirectories(home.resolve("memory"));
        Path forged = Files.writeString(memory.resolve("memory.md"), "another user's text\n");
        Files.setAttribute(forged, "unix:uid", 65534);
        String owner = Files.getOwner(forged).getName();
        try (MemorydProcess memoryd = MemorydProcess.launch(home, "serve")) {
            assertThat(memoryd.awaitExit()).isEqualTo(1);
            assertThat(memoryd.output()).isEqualTo("memoryd could not start: " + forged + " belongs to the user " + owner
                    + ", not to this daemon's user (uid 0), so another user could change it; give it to this user "
                    + "(chown) or remove it (runbook memoryd-start-failed)\n");
        }
        assertThat(home.resolve("run")).doesNotExist();
    }
}
