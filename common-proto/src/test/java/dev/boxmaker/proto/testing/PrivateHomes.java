package dev.boxmaker.proto.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35, item 9, for each daemon: its home directory itself, not only its subfolders, is made private
 * (0700) at start, and a home another user owns stops the start. A daemon's {@code HomeIsPrivateTest}
 * implements this with its name and its checks before Quarkus.
 */
public interface PrivateHomes {
    /** The daemon's name, as its config file and its refusal name it. */
    String daemon();

    /** The daemon's checks before Quarkus: the command line, and where it prints a refusal; its exit code. */
    int prepare(String[] args, PrintStream err);

    @AfterEach
    default void clearConfigProperties() {
        System.clearProperty("boxmaker.config.file");
        System.clearProperty("boxmaker.config.dir");
    }

    private int prepareOn(Path dir, Path home, ByteArrayOutputStream err) throws Exception {
        clearConfigProperties();
        Path file = dir.resolve(daemon() + ".toml");
        Files.writeString(file, "[paths]\nhome = \"" + home + "\"\n");
        return prepare(new String[] {"serve", "--config", file.toString()},
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static String mode(Path path) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    /** A 0775 home becomes 0700, and a missing one is made 0700. */
    @Test
    default void aLooseHomeAndAMissingOneAreMadePrivate(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxrwxr-x"));
        assertThat(prepareOn(dir, home, err)).isZero();
        assertThat(mode(home)).isEqualTo("rwx------");

        Path fresh = dir.resolve("fresh/home");
        assertThat(prepareOn(dir, fresh, err)).isZero();
        assertThat(mode(fresh)).isEqualTo("rwx------");
    }

    /** As root, a home given to another user stops the start with one line naming it; nothing is made in it. */
    @Test
    default void aHomeOfAnotherUserStopsTheStart(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(System.getProperty("user.name").equals("root"), "only root can give a directory away");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx------"));
        Files.setAttribute(home, "unix:uid", 65534);
        assertThat(prepareOn(dir, home, err)).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo(daemon() + " could not start: " + home.toRealPath()
                + " belongs to the user " + Files.getOwner(home).getName() + ", not to this daemon's user (uid 0), so"
                + " another user could change it; give it to this user (chown) or remove it (runbook " + daemon()
                + "-start-failed)\n");
        assertThat(home.toFile().list()).as("nothing made in another user's home").isEmpty();
    }
}
