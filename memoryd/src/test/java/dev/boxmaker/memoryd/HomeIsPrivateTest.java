package dev.boxmaker.memoryd;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35, item 9: memoryd's home directory itself, not only its subfolders, is made private (0700) at
 * start, and a home another user owns stops the start.
 */
class HomeIsPrivateTest {
    @TempDir
    Path dir;
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @AfterEach
    void clear() {
        System.clearProperty("boxmaker.config.file");
        System.clearProperty("boxmaker.config.dir");
    }

    private int prepare(Path home) throws Exception {
        Path file = dir.resolve("memoryd.toml");
        Files.writeString(file, "[paths]\nhome = \"" + home + "\"\n");
        return Main.prepare(new String[] {"serve", "--config", file.toString()}, new PrintStream(err, true, StandardCharsets.UTF_8), new AtomicReference<>());
    }

    private static String mode(Path path) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    @Test
    void aLooseHomeIsMadePrivateAndAMissingOneIsMadePrivate() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxrwxr-x"));
        assertThat(prepare(home)).isZero();
        assertThat(mode(home)).isEqualTo("rwx------");

        Path fresh = dir.resolve("fresh/home");
        clear();
        assertThat(prepare(fresh)).isZero();
        assertThat(mode(fresh)).isEqualTo("rwx------");
    }

    @Test
    void aHomeOfAnotherUserStopsTheStart() throws Exception {
        Assumptions.assumeTrue(System.getProperty("user.name").equals("root"), "only root can give a directory away");
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx------"));
        Files.setAttribute(home, "unix:uid", 65534);
        assertThat(prepare(home)).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("memoryd could not start: " + home.toRealPath()
                + " belongs to the user " + Files.getOwner(home).getName() + ", not to this daemon's user (uid 0), so"
                + " another user could change it; give it to this user (chown) or remove it (runbook memoryd-start-failed)\n");
        assertThat(dir.resolve("home").toFile().list()).as("nothing made in another user's home").isEmpty();
    }
}
