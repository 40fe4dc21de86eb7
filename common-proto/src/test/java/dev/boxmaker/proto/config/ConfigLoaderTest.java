package dev.boxmaker.proto.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.proto.config.SampleConfig.DataClass;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {
    @TempDir
    Path dir;

    private Path write(String text) throws IOException {
        Path file = dir.resolve("memoryd.toml");
        Files.writeString(file, text);
        return file;
    }

    private SampleConfig load(String text) throws IOException {
        return ConfigLoader.load(SampleConfig.class, Optional.of(write(text)), Map.of());
    }

    private String refusal(String text) throws IOException {
        Path file = write(text);
        try {
            ConfigLoader.load(SampleConfig.class, Optional.of(file), Map.of());
        } catch (ConfigException e) {
            assertThat(e.getMessage()).startsWith(ConfigSentences.refused(Optional.of(file), ""));
            return e.getMessage();
        }
        throw new AssertionError("the configuration was accepted: " + text);
    }

    @Test
    void defaultsWithNoFile() {
        SampleConfig config = ConfigLoader.load(SampleConfig.class, Optional.empty(), Map.of());

        assertThat(config.config().file()).isEmpty();
        assertThat(config.config().dir()).isEmpty();
        assertThat(config.paths().home()).isEmpty();
        assertThat(config.memory().soulStarter()).isEmpty();
        assertThat(config.memory().review()).isFalse();
        assertThat(config.index().maxClass()).isEqualTo(DataClass.PRIVATE);
        assertThat(config.sockets().loop()).isEqualTo("{home}/run/loop-memory/memory.sock");
        assertThat(config.sockets().broker()).isEqualTo("{home}/run/broker-memory/memory.sock");
        assertThat(config.sockets().admin()).isEqualTo("{home}/run/owner-memory/admin.sock");
        assertThat(config.runtime().kind()).isEqualTo("refusing");
        assertThat(config.runtime().exec()).isEmpty();
        assertThat(config.approvals().timeout()).isEqualTo(Duration.ofMinutes(10));
        assertThat(config.approvals().poll()).isEqualTo(Duration.ofMillis(300));
        assertThat(config.approvals().backoff()).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2));
        assertThat(config.honcho().read()).isEmpty();
        assertThat(config.secrets()).isEmpty();
    }

    @Test
    void fullFileRead() throws IOException {
        SampleConfig config = load("""
                [paths]
                home = "/srv/boxmaker"

                [memory]
                soul_starter = "soul.md"
                review = true

                [index]
                max_class = "secret"

                [sockets]
                loop = "/run/a.sock"
                broker = "b.sock"
                admin = "{home}/c.sock"

                [runtime]
                kind = "exec"

                [runtime.exec.read_file]
                command = ["/usr/bin/cat", "--"]
                timeout = "300ms"

                [approvals]
                timeout = "30s"
                backoff = ["1s", "10m"]

                [[honcho.read]]
                workspace = "home"
                peer = "kyle"

                [[honcho.read]]
                workspace = "work"

                [secrets."honcho.key"]
                file = "honcho.key"
                """);

        assertThat(config.config().file()).contains(dir.resolve("memoryd.toml"));
        assertThat(config.config().dir()).contains(dir);
        assertThat(config.paths().home()).contains("/srv/boxmaker");
        assertThat(config.memory().soulStarter()).contains("soul.md");
        assertThat(config.memory().review()).isTrue();
        assertThat(config.index().maxClass()).isEqualTo(DataClass.SECRET);
        assertThat(config.sockets().loop()).isEqualTo("/run/a.sock");
        assertThat(config.sockets().broker()).isEqualTo("b.sock");
        assertThat(config.sockets().admin()).isEqualTo("{home}/c.sock");
        assertThat(config.runtime().kind()).isEqualTo("exec");
        assertThat(config.runtime().exec()).containsOnlyKeys("read_file");
        assertThat(config.runtime().exec().get("read_file").command()).containsExactly("/usr/bin/cat", "--");
        assertThat(config.runtime().exec().get("read_file").timeout()).isEqualTo(Duration.ofMillis(300));
        assertThat(config.approvals().timeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(config.approvals().backoff()).containsExactly(Duration.ofSeconds(1), Duration.ofMinutes(10));
        List<SampleConfig.ReadGroup> reads = config.honcho().read().orElseThrow();
        assertThat(reads).extracting(SampleConfig.ReadGroup::workspace).containsExactly("home", "work");
        assertThat(reads).extracting(SampleConfig.ReadGroup::peer)
                .containsExactly(Optional.of("kyle"), Optional.empty());
        assertThat(config.secrets()).containsOnlyKeys("honcho.key");
        assertThat(config.secrets().get("honcho.key").file()).isEqualTo("honcho.key");
    }

    @Test
    void unknownKeyRefusedByName() throws IOException {
        String message = refusal("[memory]\nreveiw = true\n");

        assertThat(message).contains("SRCFG00050: boxmaker.memory.reveiw in TomlConfigSource[source="
                + dir.resolve("memoryd.toml") + "] does not map to any root");
    }

    @Test
    void unknownSectionRefusedByName() throws IOException {
        String message = refusal("[memroy]\nreview = true\n");

        assertThat(message).contains("boxmaker.memroy.review").contains("does not map to any root");
    }

    @Test
    void unknownTopLevelKeyRefusedByName() throws IOException {
        assertThat(refusal("home = \"/srv\"\n")).contains("boxmaker.home ").contains("does not map to any root");
    }

    @Test
    void wrongTypeRefusedByName() throws IOException {
        String message = refusal("[memory]\nreview = \"yes\"\n");

        assertThat(message).contains("boxmaker.memory.review").contains(ConfigSentences.notBoolean("yes"));
    }

    @Test
    void wrongEnumValueRefusedByName() throws IOException {
        assertThat(refusal("[index]\nmax_class = \"privat\"\n")).contains("boxmaker.index.max_class");
    }

    @Test
    void kebabCaseKeyIsUnknownBecauseFilesAreSnakeCase() throws IOException {
        assertThat(refusal("[memory]\nsoul-starter = \"soul.md\"\n")).contains("boxmaker.memory.soul-starter");
    }

    @Test
    void badDurationRefusedByName() throws IOException {
        String message = refusal("[approvals]\ntimeout = 30\n");

        assertThat(message).contains("boxmaker.approvals.timeout").contains(ConfigSentences.notDuration("30"));
    }

    @Test
    void missingFileRefusedWithTheSentence() {
        Path file = dir.resolve("absent.toml");

        assertThatThrownBy(() -> ConfigLoader.load(SampleConfig.class, Optional.of(file), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessage("cannot read the configuration file " + file + ": no such file");
    }

    @Test
    void badTomlRefusedWithTheFileAndLine() throws IOException {
        Path file = write("[memory]\nreview = true\nsoul_starter = \n");

        assertThatThrownBy(() -> ConfigLoader.load(SampleConfig.class, Optional.of(file), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("the configuration file " + file + " is not valid TOML (line 3): ");
    }

    @Test
    void boxmakerHomeComesFromTheGivenEnvironment() {
        SampleConfig config = ConfigLoader.load(SampleConfig.class, Optional.empty(), Map.of("BOXMAKER_HOME", "/srv"));

        assertThat(config.paths().home()).isEmpty();
        assertThat(ConfigPaths.home(config.paths().home(), config.config().dir(), Map.of("BOXMAKER_HOME", "/srv")))
                .isEqualTo(Path.of("/srv"));
    }

    @Test
    void boxmakerHomeExpandsInAValue() throws IOException {
        Path file = write("[memory]\nsoul_starter = \"${BOXMAKER_HOME}/soul.md\"\n");

        SampleConfig config = ConfigLoader.load(SampleConfig.class, Optional.of(file), Map.of("BOXMAKER_HOME", "/srv"));

        assertThat(config.memory().soulStarter()).contains("/srv/soul.md");
    }

    @Test
    void noOtherEnvironmentVariableChangesTheConfiguration() {
        SampleConfig config = ConfigLoader.load(SampleConfig.class, Optional.empty(),
                Map.of("BOXMAKER_MEMORY_REVIEW", "true"));

        assertThat(config.memory().review()).isFalse();
    }

    @Test
    void homeFromTheFileIsRelativeToTheFilesFolder() throws IOException {
        SampleConfig config = load("[paths]\nhome = \"state\"\n");

        Path home = ConfigPaths.home(config.paths().home(), config.config().dir(), Map.of("BOXMAKER_HOME", "/srv"));

        assertThat(home).isEqualTo(dir.resolve("state"));
    }

    @Test
    void socketDefaultsExpandTheHome() throws IOException {
        SampleConfig config = load("[paths]\nhome = \"/srv/bx\"\n[sockets]\nbroker = \"b.sock\"\n");
        Path home = ConfigPaths.home(config.paths().home(), config.config().dir(), Map.of());

        assertThat(ConfigPaths.resolve(config.sockets().loop(), home, config.config().dir()))
                .isEqualTo(Path.of("/srv/bx/run/loop-memory/memory.sock"));
        assertThat(ConfigPaths.resolve(config.sockets().admin(), home, config.config().dir()))
                .isEqualTo(Path.of("/srv/bx/run/owner-memory/admin.sock"));
        assertThat(ConfigPaths.resolve(config.sockets().broker(), home, config.config().dir()))
                .isEqualTo(dir.resolve("b.sock"));
    }

    @ConfigMapping(prefix = "boxmaker")
    interface LenientBoolean {
        @WithDefault("false")
        boolean review();
    }

    @ConfigMapping(prefix = "elsewhere")
    interface OtherPrefix {
        Optional<String> name();
    }

    @Test
    void aBooleanWithoutTheStrictConverterIsRefused() {
        assertThatThrownBy(() -> ConfigLoader.load(LenientBoolean.class, Optional.empty(), Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(ConfigSentences.missingConverter(LenientBoolean.class.getName() + ".review()",
                        StrictBooleanConverter.class));
    }

    @Test
    void aMappingOutsideTheBoxmakerPrefixIsRefused() {
        assertThatThrownBy(() -> ConfigLoader.load(OtherPrefix.class, Optional.empty(), Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(OtherPrefix.class.getName() + " is not a @ConfigMapping with prefix \"boxmaker\"");
    }
}
