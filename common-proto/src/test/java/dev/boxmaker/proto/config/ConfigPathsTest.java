package dev.boxmaker.proto.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConfigPathsTest {
    private static final Path CWD = Path.of("").toAbsolutePath();
    private static final Optional<Path> CONFIG_DIR = Optional.of(Path.of("/etc/boxmaker"));
    private static final Path HOME = Path.of("/srv/bx");

    @Test
    void homeFromTheFileComesFirst() {
        assertThat(ConfigPaths.home(Optional.of("/srv/a"), CONFIG_DIR, Map.of("BOXMAKER_HOME", "/srv/b")))
                .isEqualTo(Path.of("/srv/a"));
    }

    @Test
    void aRelativeHomeFromTheFileIsTakenFromTheFilesFolder() {
        assertThat(ConfigPaths.home(Optional.of("state/../bx"), CONFIG_DIR, Map.of()))
                .isEqualTo(Path.of("/etc/boxmaker/bx"));
    }

    @Test
    void boxmakerHomeWhenTheFileSetsNoHome() {
        assertThat(ConfigPaths.home(Optional.empty(), CONFIG_DIR, Map.of("BOXMAKER_HOME", "/srv/b/")))
                .isEqualTo(Path.of("/srv/b"));
    }

    @Test
    void aRelativeBoxmakerHomeIsTakenFromTheWorkingDirectory() {
        assertThat(ConfigPaths.home(Optional.empty(), CONFIG_DIR, Map.of("BOXMAKER_HOME", "./bx")))
                .isEqualTo(CWD.resolve("bx"));
    }

    @Test
    void aRelativeHomeWithoutAFileIsTakenFromTheWorkingDirectory() {
        assertThat(ConfigPaths.home(Optional.of("bx"), Optional.empty(), Map.of())).isEqualTo(CWD.resolve("bx"));
    }

    @Test
    void theDefaultHomeWhenNothingNamesOne() {
        assertThat(ConfigPaths.home(Optional.empty(), Optional.empty(), Map.of())).isEqualTo(Path.of("/var/lib/boxmaker"));
        assertThat(ConfigPaths.home(Optional.of(" "), Optional.empty(), Map.of("BOXMAKER_HOME", "")))
                .isEqualTo(Path.of("/var/lib/boxmaker"));
    }

    @Test
    void aLeadingHomePlaceholderIsExpanded() {
        assertThat(ConfigPaths.resolve("{home}/run/loop-memory/memory.sock", HOME, CONFIG_DIR))
                .isEqualTo(Path.of("/srv/bx/run/loop-memory/memory.sock"));
        assertThat(ConfigPaths.resolve("{home}//run/../x.sock", HOME, CONFIG_DIR)).isEqualTo(Path.of("/srv/bx/x.sock"));
        assertThat(ConfigPaths.resolve("{home}", HOME, CONFIG_DIR)).isEqualTo(HOME);
    }

    @Test
    void aHomePlaceholderNotFollowedByASlashIsRefused() {
        assertThatThrownBy(() -> ConfigPaths.resolve("{home}run", HOME, CONFIG_DIR))
                .isInstanceOf(ConfigException.class)
                .hasMessage("the path \"{home}run\" uses {home} but not as \"{home}/…\"; write {home} alone or"
                        + " followed by a slash");
    }

    @Test
    void aRelativePathIsTakenFromTheFilesFolder() {
        assertThat(ConfigPaths.resolve("soul.md", HOME, CONFIG_DIR)).isEqualTo(Path.of("/etc/boxmaker/soul.md"));
        assertThat(ConfigPaths.resolve("../shared/soul.md", HOME, CONFIG_DIR)).isEqualTo(Path.of("/etc/shared/soul.md"));
    }

    @Test
    void aRelativePathWithoutAFileIsTakenFromTheWorkingDirectory() {
        assertThat(ConfigPaths.resolve("soul.md", HOME, Optional.empty())).isEqualTo(CWD.resolve("soul.md"));
    }

    @Test
    void anAbsolutePathStaysNormalised() {
        assertThat(ConfigPaths.resolve("/opt/./bx/../soul.md", HOME, CONFIG_DIR)).isEqualTo(Path.of("/opt/soul.md"));
    }

    @Test
    void homeInTheMiddleOfAPathIsNotAPlaceholder() {
        assertThat(ConfigPaths.resolve("a/{home}/b", HOME, CONFIG_DIR)).isEqualTo(Path.of("/etc/boxmaker/a/{home}/b"));
    }
}
