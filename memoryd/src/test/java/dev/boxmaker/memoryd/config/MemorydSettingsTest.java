package dev.boxmaker.memoryd.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.proto.DataClass;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** memoryd.toml (the spec, section 11): defaults with no file, the home, resolved paths, refusals. */
class MemorydSettingsTest {
    @TempDir
    Path dir;

    @Test
    void withNoFileAndNoEnvironmentEveryKeyHasItsDefault() {
        MemorydSettings s = MemorydSettings.load(Optional.empty(), Map.of());
        assertThat(s.home()).isEqualTo(Path.of("/var/lib/boxmaker"));
        assertThat(s.memoryDir()).isEqualTo(Path.of("/var/lib/boxmaker/memory"));
        assertThat(s.loopSocket()).isEqualTo(Path.of("/var/lib/boxmaker/run/loop-memory/memory.sock"));
        assertThat(s.brokerSocket()).isEqualTo(Path.of("/var/lib/boxmaker/run/broker-memory/memory.sock"));
        assertThat(s.adminSocket()).isEqualTo(Path.of("/var/lib/boxmaker/run/owner-memory/admin.sock"));
        assertThat(s.brokerStateSocket()).isEqualTo(Path.of("/var/lib/boxmaker/run/memory-broker/state.sock"));
        assertThat(s.honcho()).isEmpty();
        assertThat(s.review()).isFalse();
        assertThat(s.soulStarter()).isEmpty();
        assertThat(s.maxClass()).isEqualTo(DataClass.PRIVATE);
        assertThat(s.owner()).isEqualTo("owner");
    }

    @Test
    void boxmakerHomeIsTheHomeWhenTheFileNamesNone() {
        MemorydSettings s = MemorydSettings.load(Optional.empty(), Map.of("BOXMAKER_HOME", "/srv/bx"));
        assertThat(s.home()).isEqualTo(Path.of("/srv/bx"));
        assertThat(s.adminSocket()).isEqualTo(Path.of("/srv/bx/run/owner-memory/admin.sock"));
    }

    @Test
    void aFileSetsEveryKeyAndRelativePathsAreTheFilesFolders() throws Exception {
        Path file = dir.resolve("memoryd.toml");
        Files.writeString(file, """
                [paths]
                home = "home"

                [memory]
                soul_starter = "starter.md"
                review = true
                owner = "kyle"

                [index]
                max_class = "secret"

                [sockets]
                loop = "{home}/l.sock"
                broker = "/tmp/b.sock"
                admin = "sockets/a.sock"
                """);
        MemorydSettings s = MemorydSettings.load(Optional.of(file), Map.of("BOXMAKER_HOME", "/ignored"));
        assertThat(s.home()).isEqualTo(dir.resolve("home"));
        assertThat(s.soulStarter()).contains(dir.resolve("starter.md"));
        assertThat(s.review()).isTrue();
        assertThat(s.owner()).isEqualTo("kyle");
        assertThat(s.maxClass()).isEqualTo(DataClass.SECRET);
        assertThat(s.loopSocket()).isEqualTo(dir.resolve("home/l.sock"));
        assertThat(s.brokerSocket()).isEqualTo(Path.of("/tmp/b.sock"));
        assertThat(s.adminSocket()).isEqualTo(dir.resolve("sockets/a.sock"));
    }

    @Test
    void anUnknownKeyIsRefusedByName() throws Exception {
        Path file = dir.resolve("memoryd.toml");
        Files.writeString(file, "[memory]\nreveiw = true\n");
        assertThatThrownBy(() -> MemorydSettings.load(Optional.of(file), Map.of()))
                .hasMessageContaining("boxmaker.memory.reveiw");
    }

    @Test
    void anUnknownSectionIsRefusedByName() throws Exception {
        Path file = dir.resolve("memoryd.toml");
        Files.writeString(file, "[memroy]\nreview = true\n");
        assertThatThrownBy(() -> MemorydSettings.load(Optional.of(file), Map.of()))
                .hasMessageContaining("boxmaker.memroy.review");
    }

    @Test
    void aValueOfTheWrongKindIsRefusedByName() throws Exception {
        Path file = dir.resolve("memoryd.toml");
        Files.writeString(file, "[memory]\nreview = \"yes\"\n");
        assertThatThrownBy(() -> MemorydSettings.load(Optional.of(file), Map.of()))
                .hasMessageContaining("boxmaker.memory.review");
    }

    @Test
    void anUnknownClassIsRefusedWithItsSentence() throws Exception {
        Path file = dir.resolve("memoryd.toml");
        Files.writeString(file, "[index]\nmax_class = \"top-secret\"\n");
        assertThatThrownBy(() -> MemorydSettings.load(Optional.of(file), Map.of()))
                .hasMessage("unknown data class \"top-secret\": it must be public, private or secret");
    }

    /** The shipped example loads as it is, and its commented [honcho] block, uncommented, is valid. */
    @Test
    void theExampleLoadsAndItsHonchoBlockUncommentedIsValid() throws Exception {
        Path example = Path.of(System.getProperty("boxmaker.root", "..")).resolve("src/main/resources/memoryd.example.toml");
        String text = Files.readString(example);
        Path file = dir.resolve("memoryd.toml");
        Files.writeString(file, text);
        assertThat(MemorydSettings.load(Optional.of(file), Map.of("BOXMAKER_HOME", dir.toString())).honcho()).isEmpty();
        String block = text.substring(text.indexOf("# [honcho]"), text.indexOf("# [secrets."));
        Files.writeString(file, text + block.replaceAll("(?m)^# ?", ""));
        HonchoSettings honcho = MemorydSettings.load(Optional.of(file), Map.of("BOXMAKER_HOME", dir.toString()))
                .honcho().orElseThrow();
        assertThat(honcho.toString()).isEqualTo("HonchoSettings[url=http://honcho.example:8000, agent=boxmaker0,"
                + " trusted=boxmaker0-trusted, untrusted=boxmaker0-untrusted, fleet=fleet, reads=0, keys=[]]");
        assertThat(honcho.owner()).isEqualTo("kyle");
    }
}
