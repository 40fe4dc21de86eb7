package dev.boxmaker.memoryd.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An invalid {@code [honcho]} or secret stops the packaged memoryd at start with one line. */
class HonchoConfigIT {
    static final String KEY = "hk-it-7d8e9f0a1b2c";

    @TempDir
    Path home;

    String honcho(String url) {
        return "[paths]\nhome = \"" + home + "\"\n[honcho]\nurl = \"" + url + "\"\nagent = \"boxmaker0\"\n"
                + "owner = \"kyle\"\ntrusted = \"t\"\nuntrusted = \"u\"\nfleet = \"fleet\"\n";
    }

    String startFails(String toml) throws Exception {
        Path config = home.resolve("memoryd.toml");
        Files.writeString(config, toml);
        try (MemorydProcess memoryd = MemorydProcess.launch(home, "serve", "--config", config.toString())) {
            assertThat(memoryd.awaitExit()).isEqualTo(1);
            assertThat(home.resolve("memory")).doesNotExist();
            return memoryd.output();
        }
    }

    @Test
    void aSecretFileOthersCanReadStopsStartUpWithOneLineAndNoKey() throws Exception {
        Path key = home.resolve("secrets/t.key");
        Files.createDirectories(key.getParent());
        Files.writeString(key, KEY + "\n");
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-rw----"));
        String output = startFails(honcho("http://127.0.0.1:9") + "[secrets.honcho_trusted]\nfile = \"t.key\"\n");
        assertThat(output).isEqualTo("memoryd could not start: [secrets.honcho_trusted] file " + key
                + " must be mode 0600 or 0400; it is rw-rw---- (runbook honcho-config-invalid)\n");
    }

    @Test
    void aUrlThatIsNotHttpStopsStartUpWithOneLine() throws Exception {
        assertThat(startFails(honcho("file:///etc/passwd"))).isEqualTo("memoryd could not start: [honcho] url is"
                + " \"file:///etc/passwd\", which is not an http:// or https:// address (runbook honcho-config-invalid)\n");
    }

    @Test
    void anUnknownHonchoKeyStopsStartUpWithOneLine() throws Exception {
        assertThat(startFails(honcho("http://127.0.0.1:9") + "key = \"" + KEY + "\"\n")).isEqualTo(
                "memoryd could not start: memoryd.toml has the key \"honcho.key\", which [honcho], [[honcho.read]]"
                        + " and [secrets.NAME] do not know; fix its spelling or remove it"
                        + " (runbook honcho-config-invalid)\n");
    }
}
