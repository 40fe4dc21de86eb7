package dev.boxmaker.proto.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TomlConfigSourceTest {
    @TempDir
    Path dir;

    private Path write(String text) throws IOException {
        Path file = dir.resolve("brokerd.toml");
        Files.writeString(file, text);
        return file;
    }

    private Map<String, String> read(String text) throws IOException {
        return TomlConfigSource.read(write(text)).getProperties();
    }

    @Test
    void tablesBecomeDottedNamesUnderTheBoxmakerPrefix() throws IOException {
        Map<String, String> properties = read("""
                [paths]
                home = "/srv/bx"
                [model]
                context_tokens = 8192
                temperature = 0.5
                stream = false
                """);

        assertThat(properties).containsEntry("boxmaker.paths.home", "/srv/bx")
                .containsEntry("boxmaker.model.context_tokens", "8192")
                .containsEntry("boxmaker.model.temperature", "0.5")
                .containsEntry("boxmaker.model.stream", "false");
    }

    @Test
    void arraysAndArraysOfTablesAreIndexed() throws IOException {
        Map<String, String> properties = read("""
                [runtime.exec.read_file]
                command = ["/usr/bin/cat", "--"]
                timeout = "30s"
                [[honcho.read]]
                workspace = "home"
                peers = ["kyle", "sam"]
                [[honcho.read]]
                workspace = "work"
                [grid]
                cells = [[1, 2], [3]]
                empty = []
                """);

        assertThat(properties).containsEntry("boxmaker.runtime.exec.read_file.command[0]", "/usr/bin/cat")
                .containsEntry("boxmaker.runtime.exec.read_file.command[1]", "--")
                .containsEntry("boxmaker.runtime.exec.read_file.timeout", "30s")
                .containsEntry("boxmaker.honcho.read[0].workspace", "home")
                .containsEntry("boxmaker.honcho.read[0].peers[0]", "kyle")
                .containsEntry("boxmaker.honcho.read[0].peers[1]", "sam")
                .containsEntry("boxmaker.honcho.read[1].workspace", "work")
                .containsEntry("boxmaker.grid.cells[0][0]", "1")
                .containsEntry("boxmaker.grid.cells[0][1]", "2")
                .containsEntry("boxmaker.grid.cells[1][0]", "3")
                .doesNotContainKey("boxmaker.grid.empty");
    }

    @Test
    void keysSmallRyeWouldSplitAreQuoted() throws IOException {
        Map<String, String> properties = read("[secrets.\"honcho.key\"]\nfile = \"k\"\n[secrets.plain_name-2]\nfile = \"p\"\n");

        assertThat(properties).containsEntry("boxmaker.secrets.\"honcho.key\".file", "k")
                .containsEntry("boxmaker.secrets.plain_name-2.file", "p");
    }

    @Test
    void aKeyWithADoubleQuoteIsRefused() throws IOException {
        Path file = write("[secrets.'say\"hi']\nfile = \"k\"\n");

        assertThatThrownBy(() -> TomlConfigSource.read(file)).isInstanceOf(ConfigException.class)
                .hasMessage("the configuration file " + file + " has a key with a double quote in it (say\"hi);"
                        + " no Boxmaker key has one, so rename it");
    }

    @Test
    void theFileAndItsFolderAreExposedAbsolute() throws IOException {
        write("");
        Path relative = Path.of("").toAbsolutePath().relativize(dir.resolve("brokerd.toml"));

        TomlConfigSource source = TomlConfigSource.read(relative);

        assertThat(source.getValue("boxmaker.config.file")).isEqualTo(dir.resolve("brokerd.toml").toString());
        assertThat(source.getValue("boxmaker.config.dir")).isEqualTo(dir.toString());
        assertThat(source.getName()).isEqualTo("TomlConfigSource[source=" + dir.resolve("brokerd.toml") + "]");
        assertThat(source.getOrdinal()).isEqualTo(260);
        assertThat(source.getPropertyNames()).containsExactlyInAnyOrder("boxmaker.config.file", "boxmaker.config.dir");
    }

    @Test
    void aConfigSectionInTheFileIsRefused() throws IOException {
        Path file = write("[config]\nfile = \"/etc/other.toml\"\n");

        assertThatThrownBy(() -> TomlConfigSource.read(file)).isInstanceOf(ConfigException.class)
                .hasMessage("the configuration file " + file + " has a [config] section; that name is reserved"
                        + " for the file's own path, so remove it");
    }

    @Test
    void aMissingFileIsRefusedWithTheSentence() {
        Path file = dir.resolve("absent.toml");

        assertThatThrownBy(() -> TomlConfigSource.read(file)).isInstanceOf(ConfigException.class)
                .hasMessage("cannot read the configuration file " + file + ": no such file");
    }

    @Test
    void aFolderIsRefusedWithTheSentence() {
        assertThatThrownBy(() -> TomlConfigSource.read(dir)).isInstanceOf(ConfigException.class)
                .hasMessage("cannot read the configuration file " + dir + ": it is a folder");
    }

    @Test
    void badTomlNamesTheFileAndTheLine() throws IOException {
        Path file = write("[paths]\nhome = \"/srv\"\n[runtime\nkind = \"exec\"\n");

        assertThatThrownBy(() -> TomlConfigSource.read(file)).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("the configuration file " + file + " is not valid TOML (line 3): ")
                .hasMessageNotContaining("\n");
    }

    @Test
    void bytesThatAreNotUtf8AreNotToml() throws IOException {
        Path file = dir.resolve("latin1.toml");
        Files.write(file, "name = \"caf\u00e9\"\n".getBytes(StandardCharsets.ISO_8859_1));

        assertThatThrownBy(() -> TomlConfigSource.read(file)).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("the configuration file " + file + " is not valid TOML");
    }

    @Test
    void aFileAtTheSizeLimitIsRead() throws IOException {
        Path file = write(comment(TomlConfigSource.FILE_BYTES_MAX));

        assertThat(TomlConfigSource.read(file).getPropertyNames()).hasSize(2);
    }

    @Test
    void aFileOneByteOverTheSizeLimitIsRefused() throws IOException {
        Path file = write(comment(TomlConfigSource.FILE_BYTES_MAX + 1));

        assertThatThrownBy(() -> TomlConfigSource.read(file)).isInstanceOf(ConfigException.class)
                .hasMessage("the configuration file " + file + " is larger than 1048576 bytes; a configuration"
                        + " file is a few kilobytes, so check that --config names the right file");
    }

    /** A valid TOML document of exactly {@code bytes} ASCII bytes: one comment line. */
    private static String comment(int bytes) {
        return "#" + "x".repeat(bytes - 2) + "\n";
    }
}
