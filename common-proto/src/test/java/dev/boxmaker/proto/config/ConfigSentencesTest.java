package dev.boxmaker.proto.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConfigSentencesTest {
    private static final Path FILE = Path.of("/x/memoryd.toml");

    @Test
    void fileSentences() {
        assertThat(ConfigSentences.noSuchFile(FILE))
                .isEqualTo("cannot read the configuration file /x/memoryd.toml: no such file");
        assertThat(ConfigSentences.unreadable(FILE, "permission denied"))
                .isEqualTo("cannot read the configuration file /x/memoryd.toml: permission denied");
        assertThat(ConfigSentences.tooLarge(FILE, 1024))
                .isEqualTo("the configuration file /x/memoryd.toml is larger than 1024 bytes; a configuration file"
                        + " is a few kilobytes, so check that --config names the right file");
        assertThat(ConfigSentences.notToml(FILE, 3, "Unexpected character"))
                .isEqualTo("the configuration file /x/memoryd.toml is not valid TOML (line 3): Unexpected character");
        assertThat(ConfigSentences.notToml(FILE, 0, "Invalid UTF-8"))
                .isEqualTo("the configuration file /x/memoryd.toml is not valid TOML: Invalid UTF-8");
        assertThat(ConfigSentences.reservedSection(FILE))
                .isEqualTo("the configuration file /x/memoryd.toml has a [config] section; that name is reserved"
                        + " for the file's own path, so remove it");
    }

    @Test
    void refusalSentences() {
        assertThat(ConfigSentences.refused(Optional.of(FILE), "SRCFG00050: …"))
                .isEqualTo("the configuration file /x/memoryd.toml was refused; fix each key named below and start"
                        + " again\nSRCFG00050: …");
        assertThat(ConfigSentences.refused(Optional.empty(), "SRCFG00050: …"))
                .isEqualTo("the configuration was refused; fix each key named below and start again\nSRCFG00050: …");
        assertThat(ConfigSentences.notBoolean("yes")).isEqualTo("expected true or false, got \"yes\"");
        assertThat(ConfigSentences.notDuration("30")).isEqualTo("expected a whole number and a unit (ms, s, m or h)"
                + " such as \"300ms\", \"30s\" or \"10m\", got \"30\"");
        assertThat(ConfigSentences.missingConverter("a.B.review()", StrictBooleanConverter.class))
                .isEqualTo("the mapping method a.B.review() needs @WithConverter(StrictBooleanConverter.class), or"
                        + " SmallRye's lenient default would accept values such as \"yes\" or \"30\"");
    }

    @Test
    void detailsAreClippedAtTheLimit() {
        String atLimit = "d".repeat(ConfigSentences.DETAIL_CHARS_MAX);

        assertThat(ConfigSentences.notBoolean(atLimit)).isEqualTo("expected true or false, got \"" + atLimit + "\"");
        assertThat(ConfigSentences.notBoolean(atLimit + "e"))
                .isEqualTo("expected true or false, got \"" + atLimit + "…\"");
    }
}
