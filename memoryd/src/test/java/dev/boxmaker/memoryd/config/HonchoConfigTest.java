package dev.boxmaker.memoryd.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.config.ConfigException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code [honcho]}, {@code [[honcho.read]]} and {@code [secrets.NAME]} in memoryd.toml (the M5c spec, section 10). */
class HonchoConfigTest {
    static final String KEY = "hk-trusted-0b1c2d3e";
    static final String HONCHO = """
            [honcho]
            url = "http://127.0.0.1:8000"
            agent = "boxmaker0"
            owner = "kyle"
            trusted = "boxmaker0-trusted"
            untrusted = "boxmaker0-untrusted"
            fleet = "fleet"
            """;

    @TempDir
    Path dir;

    MemorydSettings load(String toml) throws Exception {
        return loadIn(dir, toml);
    }

    /** memoryd's settings from a memoryd.toml in {@code dir} holding {@code toml}, with {@code dir} as home. */
    static MemorydSettings loadIn(Path dir, String toml) throws Exception {
        Path file = dir.resolve("memoryd.toml");
        Files.writeString(file, "[paths]\nhome = \"" + dir + "\"\n" + toml);
        return MemorydSettings.load(Optional.of(file), Map.of());
    }

    void refused(String toml, String sentence) {
        assertThatThrownBy(() -> load(toml)).isInstanceOf(ConfigException.class).hasMessage(sentence);
    }

    Path secret(String name, String text, String mode) throws Exception {
        return secretIn(dir, name, text, mode);
    }

    /** {@code dir/secrets/name} holding {@code text}, with {@code mode} (as {@code rw-------}). */
    static Path secretIn(Path dir, String name, String text, String mode) throws Exception {
        Path file = dir.resolve("secrets").resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
        return file;
    }

    @Test
    void withoutHonchoThereIsNoHonchoAndNoSecret() throws Exception {
        MemorydSettings s = load("");
        assertThat(s.honcho()).isEmpty();
        assertThat(s.secrets()).isEmpty();
    }

    @Test
    void everyKeyIsReadWithTheReadDefaultsAndTheKeyOfEachWorkspaceThatHasOne() throws Exception {
        secret("trusted.key", KEY + "\n", "rw-------");
        HonchoSettings h = load(HONCHO + """
                [secrets.honcho_trusted]
                file = "trusted.key"

                [[honcho.read]]
                agent = "boxmaker1"
                workspace = "boxmaker1-trusted"

                [[honcho.read]]
                agent = "boxmaker2"
                workspace = "boxmaker2-trusted"
                trust = "trusted"
                class = "public"
                """).honcho().orElseThrow();
        assertThat(h.url()).isEqualTo(URI.create("http://127.0.0.1:8000"));
        assertThat(List.of(h.agent(), h.owner(), h.trusted(), h.untrusted(), h.fleet()))
                .containsExactly("boxmaker0", "kyle", "boxmaker0-trusted", "boxmaker0-untrusted", "fleet");
        assertThat(h.reads()).containsExactly(
                new HonchoSettings.ReadWorkspace("boxmaker1", "boxmaker1-trusted", false, DataClass.PRIVATE),
                new HonchoSettings.ReadWorkspace("boxmaker2", "boxmaker2-trusted", true, DataClass.PUBLIC));
        assertThat(h.key(HonchoSettings.TRUSTED_KEY).orElseThrow().value()).isEqualTo(KEY);
        assertThat(h.key(HonchoSettings.UNTRUSTED_KEY)).isEmpty();
        assertThat(h.key(HonchoSettings.readKey(h.reads().get(0)))).isEmpty();
        assertThat(h.toString()).doesNotContain(KEY);
    }

    @Test
    void aSecretIsReadFromAnAbsolutePathToo() throws Exception {
        Path file = secret("elsewhere.key", KEY, "r--------");
        MemorydSettings s = load("[secrets.honcho_fleet]\nfile = \"" + file + "\"\n");
        assertThat(s.secrets().get("honcho_fleet").value()).isEqualTo(KEY);
        assertThat(s.toString()).doesNotContain(KEY);
    }

    @Test
    void anUnknownKeyInHonchoIsNamed() {
        refused(HONCHO + "urls = \"http://x\"\n", "memoryd.toml has the key \"honcho.urls\", which [honcho],"
                + " [[honcho.read]] and [secrets.NAME] do not know; fix its spelling or remove it"
                + " (runbook honcho-config-invalid)");
    }

    @Test
    void anUnknownKeyInAReadOrASecretIsNamed() {
        refused(HONCHO + "[[honcho.read]]\nagent = \"a\"\nworkspace = \"w\"\ntrusted = true\n",
                "memoryd.toml has the key \"honcho.read[0].trusted\", which [honcho], [[honcho.read]] and"
                        + " [secrets.NAME] do not know; fix its spelling or remove it (runbook honcho-config-invalid)");
        refused("[secrets.honcho_trusted]\npath = \"k\"\n",
                "memoryd.toml has the key \"secrets.honcho_trusted.path\", which [honcho], [[honcho.read]] and"
                        + " [secrets.NAME] do not know; fix its spelling or remove it (runbook honcho-config-invalid)");
    }

    @Test
    void aMissingKeyIsNamed() {
        refused(HONCHO.replace("fleet = \"fleet\"\n", ""), "[honcho] fleet is missing; [honcho] needs url, agent,"
                + " owner, trusted, untrusted and fleet (runbook honcho-config-invalid)");
    }

    @Test
    void aNameOutsideHonchosIdRuleIsNamed() {
        refused(HONCHO.replace("agent = \"boxmaker0\"", "agent = \"box.maker\""), "[honcho] agent is \"box.maker\","
                + " which Honcho does not accept as a name: use 1 to 512 letters, digits, _ or -"
                + " (runbook honcho-config-invalid)");
        refused(HONCHO.replace("owner = \"kyle\"", "owner = \"scope.kyle\""), "[honcho] owner is \"scope.kyle\","
                + " which Honcho does not accept as a name: use 1 to 512 letters, digits, _ or -"
                + " (runbook honcho-config-invalid)");
        refused(HONCHO + "[[honcho.read]]\nagent = \"b1\"\nworkspace = \"b1 trusted\"\n", "[[honcho.read]] number 1:"
                + " workspace is \"b1 trusted\", which Honcho does not accept as a name: use 1 to 512 letters,"
                + " digits, _ or - (runbook honcho-config-invalid)");
        refused(HONCHO.replace("fleet = \"fleet\"", "fleet = \"" + "f".repeat(513) + "\""), "[honcho] fleet is \""
                + "f".repeat(79) + "…\", which Honcho does not accept as a name: use 1 to 512 letters, digits, _ or -"
                + " (runbook honcho-config-invalid)");
    }

    @Test
    void aUrlThatIsNotHttpIsNamed() {
        refused(HONCHO.replace("http://127.0.0.1:8000", "ftp://127.0.0.1"), "[honcho] url is \"ftp://127.0.0.1\","
                + " which is not an http:// or https:// address (runbook honcho-config-invalid)");
        refused(HONCHO.replace("http://127.0.0.1:8000", "127.0.0.1:8000"), "[honcho] url is \"127.0.0.1:8000\","
                + " which is not an http:// or https:// address (runbook honcho-config-invalid)");
        refused(HONCHO.replace("http://127.0.0.1:8000", "https://kyle:pw@h"), "[honcho] url must not hold a user"
                + " name or password; put each workspace's key in a [secrets.NAME] file (runbook honcho-config-invalid)");
    }

    @Test
    void twoWorkspacesOrPeersOfOneNameAreNamed() {
        refused(HONCHO.replace("untrusted = \"boxmaker0-untrusted\"", "untrusted = \"boxmaker0-trusted\""),
                "[honcho] trusted and [honcho] untrusted name the same peer or workspace; each must have its own"
                        + " (runbook honcho-config-invalid)");
        refused(HONCHO.replace("owner = \"kyle\"", "owner = \"boxmaker0\""), "[honcho] agent and [honcho] owner"
                + " name the same peer or workspace; each must have its own (runbook honcho-config-invalid)");
    }

    @Test
    void aTrustOrClassOutsideItsWordsIsNamed() {
        refused(HONCHO + "[[honcho.read]]\nagent = \"b1\"\nworkspace = \"w\"\ntrust = \"yes\"\n",
                "[[honcho.read]] number 1: trust is \"yes\"; it must be \"untrusted\" (the default) or \"trusted\""
                        + " (runbook honcho-config-invalid)");
        refused(HONCHO + "[[honcho.read]]\nagent = \"b1\"\nworkspace = \"w\"\nclass = \"top\"\n",
                "[[honcho.read]] number 1: class is \"top\"; it must be public, private or secret"
                        + " (runbook honcho-config-invalid)");
    }

    @Test
    void aMissingSecretFileIsNamed() {
        refused(HONCHO + "[secrets.honcho_trusted]\nfile = \"none.key\"\n", "[secrets.honcho_trusted] file "
                + dir.resolve("secrets/none.key") + " does not exist (runbook honcho-config-invalid)");
    }

    @Test
    void aSecretFileOthersCanReadIsNamedWithItsModeAndNeverItsValue() throws Exception {
        Path file = secret("t.key", KEY, "rw-r-----");
        assertThatThrownBy(() -> load(HONCHO + "[secrets.honcho_trusted]\nfile = \"t.key\"\n"))
                .hasMessage("[secrets.honcho_trusted] file " + file + " must be mode 0600 or 0400; it is rw-r-----"
                        + " (runbook honcho-config-invalid)")
                .hasMessageNotContaining(KEY);
    }

    @Test
    void aSecretFileOfAnotherUserIsNamed() throws Exception {
        Path file = secret("t.key", KEY, "rw-------");
        try {
            Files.setOwner(file, file.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));
        } catch (java.io.IOException e) {
            org.junit.jupiter.api.Assumptions.assumeTrue(false, "only root can give a file away");
        }
        refused(HONCHO + "[secrets.honcho_trusted]\nfile = \"t.key\"\n", "[secrets.honcho_trusted] file " + file
                + " must be owned by " + System.getProperty("user.name") + "; it is owned by nobody"
                + " (runbook honcho-config-invalid)");
    }

    @Test
    void aSecretWithoutAFileOrOnTwoLinesIsNamed() throws Exception {
        refused("[secrets.honcho_trusted]\nfile = \"\"\n",
                "[secrets.honcho_trusted] has no file = \"…\" (runbook honcho-config-invalid)");
        Path file = secret("t.key", KEY + "\nsecond", "rw-------");
        assertThatThrownBy(() -> load("[secrets.honcho_trusted]\nfile = \"t.key\"\n"))
                .hasMessage("[secrets.honcho_trusted] file " + file + " holds a character a bearer token cannot carry"
                        + " (a carriage return, a second line, or one outside printable ASCII); write the key alone"
                        + " on one line (runbook honcho-config-invalid)")
                .hasMessageNotContaining(KEY);
    }
}
