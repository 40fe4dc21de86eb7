package dev.boxmaker.loopd;

import dev.boxmaker.loopd.sentences.Sentences;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line, checked before Quarkus starts. */
class MainTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @AfterEach
    void clear() {
        System.clearProperty("boxmaker.config.file");
        System.clearProperty("boxmaker.config.dir");
    }

    @Test
    void noCommandIsUsage() {
        assertThat(Main.prepare(new String[0], new PrintStream(err))).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo(Sentences.USAGE + "\n");
    }

    @Test
    void anUnknownFlagIsUsage() {
        assertThat(Main.prepare(new String[] {"serve", "--nope"}, new PrintStream(err))).isEqualTo(2);
    }

    @Test
    void aTypoInTheFileStopsStartUpNamingTheKey(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("loopd.toml");
        Files.writeString(file, "[model]\ncontext_token = 5\n");
        assertThat(Main.prepare(new String[] {"serve", "--config", file.toString()}, new PrintStream(err))).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("loopd could not start: ").contains("context_token");
    }

    @Test
    void theSelfTestPassesInProcess() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(SelfTest.run(new PrintStream(out))).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).endsWith("self-test passed\n");
    }

    /** Another user could rewrite a session's log or baseline through a loose mode. */
    @Test
    void looseSessionDirectoriesAndFilesAreMadePrivateAtStart(@TempDir Path dir) throws Exception {
        Path home = dir.resolve("home");
        Path session = Files.createDirectories(home.resolve("sessions/chat-1"));
        Path log = Files.writeString(session.resolve("0.jsonl"), "");
        Path run = Files.createDirectories(home.resolve("run"));
        for (Path p : new Path[] {home.resolve("sessions"), session, run}) {
            Files.setPosixFilePermissions(p, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        }
        Files.setPosixFilePermissions(log, java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-rw-"));
        Path file = dir.resolve("loopd.toml");
        Files.writeString(file, "[paths]\nhome = \"" + home + "\"\n");
        assertThat(Main.prepare(new String[] {"serve", "--config", file.toString()}, new PrintStream(err))).isZero();
        for (Path p : new Path[] {home.resolve("sessions"), session, run}) {
            assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(p)))
                    .as(p.toString()).isEqualTo("rwx------");
        }
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(log)))
                .isEqualTo("rw-------");
    }
}
