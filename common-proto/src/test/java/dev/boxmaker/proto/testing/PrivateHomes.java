package dev.boxmaker.proto.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Assumptions;

/**
 * Issue 35, item 9, for each daemon: its home directory itself is made private (0700) at start, and a
 * home another user owns stops the start. {@code prepare} is the daemon's checks before Quarkus.
 */
public final class PrivateHomes {
    /** A daemon's checks before Quarkus: the command line, and where it prints a refusal; its exit code. */
    @FunctionalInterface
    public interface Prepare {
        int run(String[] args, PrintStream err);
    }

    private final String daemon;
    private final Path dir;
    private final Prepare prepare;
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    public PrivateHomes(String daemon, Path dir, Prepare prepare) {
        this.daemon = daemon;
        this.dir = dir;
        this.prepare = prepare;
    }

    private int prepare(Path home) throws Exception {
        System.clearProperty("boxmaker.config.file");
        System.clearProperty("boxmaker.config.dir");
        Path file = dir.resolve(daemon + ".toml");
        Files.writeString(file, "[paths]\nhome = \"" + home + "\"\n");
        return prepare.run(new String[] {"serve", "--config", file.toString()},
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static String mode(Path path) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    /** A 0775 home becomes 0700, and a missing one is made 0700. */
    public void aLooseHomeAndAMissingOneAreMadePrivate() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxrwxr-x"));
        assertThat(prepare(home)).isZero();
        assertThat(mode(home)).isEqualTo("rwx------");

        Path fresh = dir.resolve("fresh/home");
        assertThat(prepare(fresh)).isZero();
        assertThat(mode(fresh)).isEqualTo("rwx------");
    }

    /** As root, a home given to another user stops the start with one line naming it; nothing is made in it. */
    public void aHomeOfAnotherUserStopsTheStart() throws Exception {
        Assumptions.assumeTrue(System.getProperty("user.name").equals("root"), "only root can give a directory away");
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx------"));
        Files.setAttribute(home, "unix:uid", 65534);
        assertThat(prepare(home)).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo(daemon + " could not start: " + home.toRealPath()
                + " belongs to the user " + Files.getOwner(home).getName() + ", not to this daemon's user (uid 0), so"
                + " another user could change it; give it to this user (chown) or remove it (runbook " + daemon
                + "-start-failed)\n");
        assertThat(home.toFile().list()).as("nothing made in another user's home").isEmpty();
    }
}
