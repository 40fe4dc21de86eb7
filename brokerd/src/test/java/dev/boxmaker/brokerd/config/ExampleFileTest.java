package dev.boxmaker.brokerd.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shipped {@code brokerd.example.toml} says "these are the defaults": it loads to exactly them. */
class ExampleFileTest {
    /** The repository's {@code src/main/resources/}, from the module's folder where tests run. */
    static final Path EXAMPLE = Path.of("..", "src", "main", "resources", "brokerd.example.toml");

    @TempDir
    Path dir;

    @Test
    void theExampleLoadsToTheDefaults() throws Exception {
        Path file = dir.resolve("brokerd.toml");
        Files.copy(EXAMPLE, file);
        Map<String, String> env = Map.of("BOXMAKER_HOME", dir.resolve("home").toString());

        assertThat(BrokerdSettings.load(Optional.of(file), env)).isEqualTo(BrokerdSettings.load(Optional.empty(), env));
    }

    @Test
    void itsExecTableUncommentedIsATool() throws Exception {
        Path file = dir.resolve("brokerd.toml");
        Files.writeString(file, Files.readString(EXAMPLE).replace("# [runtime.exec.fetch]", "[runtime.exec.fetch]")
                .replace("# command = ", "command = ").replace("# timeout = \"30s\"", "timeout = \"30s\""));

        BrokerdSettings settings = BrokerdSettings.load(Optional.of(file), Map.of("BOXMAKER_HOME", dir.toString()));

        assertThat(settings.exec().get("fetch").command()).containsExactly(dir.resolve("tools/fetch.sh").toString());
    }
}
