package dev.boxmaker.brokerd;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code brokerd serve [--config FILE]}: usage and configuration are checked before Quarkus starts. */
class MainTest {
    @TempDir
    Path dir;
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @AfterEach
    void clear() {
        System.clearProperty("boxmaker.config.file");
    }

    private int prepare(String... args) {
        return Main.prepare(args, new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void aWrongCommandLineIsUsage() {
        assertThat(prepare()).isEqualTo(2);
        assertThat(prepare("run")).isEqualTo(2);
        assertThat(prepare("serve", "--config")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("usage: brokerd serve [--config FILE]\n");
    }

    @Test
    void anUnknownRuntimeOrKeyStopsStartUp() throws Exception {
        Path file = dir.resolve("brokerd.toml");
        Files.writeString(file, "[paths]\nhome = \"" + dir + "\"\n[runtime]\nkind = \"podman\"\n");
        assertThat(prepare("serve", "--config", file.toString())).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo(
                "brokerd could not start: [runtime] kind is \"podman\"; it must be \"refusing\" or \"exec\""
                        + " (runbook brokerd-start-failed)\n");

        err.reset();
        Files.writeString(file, "[paths]\nhome = \"" + dir + "\"\n[approvals]\ntimout = \"1m\"\n");
        assertThat(prepare("serve", "--config", file.toString())).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("brokerd could not start: ").contains("timout");
    }

    @Test
    void anAuditLineThatIsNotUtf8StopsStartUpNamingTheLineAndTheRunbook() throws Exception {
        Path home = dir.resolve("home");
        Files.createDirectories(home.resolve("audit"));
        Files.write(home.resolve("audit/2026-11.jsonl"), new byte[] {'{', '"', (byte) 0xFF, '"', '}', '\n'});
        Path file = dir.resolve("brokerd.toml");
        Files.writeString(file, "[paths]\nhome = \"" + home + "\"\n");

        assertThat(prepare("serve", "--config", file.toString())).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("brokerd could not start: audit/2026-11.jsonl line 1 is not"
                + " an audit record; brokerd will not guess the sessions' taint (runbook brokerd-audit-damaged)\n");
    }

    @Test
    void aGoodFileStarts() throws Exception {
        Path file = dir.resolve("brokerd.toml");
        Files.writeString(file, "[paths]\nhome = \"" + dir + "\"\n[runtime]\nkind = \"exec\"\n"
                + "[runtime.exec.http_fetch]\ncommand = [\"/usr/local/bin/fetch\", \"--quiet\"]\ntimeout = \"20s\"\n"
                + "[approvals]\ntimeout = \"5m\"\n[memory]\nsocket = \"{home}/m.sock\"\n");
        assertThat(prepare("serve", "--config", file.toString())).isZero();
    }

    /** Another user could rewrite the audit log, and with it the sessions' taint, through a loose mode. */
    @Test
    void looseAuditAndRunDirectoriesAreMadePrivateAndAnotherUsersAuditFileStopsStartUp() throws Exception {
        Path home = dir.resolve("home");
        Path audit = Files.createDirectories(home.resolve("audit"));
        Path month = Files.writeString(audit.resolve("2026-11.jsonl"), "");
        Path run = Files.createDirectories(home.resolve("run/loop-broker"));
        for (Path p : new Path[] {audit, home.resolve("run"), run}) {
            Files.setPosixFilePermissions(p, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        }
        Files.setPosixFilePermissions(month, java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-rw-"));
        Path file = dir.resolve("brokerd.toml");
        Files.writeString(file, "[paths]\nhome = \"" + home + "\"\n");
        assertThat(prepare("serve", "--config", file.toString())).isZero();
        for (Path p : new Path[] {audit, home.resolve("run"), run}) {
            assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(p)))
                    .as(p.toString()).isEqualTo("rwx------");
        }
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(month)))
                .isEqualTo("rw-------");
        Assumptions.assumeTrue(System.getProperty("user.name").equals("root"),
                "another user's audit file is tried as root only: only root can give a file away");
        Files.setAttribute(month, "unix:uid", 65534);
        err.reset();
        assertThat(prepare("serve", "--config", file.toString())).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("brokerd could not start: " + month
                + " belongs to the user " + Files.getOwner(month).getName() + ", not to this daemon's user (uid 0), so"
                + " another user could change it; give it to this user (chown) or remove it (runbook brokerd-start-failed)\n");
    }
}
