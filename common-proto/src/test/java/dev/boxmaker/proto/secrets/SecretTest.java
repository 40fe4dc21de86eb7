package dev.boxmaker.proto.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One secret file (sanitize.md, "Secrets"): mode, owner, size, one final newline; never the value shown. */
class SecretTest {
    static final String VALUE = "hk-live-5f0c1d2e3a4b";

    @TempDir
    Path dir;

    Path file(String text, String mode) throws IOException {
        Path file = dir.resolve("key");
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
        return file;
    }

    @Test
    void aFileOf0600Or0400IsReadWithOneFinalNewlineTrimmed() throws Exception {
        assertThat(Secret.read("k", file(VALUE + "\n", "rw-------")).value()).isEqualTo(VALUE);
        assertThat(Secret.read("k", file(VALUE + "\n\n", "r--------")).value()).isEqualTo(VALUE + "\n");
        assertThat(Secret.read("k", file(VALUE, "r--------")).value()).isEqualTo(VALUE);
    }

    @Test
    void itsTextShowsTheNameOnly() throws Exception {
        Secret secret = Secret.read("honcho_trusted", file(VALUE, "rw-------"));
        assertThat(secret.toString()).isEqualTo("secret honcho_trusted");
        assertThat(secret.name()).isEqualTo("honcho_trusted");
    }

    @Test
    void aFileOthersCanReadIsRefusedNamingTheModeAndNotTheValue() throws Exception {
        Path file = file(VALUE, "rw-r--r--");
        assertThatThrownBy(() -> Secret.read("k", file)).isInstanceOfSatisfying(SecretFileException.class, e -> {
            assertThat(e.why()).isEqualTo("must be mode 0600 or 0400; it is rw-r--r--");
            assertThat(e.file()).isEqualTo(file);
            assertThat(e.getMessage()).isEqualTo("the secret file " + file + " must be mode 0600 or 0400; it is rw-r--r--");
        });
    }

    @Test
    void aMissingFileIsRefused() {
        Path file = dir.resolve("none");
        assertThatThrownBy(() -> Secret.read("k", file)).isInstanceOfSatisfying(SecretFileException.class,
                e -> assertThat(e.why()).isEqualTo("does not exist"));
    }

    @Test
    void aFileOfAnotherUserIsRefused() throws Exception {
        Path file = file(VALUE, "rw-------");
        UserPrincipal nobody = file.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
        try {
            Files.setOwner(file, nobody);
        } catch (IOException e) {
            assumeTrue(false, "only root can give a file away");
        }
        assertThatThrownBy(() -> Secret.read("k", file)).isInstanceOfSatisfying(SecretFileException.class,
                e -> assertThat(e.why()).isEqualTo("must be owned by " + System.getProperty("user.name")
                        + "; it is owned by nobody"));
    }

    @Test
    void aFileOverTheLimitIsRefusedAndOneAtItIsRead() throws Exception {
        String atLimit = "a".repeat((int) Secret.SECRET_BYTES_MAX);
        assertThat(Secret.read("k", file(atLimit, "rw-------")).value()).isEqualTo(atLimit);
        Path file = file(atLimit + "a", "rw-------");
        assertThatThrownBy(() -> Secret.read("k", file)).isInstanceOfSatisfying(SecretFileException.class,
                e -> assertThat(e.why()).isEqualTo("is larger than 16384 bytes"));
    }

    @Test
    void aSymbolicLinkIsNotFollowed() throws Exception {
        Path target = file(VALUE, "rw-------");
        Path link = Files.createSymbolicLink(dir.resolve("link"), target);
        assertThatThrownBy(() -> Secret.read("k", link)).isInstanceOf(SecretFileException.class)
                .hasMessageNotContaining(VALUE);
    }

    @Test
    void printableAsciiIsWhatABearerHeaderCanCarry() {
        assertThat(Secret.of("k", VALUE).printableAscii()).isTrue();
        assertThat(Secret.of("k", "a\rb").printableAscii()).isFalse();
        assertThat(Secret.of("k", "a\nb").printableAscii()).isFalse();
        assertThat(Secret.of("k", "é").printableAscii()).isFalse();
    }
}
